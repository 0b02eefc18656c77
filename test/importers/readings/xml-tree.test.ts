import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReadingFormatError } from '../../../src/importers/readings/reading.ts';
import { child, parseXml } from '../../../src/importers/readings/xml-tree.ts';

function refuses(xml: string, field: string, message: RegExp): void {
  assert.throws(
    () => parseXml(xml),
    (e: unknown) => {
      assert.ok(e instanceof ReadingFormatError, String(e));
      assert.equal(e.field, field, e.message);
      assert.match(e.message, message);
      return true;
    },
  );
}

describe('parseXml', () => {
  it('reads elements, attributes, text, CDATA, comments and processing instructions', () => {
    const root = parseXml(
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet href="x.xslt"?>\n<!-- a comment with <tags> -->\n' +
        '<feed a=\'1\' b="x &amp; y &#65;&#x42;">\n  <v>1 &lt; 2 &gt; 0 &quot;&apos;</v><c><![CDATA[<not a tag> & raw]]></c><empty/>\n</feed>\n<!-- after -->\n',
    );
    assert.equal(root.name, 'feed');
    assert.deepEqual({ ...root.attrs }, { a: '1', b: 'x & y AB' });
    assert.equal(child(root, 'v')!.text, `1 < 2 > 0 "'`);
    assert.equal(child(root, 'c')!.text, '<not a tag> & raw');
    assert.deepEqual(child(root, 'empty')!.children, []);
    assert.deepEqual(
      root.children.map((c) => c.name),
      ['v', 'c', 'empty'],
    );
  });

  it('resolves namespaces declared by prefix or as the default, per element', () => {
    const root = parseXml(
      '<atom:feed xmlns:atom="http://www.w3.org/2005/Atom" xmlns:ns="http://naesb.org/espi"><atom:entry><ns:UsagePoint/><UsagePoint xmlns="http://naesb.org/espi"><kind/></UsagePoint><plain/></atom:entry></atom:feed>',
    );
    assert.deepEqual([root.name, root.ns], ['feed', 'http://www.w3.org/2005/Atom']);
    const entry = root.children[0]!;
    assert.deepEqual(
      entry.children.map((c) => [c.name, c.ns]),
      [
        ['UsagePoint', 'http://naesb.org/espi'],
        ['UsagePoint', 'http://naesb.org/espi'],
        ['plain', ''],
      ],
    );
    assert.equal(
      entry.children[1]!.children[0]!.ns,
      'http://naesb.org/espi',
      'the default namespace holds for descendants',
    );
    refuses('<a><x:b/></a>', 'line 1', /namespace prefix 'x' of <x:b> is not declared/);
  });

  it('refuses a document type declaration: no external entity is read (XXE)', () => {
    refuses(
      '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<feed>&e;</feed>',
      'body',
      /line 2: DTDs \(<!DOCTYPE, <!ENTITY\) are not accepted/,
    );
  });

  it('refuses the billion laughs before expanding anything', () => {
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [',
      ' <!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, k) => ` <!ENTITY lol${k + 1} "${`&lol${k || ''};`.repeat(10)}">`),
      ']>',
      '<lolz>&lol9;</lolz>',
    ].join('\n');
    refuses(laughs, 'body', /DTDs .* are not accepted/);
    refuses('<a><!ENTITY x "y"></a>', 'body', /DTDs/);
  });

  it('decodes only the five predefined entities and character references', () => {
    refuses('<a>\n&e;</a>', 'line 2', /the entity &e; is not defined \(DTDs are not accepted/);
    refuses('<a>fish & chips</a>', 'line 1', /a bare '&'/);
    refuses('<a>&#0;</a>', 'line 1', /&#0; is not a character XML allows/);
    refuses('<a>&#xD800;</a>', 'line 1', /not a character/);
    assert.equal(parseXml('<a>&#x1F600;</a>').text, '\u{1F600}');
  });

  it('names the line of malformed XML', () => {
    refuses('<feed>\n  <entry>\n</feed>', 'line 3', /<\/feed> where <\/entry> \(opened on line 2\) was expected/);
    refuses(
      '<feed>\n  <entry>\n    <v>1</v>',
      'line 3',
      /the document ends before <entry> \(opened on line 2\) is closed/,
    );
    refuses('<feed>\n<v a="1" a="2"/></feed>', 'line 2', /attribute a appears twice/);
    refuses('<feed>\n<v a=1/></feed>', 'line 2', /not quoted/);
    refuses('<feed>\n<v a="1"b="2"/></feed>', 'line 2', /unexpected 'b'/);
    refuses('<feed>\n<v a="<"/></feed>', 'line 2', /'<' inside the value of a/);
    refuses('<feed/>\n<feed/>', 'line 2', /a second root element/);
    refuses('text<feed/>', 'line 1', /text outside the root element/);
    refuses('<feed>\n< v/></feed>', 'line 2', /does not begin a tag/);
    refuses('<feed><!-- never closed </feed>', 'line 1', /comment .* never closed/);
    refuses('<feed><![CDATA[ open </feed>', 'line 1', /CDATA section is never closed/);
    refuses('<feed>\n</feed>\n</extra>', 'line 3', /closes nothing/);
    refuses('', 'line 1', /no root element/);
    refuses('<?xml version="1.0"?>\n<!-- only a comment -->\n', 'line 3', /no root element/);
  });

  it('refuses nesting deeper than any Green Button file, without overflowing the stack', () => {
    refuses('<a>'.repeat(100_000), 'line 1', /nested deeper than 200/);
  });
});
