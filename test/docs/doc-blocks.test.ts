// The conventions the doc-examples test reads from Markdown: which blocks are examples, and the comments above them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { docBlocks, valueAt } from './doc-blocks.ts';

const MARKDOWN = [
  'Text.',
  '<!-- expect: #2 status 404 -->',
  '<!-- expect: $.results[0].totalCost = 249.88 -->',
  '```sh',
  'curl -u $AUTH $RB/a',
  'curl -u $AUTH $RB/b',
  '```',
  '```sh',
  'npm run -s ratebook -- data status   # no curl: not an example',
  '```',
  '<!-- not-run: needs Docker -->',
  '```bash',
  'docker compose up -d',
  'curl $RB/health',
  '```',
  '```json',
  'curl is only text here',
  '```',
  '```bash',
  'ID=$(curl -s $RB/c | jq -r .id)',
  '```',
].join('\n');

describe('docBlocks', () => {
  const blocks = docBlocks('x.md', MARKDOWN);

  it('takes bash and sh blocks that call curl, with their line', () => {
    assert.deepEqual(
      blocks.map((b) => [b.line, b.notRun]),
      [
        [4, undefined],
        [12, 'needs Docker'],
        [19, undefined],
      ],
    );
  });

  it('reads the comments right above the fence, and only those', () => {
    assert.deepEqual(
      blocks[0]!.expects.map(({ call, status, path, value }) => ({ call, status, path, value })),
      [
        { call: 2, status: 404, path: undefined, value: undefined },
        { call: 1, status: undefined, path: '$.results[0].totalCost', value: 249.88 },
      ],
    );
    assert.deepEqual(blocks[2]!.expects, []);
  });

  it('refuses a comment that is not right above an example', () => {
    assert.throws(
      () => docBlocks('z.md', '<!-- not-run: why -->\n\n```sh\ncurl $RB\n```'),
      /z\.md:1: .* is not right above a curl example/,
    );
    assert.throws(() => docBlocks('z.md', '<!-- not-run: why -->\n```sh\nnpm test\n```'), /z\.md:1:/);
  });

  it('refuses an expectation it cannot read', () => {
    assert.throws(() => docBlocks('y.md', '<!-- expect: total is 3 -->\n```sh\ncurl $RB\n```'), /y\.md:1: cannot read/);
  });

  it('finds values by path, lengths included', () => {
    const json = { results: [{ scenarios: { 'E-1': { summary: { totalCost: 1 } } }, items: [1, 2, 3] }] };
    assert.equal(valueAt(json, '$.results[0].scenarios.E-1.summary.totalCost'), 1);
    assert.equal(valueAt(json, '$.results[0].items.length'), 3);
    assert.equal(valueAt(json, '$.results[1].items'), undefined);
  });
});
