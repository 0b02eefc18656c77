import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { findGaps, mergeReadings } from '../../../src/engine/usage/readings-merge.ts';
import { parseGreenButton } from '../../../src/importers/readings/green-button.ts';
import { ReadingFormatError, type Reading } from '../../../src/importers/readings/reading.ts';
import { REFERENCE_DIR } from '../../helpers/reference.ts';

const file = (name: string) => readFileSync(join(REFERENCE_DIR, 'greenbutton', name), 'utf8');
const COASTAL = file('greenbutton-objects_Coastal_Multi_Family_Jan_1_2011_to_Jan_1_2012_RetailCustomer_5.xml');
const GBA = file('gba-datacustodian_test_usage_data.xml');
const BATCH = file('openespi-sdk_BatchFeedThreeUsagePoints_M.xml');
const MONTHLY = file('openespi-sdk_MonthlyOnlyElectricData.xml');
const GAS = file('openespi-sdk_Gas.xml');
const NGMA_BILLING = file(
  'greenbutton-objects_ngma_natural_gas_billing_billing_data_Service_1_1_2021-05-26_to_2024-04-25.xml',
);
const BROKEN = file('greenbutton-objects_ngma_gas_provider_2024-07-16.xml');
const GRIDIUM = file('gridium_pge_electric_interval_data.xml');

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The IntervalReadings of a piece of a file, read with regular expressions and nothing of the parser: the
 * independent yardstick for its figures (numbers as written, seconds and raw values).
 */
function rawReadings(xml: string): { start: number; duration: number; value: number; cost: number | null }[] {
  const pick = (block: string, tag: string) =>
    block.match(new RegExp(`<(?:\\w+:)?${tag}>\\s*([-\\d.]+)\\s*</(?:\\w+:)?${tag}>`))?.[1];
  return [...xml.matchAll(/<(?:\w+:)?IntervalReading>([\s\S]*?)<\/(?:\w+:)?IntervalReading>/g)].map(([, block]) => ({
    start: Number(pick(block!, 'start')),
    duration: Number(pick(block!, 'duration')),
    value: Number(pick(block!, 'value')),
    cost: pick(block!, 'cost') === undefined ? null : Number(pick(block!, 'cost')),
  }));
}

/** The text of the entry whose self link is `href` (its IntervalBlocks). */
function entryText(xml: string, href: string): string {
  const at = xml.indexOf(`href="${href}" rel="self"`);
  assert.ok(at >= 0, href);
  return xml.slice(at, xml.indexOf('</entry>', at));
}

function refuses(fn: () => unknown, field: string, message: RegExp): ReadingFormatError {
  let caught: unknown;
  assert.throws(fn, (e: unknown) => {
    caught = e;
    return e instanceof ReadingFormatError;
  });
  const e = caught as ReadingFormatError;
  assert.equal(e.field, field, e.message);
  assert.match(e.message, message);
  return e;
}

