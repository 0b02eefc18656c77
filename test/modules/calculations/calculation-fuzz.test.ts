// Seeded random calculation bodies: a valid request on the starter tariffs with one to three values spoilt (wrong
// types, odd dates, junk series, demand history, demand keys, units). Every answer must be a success or a 4xx in the
// error envelope naming a parameter: never a server error.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects } from '../../helpers/dialects.ts';
import { seededSpoiler } from '../../helpers/seeded-spoiler.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

// Wrong values, and some right ones in the wrong place, so that part of the bodies still calculate.
const JUNK: unknown[] = [
  5,
  100,
  '2025-07-15',
  'OFF_PEAK',
  'kWh',
  'Wh',
  '+',
  'DAY',
  'RATE',
  0.5,
  null,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  'x',
  '',
  true,
  [],
  [null],
  {},
  [{}],
  '2025-02-30',
  '2025-07-01T25:00',
  '1970-01-01',
  '9999-12-31',
  'ON_PEAK',
  'kVA',
  '-',
  Array(5).fill('a'),
  Array(40).fill(-3),
  { keyName: 'demand', dataValue: 'x' },
  { keyName: 'coincidentDemand', dataValue: -4 },
  { keyName: 'demand', fromDateTime: '2024-01-01', toDateTime: '2024-02-01', dataValue: 50 },
  { keyName: 'consumption', dataSeries: [1, 2, 'x'], duration: 3_600_000 },
  { keyName: 'consumption', dataSeries: [1, 2], duration: 1 },
];

const NUMBERS: unknown[] = [
  0,
  -0.5,
  1e-9,
  3,
  1e6,
  1e12,
  1e308,
  -1e308,
  900_000,
  60_000,
  86_400_000,
  '2025-07-20',
  'ON_PEAK',
  'MW',
  'W',
];

function* bodies(count: number): Generator<Record<string, any>> {
  const { rnd, pick, spoil } = seededSpoiler(424242, JUNK);
  // Starter tariffs with a month each is in effect.
  const tariffs: [number, string, string][] = [
    [522, '2025-07-01', '2025-08-01'],
    [1100102, '2025-07-01', '2025-08-01'],
    [1100107, '2026-07-01', '2026-08-01'],
    [512, '2016-07-01', '2016-08-01'],
    [1300200, '2020-07-01', '2020-08-01'],
    [1400700, '2015-07-01', '2015-08-01'],
  ];
  for (let n = 0; n < count; n++) {
    const [masterTariffId, fromDateTime, toDateTime] = pick(tariffs);
    const body: Record<string, any> = {
      masterTariffId,
      fromDateTime,
      toDateTime,
      detailLevel: pick(['ALL', 'RATE', 'TOTAL']),
      groupBy: pick(['MONTH', 'DAY', 'HOUR']),
      propertyInputs: [
        {
          keyName: 'consumption',
          dataSeries: Array.from({ length: 744 }, (_, h) => (h % 24 > 16 ? 2 : 1)),
          duration: 3_600_000,
        },
        { keyName: 'demand', dataValue: 12, unit: 'kW' },
        { keyName: 'territoryId', dataValue: 3538 },
      ],
      rateInputs: [{ chargeType: 'DEMAND_BASED', quantityKey: 'coincidentDemand', rateBands: [{ rateAmount: 2 }] }],
    };
    for (let k = 0; k < 1 + Math.floor(rnd() * 3); k++) {
      // Half the spoils put odd numbers and words into a usage input, where they reach the engine rather than the schema.
      const input: unknown =
        Array.isArray(body.propertyInputs) && body.propertyInputs.length ? pick(body.propertyInputs) : null;
      if (rnd() < 0.5 && input !== null && typeof input === 'object')
        (input as Record<string, unknown>)[
          pick(['dataValue', 'duration', 'dataFactor', 'unit', 'period', 'fromDateTime'])
        ] = pick(NUMBERS);
      else spoil(body);
    }
    yield body;
  }
}

for (const dialect of dialects) {
  describe(`random calculation bodies on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
    });
    after(() => t.close());

    it('refuses inputs whose charges no cent could hold, instead of rounding them forever', {
      timeout: 60_000,
    }, async () => {
      const c = await t.credentials(['signal']);
      const res = await t.inject({
        method: 'POST',
        url: '/rest/v1/ondemand/calculate',
        headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
        payload: {
          masterTariffId: 1100107,
          fromDateTime: '2026-07-01',
          toDateTime: '2026-08-01',
          propertyInputs: [
            { keyName: 'consumption', dataValue: 1000 },
            { keyName: 'demand', dataValue: 1e11 },
          ],
        },
      });
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(
        [
          res.json().results[0].propertyName,
          /no finite amount|over 1e\+12 dollars/.test(res.json().results[0].message),
        ],
        ['propertyInputs', true],
      );
      // A value beyond any meter is refused by name before it reaches a charge.
      const huge = await t.inject({
        method: 'POST',
        url: '/rest/v1/ondemand/calculate',
        headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
        payload: {
          masterTariffId: 1100107,
          fromDateTime: '2026-07-01',
          toDateTime: '2026-08-01',
          propertyInputs: [
            { keyName: 'consumption', dataValue: 1000 },
            { keyName: 'demand', dataValue: 1e308 },
          ],
        },
      });
      assert.deepEqual([huge.statusCode, huge.json().results[0].propertyName], [400, 'propertyInputs[1].dataValue']);
    });

    it('answer 200 or a 4xx naming a parameter, 300 of them', { timeout: 300_000 }, async () => {
      const c = await t.credentials(['signal']);
      const statuses = new Map<number, number>();
      for (const body of bodies(300)) {
        const res = await t.inject({
          method: 'POST',
          url: '/rest/v1/ondemand/calculate',
          headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
          payload: body,
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        assert.ok(
          res.statusCode < 500,
          `${res.statusCode} for ${JSON.stringify(body).slice(0, 400)}: ${res.body.slice(0, 300)}`,
        );
        if (res.statusCode >= 400) assert.equal(res.json().status, 'error');
      }
      assert.ok((statuses.get(200) ?? 0) > 20 && (statuses.get(400) ?? 0) > 100, JSON.stringify([...statuses]));
    });
  });
}
