// The streaming multipart/form-data reader: a form read whatever its chunking (down to one byte at a time, so every
// delimiter and header end is split), fields in any order, the file spooled to disk and removed by cleanup; limits
// and malformed bodies refused as 400s naming the field or the body, leaving nothing on disk.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { ApiError } from '../../src/http/errors.ts';
import { boundaryOf, spoolMultipart } from '../../src/http/multipart.ts';
import { FORM_BOUNDARY, FORM_TYPE, form } from '../helpers/multipart-form.ts';

const chunked = (body: Buffer, size: number) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < body.length; i += size) yield body.subarray(i, i + size);
    })(),
  );

const limits = { fileFields: ['fileData'], maxFileBytes: 1_000_000 };

async function refusal(body: Buffer, opts = limits): Promise<ApiError> {
  try {
    await spoolMultipart(chunked(body, 7), FORM_BOUNDARY, opts);
  } catch (e) {
    assert.ok(e instanceof ApiError, String(e));
    return e;
  }
  throw new Error('the body was accepted');
}

describe('multipart/form-data reader', () => {
  // A file whose bytes hold CRLF, a partial delimiter and bytes that are not UTF-8.
  const file = Buffer.concat([
    Buffer.from(`a,b\r\n1,2\r\n--${FORM_BOUNDARY.slice(0, 10)}\r\n`),
    Buffer.from([0xff, 0xfe, 0x00, 0x0d]),
  ]);
  const body = form(file, { fileFormat: 'csv', profileId: 'p-1' }, 'readings.csv');

  for (const size of [1, 2, 5, 64, 1 << 16]) {
    it(`reads the fields and spools the file, in chunks of ${size} byte(s)`, async () => {
      const f = await spoolMultipart(chunked(body, size), boundaryOf(FORM_TYPE), limits);
      try {
        assert.deepEqual(Object.fromEntries(f.fields), { fileFormat: 'csv', profileId: 'p-1' });
        assert.equal(f.file?.filename, 'readings.csv');
        assert.equal(f.file?.bytes, file.length);
        assert.deepEqual(readFileSync(f.file!.path), file);
      } finally {
        f.cleanup();
      }
      assert.equal(existsSync(f.file!.path), false, 'cleanup removes the file');
    });
  }

  it('reads a quoted boundary and a preamble before the first part', async () => {
    assert.equal(boundaryOf(`multipart/form-data; boundary="${FORM_BOUNDARY}"`), FORM_BOUNDARY);
    const f = await spoolMultipart(
      chunked(Buffer.concat([Buffer.from('ignored preamble\r\n'), form(null, { fileFormat: 'csv' })]), 3),
      FORM_BOUNDARY,
      limits,
    );
    assert.equal(f.fields.get('fileFormat'), 'csv');
    assert.equal(f.file, null);
    f.cleanup();
  });

  it('refuses what is not a multipart form, naming the header or body', async () => {
    assert.throws(
      () => boundaryOf('application/json'),
      (e: ApiError) => e.item.propertyName === 'Content-Type',
    );
    assert.throws(
      () => boundaryOf('multipart/form-data'),
      (e: ApiError) => e.item.propertyName === 'Content-Type',
    );
    assert.equal((await refusal(body.subarray(0, body.length - 10))).item.propertyName, 'body');
    assert.equal((await refusal(Buffer.from('no delimiter at all'))).item.propertyName, 'body');
  });

  it('refuses a file over the limit, a second file and a file in a text field, naming the field', async () => {
    const big = await refusal(form(Buffer.alloc(2000, 65), { fileFormat: 'csv' }), { ...limits, maxFileBytes: 1000 });
    assert.equal(big.item.propertyName, 'fileData');
    const two = Buffer.concat([form('a', {}).subarray(0, -`--${FORM_BOUNDARY}--\r\n`.length), form('b', {})]);
    assert.match((await refusal(two)).item.message, /more than one file/);
    const misplaced = Buffer.from(
      `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="fileFormat"; filename="x.csv"\r\n\r\nx\r\n--${FORM_BOUNDARY}--\r\n`,
    );
    assert.equal((await refusal(misplaced)).item.propertyName, 'fileFormat');
    const long = await refusal(form(null, { fileFormat: 'x'.repeat(70_000) }));
    assert.equal(long.item.propertyName, 'fileFormat');
  });
});