describe('parseGreenButton: the reference files', () => {
  it('Coastal Multi-Family: a year of hourly Wh as kWh', () => {
    const out = parseGreenButton(COASTAL, {});
    const raw = rawReadings(COASTAL);
    assert.equal(out.readings.length, 8760);
    assert.equal(raw.length, 8760);
    assert.deepEqual(out.usagePoints, ['1']);
    assert.equal(out.timeZoneOffsetSeconds, -28800);
    assert.deepEqual(out.notes, []);
    assert.deepEqual(out.readings[0], {
      start: Date.UTC(2011, 0, 1, 8),
      end: Date.UTC(2011, 0, 1, 9),
      unit: 'kWh',
      value: 0.45,
      cost: null,
    });
    assert.equal(raw[0]!.value, 450);
    assert.equal(iso(out.readings.at(-1)!.end), '2012-01-01T08:00:00.000Z');
    const sum = out.readings.reduce((s, r) => s + r.value, 0);
    const expected = raw.reduce((s, r) => s + r.value, 0) / 1000; // 4,425,305 Wh
    assert.equal(expected, 4425.305);
    assert.ok(Math.abs(sum - expected) < 1e-6, `${sum} kWh`);
    assert.deepEqual(findGaps(out.readings, 'kWh'), []);
  });

  it('gba-datacustodian: 15-minute readings with costs, the spring-forward block of 92', () => {
    const out = parseGreenButton(GBA, {});
    assert.equal(out.readings.length, 1340);
    assert.equal(out.timeZoneOffsetSeconds, -18000);
    const raw = rawReadings(GBA);
    assert.deepEqual(out.readings[0], {
      start: raw[0]!.start * 1000,
      end: (raw[0]!.start + 900) * 1000,
      unit: 'kWh',
      value: raw[0]!.value / 1000,
      cost: raw[0]!.cost! / 100_000,
    });
    assert.ok(out.readings.every((r) => r.cost !== null && r.end - r.start === 900_000));
    // The block of 2012-03-11 starts at local midnight (05:00Z at UTC-5) and lasts 82,800 s.
    const blockStart = Date.UTC(2012, 2, 11, 5);
    assert.equal(out.readings.filter((r) => r.start >= blockStart && r.start < blockStart + 82_800_000).length, 92);
    assert.equal(iso(out.readings.at(-1)!.end), '2012-03-15T04:00:00.000Z');
  });

  it('BatchFeedThreeUsagePoints: asks which usage point, then nets delivered and received for 4284792', () => {
    const e = refuses(
      () => parseGreenButton(BATCH, {}),
      'usagePointId',
      /^usagePointId: the file holds 3 usage points: 4284792, 4284793, 4284794; name one$/,
    );
    assert.equal(e.value, null);
    const out = parseGreenButton(BATCH, { usagePointId: '4284792' });
    assert.deepEqual(out.usagePoints, ['4284792', '4284793', '4284794']);
    assert.equal(out.timeZoneOffsetSeconds, null);
    const delivered = rawReadings(
      entryText(BATCH, 'RetailCustomer/4299914/UsagePoint/4284792/MeterReading/1/IntervalBlock/0173'),
    );
    const received = rawReadings(
      entryText(BATCH, 'RetailCustomer/4299914/UsagePoint/4284792/MeterReading/2/IntervalBlock/0173'),
    );
    assert.deepEqual([delivered.length, received.length], [96, 96]);
    const expected = delivered.map((d) => {
      const r = received.find((x) => x.start === d.start && x.duration === d.duration)!;
      return {
        start: d.start * 1000,
        end: (d.start + d.duration) * 1000,
        unit: 'kWh',
        value: (d.value - r.value) / 1000,
        cost: null,
      };
    });
    assert.equal(out.readings.length, 96);
    assert.deepEqual(out.readings, expected);
    const exports = expected.filter((r) => r.value < 0).length;
    assert.ok(exports > 0, 'the day has net exports');
    assert.equal(out.readings.filter((r) => r.value < 0).length, exports);
    assert.equal(out.notes.length, 1);
    assert.match(
      out.notes[0]!,
      new RegExp(
        `Usage point 4284792: 96 received \\(exported\\) kWh reading\\(s\\) netted .*delivered minus received.*; ${exports} interval\\(s\\) are net exports`,
      ),
    );
  });

  it('BatchFeedThreeUsagePoints: a delivered-only and a received-only usage point', () => {
    const delivered = parseGreenButton(BATCH, { usagePointId: '4284793' });
    assert.equal(delivered.readings.length, 96);
    assert.deepEqual(delivered.notes, []);
    const raw = rawReadings(
      entryText(BATCH, 'RetailCustomer/4299915/UsagePoint/4284793/MeterReading/1/IntervalBlock/0173'),
    );
    assert.deepEqual(
      delivered.readings.map((r) => r.value),
      raw.map((r) => r.value / 1000),
    );
    const received = parseGreenButton(BATCH, { usagePointId: 'RetailCustomer/4299915/UsagePoint/4284794' });
    assert.equal(received.readings.length, 96);
    assert.ok(
      received.readings.every((r) => Object.is(r.value, 0)),
      'zero exports stay 0, not -0',
    );
    assert.match(
      received.notes.join(' '),
      /Usage point 4284794 has only received \(exported\) kWh readings; they are kept as negative values/,
    );
    refuses(
      () => parseGreenButton(BATCH, { usagePointId: '99' }),
      'usagePointId',
      /holds no usage point '99'; it holds 4284792, 4284793, 4284794/,
    );
  });

  it('MonthlyOnlyElectricData: powerOfTenMultiplier 3 (Wh x 10^3)', () => {
    const out = parseGreenButton(MONTHLY, {});
    const raw = rawReadings(MONTHLY);
    assert.equal(out.readings.length, 14);
    // value x 10^3 Wh = value kWh.
    assert.deepEqual(
      out.readings.map((r) => r.value),
      raw.map((r) => r.value),
    );
    assert.equal(out.readings[0]!.value, 778);
    assert.deepEqual(
      out.readings.map((r) => r.end - r.start),
      raw.map((r) => r.duration * 1000),
    );
    assert.ok(out.readings.every((r) => r.unit === 'kWh'));
    assert.deepEqual(findGaps(out.readings, 'kWh'), [], 'monthly periods back to back through both DST changes');
  });

  it('Gas: therms with powerOfTenMultiplier -3, costs in dollars', () => {
    const out = parseGreenButton(GAS, {});
    const raw = rawReadings(GAS);
    assert.equal(out.readings.length, 13);
    assert.ok(out.readings.every((r) => r.unit === 'therms'));
    assert.deepEqual(
      out.readings.map((r) => r.value),
      raw.map((r) => r.value / 1000),
    );
    assert.deepEqual(
      out.readings.map((r) => r.cost),
      raw.map((r) => r.cost! / 100_000),
    );
    assert.deepEqual([out.readings[0]!.value, out.readings[0]!.cost], [72.609, 237.39318]);
  });

  it('ngma natural gas billing: 35 periods; the one-hour DST slips are joined, so the merge keeps all 35', () => {
    const out = parseGreenButton(NGMA_BILLING, {});
    const raw = rawReadings(NGMA_BILLING);
    assert.equal(out.readings.length, 35);
    assert.deepEqual(out.usagePoints, ['NET_USAGE']);
    assert.ok(out.readings.every((r) => r.unit === 'therms' && r.cost !== null));
    assert.deepEqual(
      out.readings.map((r) => r.start),
      raw.map((r) => r.start * 1000),
    );
    assert.match(
      out.notes.join(' '),
      /6 billing-period boundaries were off by up to an hour \(3 overlap\(s\), 3 gap\(s\)/,
    );
    const merged = mergeReadings([], out.readings);
    assert.deepEqual([merged.readings.length, merged.duplicatesInUpload], [35, 0]);
    assert.deepEqual(findGaps(out.readings, 'therms'), []);
    // The periods as the file writes them: each November's overlap would make the merge drop a whole month (the
    // earlier period), and each March leaves a one-hour gap.
    const asWritten: Reading[] = raw.map((r) => ({
      start: r.start * 1000,
      end: (r.start + r.duration) * 1000,
      unit: 'therms',
      value: r.value / 1000,
      cost: null,
    }));
    const naive = mergeReadings([], asWritten);
    assert.deepEqual([naive.readings.length, naive.duplicatesInUpload], [32, 3]);
    assert.equal(findGaps(asWritten, 'therms').length, 3);
  });

  it('ngma gas provider (broken): a clear error naming the empty ReadingType', () => {
    refuses(
      () => parseGreenButton(BROKEN, {}),
      'line 662',
      /^line 662: ReadingType \/ReadingType\/07 \(of MeterReading \/User\/11111111\/UsagePoint\/01\/MeterReading\/01\) is empty or has no uom/,
    );
    // With a unit, the next fault shows: every reading starts at the same instant.
    const withUnit = BROKEN.replace(
      '<ns:ReadingType/>',
      '<ns:ReadingType><ns:powerOfTenMultiplier>-3</ns:powerOfTenMultiplier><ns:uom>169</ns:uom></ns:ReadingType>',
    );
    refuses(
      () => parseGreenButton(withUnit, {}),
      refusedLine(withUnit),
      /36 readings of MeterReading .* start at 2024-07-16T18:26:24\.661Z with different durations/,
    );
  });

  it('gridium (minimal, truncated): 95 readings and the two missing 15-minute slots', () => {
    const out = parseGreenButton(GRIDIUM, {});
    assert.equal(out.readings.length, 95);
    assert.deepEqual(out.usagePoints, ['290243']);
    assert.deepEqual(
      findGaps(out.readings, 'kWh').map((g) => [iso(g.start), iso(g.end)]),
      [
        ['2011-03-07T00:45:00.000Z', '2011-03-07T01:00:00.000Z'],
        ['2011-03-07T03:45:00.000Z', '2011-03-07T04:00:00.000Z'],
      ],
    );
  });
});

/** The line of the second IntervalReading of the broken file: the first whose start repeats with another duration. */
function refusedLine(xml: string): string {
  const first = xml.indexOf('<ns:IntervalReading>');
  const second = xml.indexOf('<ns:IntervalReading>', first + 1);
  return `line ${xml.slice(0, second).split('\n').length}`;
}

describe('parseGreenButton: hostile and malformed input', () => {
  it('refuses an external entity (XXE) and the billion laughs without reading or expanding them', () => {
    refuses(
      () =>
        parseGreenButton(
          '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<feed>&e;</feed>',
          {},
        ),
      'body',
      /DTDs .* are not accepted/,
    );
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n${Array.from({ length: 9 }, (_, k) => `<!ENTITY lol${k + 1} "${`&lol${k || ''};`.repeat(10)}">`).join('\n')}\n]>\n<lolz>&lol9;</lolz>`;
    refuses(() => parseGreenButton(laughs, {}), 'body', /DTDs .* are not accepted/);
    refuses(
      () => parseGreenButton('<feed xmlns="http://www.w3.org/2005/Atom">\n<title>&e;</title></feed>', {}),
      'line 2',
      /the entity &e; is not defined/,
    );
  });

  it('names the line where a truncated or mismatched file goes wrong', () => {
    const cut = COASTAL.slice(0, COASTAL.indexOf('<IntervalReading>', COASTAL.length / 2) + 40);
    refuses(
      () => parseGreenButton(cut, {}),
      `line ${cut.split('\n').length}`,
      /malformed XML: the document ends before <\w+> \(opened on line \d+\) is closed/,
    );
    const swapped = GRIDIUM.replace('</timePeriod>', '</timeperiod>');
    const line = GRIDIUM.slice(0, GRIDIUM.indexOf('</timePeriod>')).split('\n').length;
    refuses(
      () => parseGreenButton(swapped, {}),
      `line ${line}`,
      /<\/timeperiod> where <\/timePeriod> \(opened on line \d+\) was expected/,
    );
  });

  it('refuses what is not a Green Button feed, or holds no readings', () => {
    refuses(
      () => parseGreenButton('<html><body/></html>', {}),
      'body',
      /not a Green Button file: the root element is <html>/,
    );
    refuses(
      () => parseGreenButton('<feed xmlns="http://www.w3.org/2005/Atom"/>', {}),
      'body',
      /no interval readings reachable UsagePoint -> MeterReading -> IntervalBlock \(0 UsagePoint/,
    );
  });
});

/** A small feed, one entry a line (2: UsagePoint, 3: MeterReading, 4: ReadingType, 5: IntervalBlock): one usage point, its meter readings (ReadingType body, IntervalBlock bodies), in the form asked. */
function feed(opts: {
  prefix?: string;
  base?: string;
  channels: { type: string; blocks: string[] }[];
  extra?: string;
}): string {
  const p = opts.prefix ? `${opts.prefix}:` : '';
  const espi = opts.prefix ? '' : ' xmlns="http://naesb.org/espi"';
  const entry = (self: string, related: string[], body: string) =>
    `<entry><link rel="self" href="${self}"/>${related.map((r) => `<link rel="related" href="${r}"/>`).join('')}<content>${body}</content></entry>`;
  const parts = [
    entry(
      'Customer/1/UsagePoint/7',
      ['Customer/1/UsagePoint/7/MeterReading'],
      `<${p}UsagePoint${espi}><${p}ServiceCategory><${p}kind>0</${p}kind></${p}ServiceCategory></${p}UsagePoint>`,
    ),
  ];
  opts.channels.forEach((c, k) => {
    const mr = `Customer/1/UsagePoint/7/MeterReading/${k + 1}`;
    parts.push(entry(mr, [`${mr}/IntervalBlock`, `/espi/ReadingType/${k + 1}`], `<${p}MeterReading${espi}/>`));
    parts.push(
      entry(
        `/espi/ReadingType/${k + 1}`,
        [],
        `<${p}ReadingType${espi}>${c.type.replaceAll('<', `<${p}`).replaceAll(`<${p}/`, `</${p}`)}</${p}ReadingType>`,
      ),
    );
    parts.push(
      entry(
        `${mr}/IntervalBlock/1`,
        [],
        c.blocks
          .map(
            (b) =>
              `<${p}IntervalBlock${espi}>${b.replaceAll('<', `<${p}`).replaceAll(`<${p}/`, `</${p}`)}</${p}IntervalBlock>`,
          )
          .join(''),
      ),
    );
  });
  const ns = opts.prefix ? ` xmlns:${opts.prefix}="http://naesb.org/espi"` : '';
  return `<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom"${ns}${opts.base ? ` xml:base="${opts.base}"` : ''}>${parts.join('\n')}${opts.extra ?? ''}</feed>`;
}
const reading = (start: number, duration: number, value: number, cost?: number) =>
  `<IntervalReading>${cost === undefined ? '' : `<cost>${cost}</cost>`}<timePeriod><duration>${duration}</duration><start>${start}</start></timePeriod><value>${value}</value></IntervalReading>`;
const WH = '<uom>72</uom><powerOfTenMultiplier>0</powerOfTenMultiplier>';
const T = 1_700_000_000;

describe('parseGreenButton: forms and rules', () => {
  it('reads the ESPI namespace bound to a prefix and hrefs relative to xml:base, root-relative or absolute', () => {
    const xml = feed({
      prefix: 'espi',
      base: 'https://utility.example/DataCustodian/',
      channels: [{ type: WH, blocks: [reading(T, 900, 1500, 12_345)] }],
    });
    const out = parseGreenButton(xml, {});
    assert.deepEqual(out.readings, [
      { start: T * 1000, end: (T + 900) * 1000, unit: 'kWh', value: 1.5, cost: 0.12345 },
    ]);
    assert.deepEqual(out.usagePoints, ['7']);
    const absolute = feed({ channels: [{ type: WH, blocks: [reading(T, 900, 1500)] }] })
      .replaceAll('href="Customer', 'href="https://u.example/Customer')
      .replaceAll('href="/espi', 'href="https://u.example/espi');
    assert.equal(parseGreenButton(absolute, {}).readings.length, 1);
  });

  it('reads W as kW demand, and skips (with a note) units and register readings it does not read', () => {
    const out = parseGreenButton(
      feed({
        channels: [
          { type: '<uom>38</uom><powerOfTenMultiplier>3</powerOfTenMultiplier>', blocks: [reading(T, 900, 7)] },
          { type: '<uom>73</uom>', blocks: [reading(T, 900, 5)] },
          { type: '<accumulationBehaviour>9</accumulationBehaviour><uom>72</uom>', blocks: [reading(T, 900, 123456)] },
        ],
      }),
      {},
    );
    assert.deepEqual(
      out.readings.map((r) => [r.unit, r.value]),
      [['kW', 7]],
    );
    assert.equal(out.notes.length, 2);
    assert.match(out.notes[0]!, /uom 73 is not a unit Ratebook reads/);
    assert.match(out.notes[1]!, /accumulationBehaviour 9 means register readings/);
    refuses(
      () => parseGreenButton(feed({ channels: [{ type: '<uom>73</uom>', blocks: [reading(T, 900, 5)] }] }), {}),
      'body',
      /no readings in a unit Ratebook reads/,
    );
  });

  it('gives a lone reading without a timePeriod its block interval, and refuses one among several', () => {
    const lone =
      '<interval><duration>3600</duration><start>1700000000</start></interval><IntervalReading><value>2000</value></IntervalReading>';
    assert.deepEqual(
      parseGreenButton(feed({ channels: [{ type: WH, blocks: [lone] }] }), {}).readings.map((r) => [
        r.start,
        r.end,
        r.value,
      ]),
      [[T * 1000, (T + 3600) * 1000, 2]],
    );
    refuses(
      () => parseGreenButton(feed({ channels: [{ type: WH, blocks: [lone + reading(T + 3600, 900, 1)] }] }), {}),
      'line 5',
      /IntervalReading has no timePeriod/,
    );
  });

  it('names the line of a value that is not a number, and of a duration that is not positive', () => {
    refuses(
      () =>
        parseGreenButton(
          feed({ channels: [{ type: WH, blocks: [reading(T, 900, 1).replace('<value>1<', '<value>lots<')] }] }),
          {},
        ),
      'line 5',
      /value 'lots' is not a number/,
    );
    refuses(
      () => parseGreenButton(feed({ channels: [{ type: WH, blocks: [reading(T, 0, 1)] }] }), {}),
      'line 5',
      /duration 0 is not a positive number/,
    );
    refuses(
      () => parseGreenButton(feed({ channels: [{ type: WH, blocks: [reading(-3e9, 900, 1)] }] }), {}),
      'line 5',
      /outside the years 1900 to 2199/,
    );
  });

  it('refuses a MeterReading without a ReadingType, and received intervals that do not line up with delivered ones', () => {
    const noType = feed({ channels: [{ type: WH, blocks: [reading(T, 900, 1)] }] }).replace(
      '<link rel="related" href="/espi/ReadingType/1"/>',
      '',
    );
    refuses(
      () => parseGreenButton(noType, {}),
      'line 3',
      /MeterReading \/Customer\/1\/UsagePoint\/7\/MeterReading\/1 links to no ReadingType/,
    );
    const skewed = feed({
      channels: [
        { type: WH, blocks: [reading(T, 900, 1)] },
        { type: `${WH}<flowDirection>19</flowDirection>`, blocks: [reading(T + 300, 900, 1)] },
      ],
    });
    refuses(
      () => parseGreenButton(skewed, {}),
      'body',
      /received kWh reading .* overlaps the delivered one .* without matching it/,
    );
  });

  it('keeps a received interval with no delivered one as a negative reading, and nets costs only when both sides have one', () => {
    const xml = feed({
      channels: [
        { type: WH, blocks: [reading(T, 900, 1000, 20_000), reading(T + 900, 900, 1000, 20_000)] },
        {
          type: `${WH}<flowDirection>19</flowDirection>`,
          blocks: [reading(T, 900, 1500, 5_000), reading(T + 900, 900, 200), reading(T + 1800, 900, 300)],
        },
      ],
    });
    const out = parseGreenButton(xml, {});
    assert.deepEqual(
      out.readings.map((r) => [r.start - T * 1000, r.value, r.cost]),
      [
        [0, -0.5, 0.15],
        [900_000, 0.8, null],
        [1_800_000, -0.3, null],
      ],
    );
    assert.match(out.notes[0]!, /3 received .* \(.*2 matched, 1 alone\); 2 interval\(s\) are net exports/);
  });

  it('notes IntervalBlocks linked to no MeterReading, and repeated intervals', () => {
    const orphan = `<entry><link rel="self" href="Elsewhere/IntervalBlock/1"/><content><IntervalBlock xmlns="http://naesb.org/espi">${reading(T, 900, 1)}</IntervalBlock></content></entry>`;
    const out = parseGreenButton(
      feed({ channels: [{ type: WH, blocks: [reading(T, 900, 1000), reading(T, 900, 3000)] }], extra: orphan }),
      {},
    );
    assert.deepEqual(
      out.readings.map((r) => r.value),
      [3],
    );
    assert.match(out.notes.join(' '), /1 IntervalBlock entry is linked to no MeterReading/);
    assert.match(out.notes.join(' '), /1 repeated interval\(s\) \(same start and end\); the later one is kept/);
  });
});
