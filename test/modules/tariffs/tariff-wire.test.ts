// Rates, bands and tariff properties on the wire as the original API sends them (#19): a field the original omits
// when unset is absent, not null, in every operation that answers them (tariff list, one tariff, rate shaping,
// an account's rates, the tariff property keys); the fields it sends null when unset (toDateTime, prevUpperLimit, a
// property's quantityKey) stay; /openapi.json says which may be absent. The omission is made on the answer's copy:
// the objects the service, the rate shaping and the account service read keep their nulls (wireTariff never edits).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { wireTariff } from '../../../src/modules/tariffs/tariff-wire.ts';
import {
  BAND_OMITTED_WHEN_UNSET,
  PROPERTY_KEY_OMITTED_WHEN_UNSET,
  PROPERTY_OMITTED_WHEN_UNSET,
  RATE_OMITTED_WHEN_UNSET,
  TariffPropertySchema,
  TariffRateBandSchema,
  TariffRateSchema,
} from '../../../src/modules/tariffs/tariffs.schemas.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

type Json = Record<string, unknown>;
/** The fields always sent: the model's fields but those omitted when unset. */
const alwaysSent = (all: object, omitted: readonly string[]) => Object.keys(all).filter((k) => !omitted.includes(k));
const RATE_ALWAYS = alwaysSent(TariffRateSchema.properties, RATE_OMITTED_WHEN_UNSET);
const BAND_ALWAYS = alwaysSent(TariffRateBandSchema.properties, BAND_OMITTED_WHEN_UNSET);
const PROPERTY_ALWAYS = alwaysSent(TariffPropertySchema.properties, PROPERTY_OMITTED_WHEN_UNSET);

/** Asserts the wire shape of every rate, band and property of the tariffs; counts the omittable fields seen set. */
function checkTariffs(tariffs: Json[], where: string, seen: Map<string, number>) {
  for (const t of tariffs)
    for (const r of (t.rates as Json[] | undefined) ?? []) checkRate(r, `${where} ${t.masterTariffId}`, seen);
  for (const t of tariffs)
    for (const p of (t.properties as Json[] | undefined) ?? [])
      check(
        p,
        PROPERTY_ALWAYS,
        PROPERTY_OMITTED_WHEN_UNSET,
        `${where} ${t.masterTariffId} property ${p.keyName}`,
        seen,
        'property',
      );
}
function checkRate(r: Json, where: string, seen: Map<string, number>) {
  check(r, RATE_ALWAYS, RATE_OMITTED_WHEN_UNSET, `${where} rate ${r.tariffRateId}`, seen, 'rate');
  for (const b of r.rateBands as Json[])
    check(b, BAND_ALWAYS, BAND_OMITTED_WHEN_UNSET, `${where} band ${b.tariffRateBandId}`, seen, 'band');
}
function check(
  o: Json,
  always: string[],
  omitted: readonly string[],
  where: string,
  seen: Map<string, number>,
  kind: string,
) {
  for (const k of always) assert.ok(k in o, `${where}: ${k} is always sent (null when unset)`);
  for (const k of omitted) {
    if (!(k in o)) continue;
    assert.ok(
      o[k] !== null && !(Array.isArray(o[k]) && (o[k] as unknown[]).length === 0),
      `${where}: ${k} is omitted when unset, not sent ${JSON.stringify(o[k])}`,
    );
    seen.set(`${kind}.${k}`, (seen.get(`${kind}.${k}`) ?? 0) + 1);
  }
}

describe('wireTariff', () => {
  it("drops the unset omittable fields from a copy and leaves the service's object as it was", () => {
    const band = {
      tariffRateBandId: 1,
      tariffRateId: 2,
      rateSequenceNumber: 1,
      hasConsumptionLimit: true,
      consumptionUpperLimit: 500,
      hasDemandLimit: false,
      demandUpperLimit: null,
      hasPropertyLimit: false,
      propertyUpperLimit: null,
      applicabilityValue: null,
      calculationFactor: null,
      rateAmount: 0.1,
      rateUnit: 'COST_PER_UNIT',
      isCredit: false,
      prevUpperLimit: null,
    };
    const rate = {
      tariffRateId: 2,
      masterTariffRateId: null,
      tariffId: 3,
      riderTariffId: null,
      riderId: null,
      tariffSequenceNumber: 1,
      rateGroupName: 'Energy',
      rateName: 'Energy',
      fromDateTime: null,
      toDateTime: null,
      chargeType: 'CONSUMPTION_BASED',
      chargeClass: 'SUPPLY',
      chargePeriod: 'MONTHLY',
      transactionType: null,
      quantityKey: null,
      applicabilityKey: null,
      variableLimitKey: null,
      variableRateKey: null,
      variableRateSubKey: null,
      variableFactorKey: null,
      edgePredominance: null,
      territory: null,
      season: null,
      timeOfUse: null,
      rateBands: [band],
      prorationRules: [],
      tierScope: null,
    };
    const property = {
      keyName: 'cityLimits',
      quantityKey: null,
      displayName: null,
      family: null,
      keyspace: null,
      description: null,
      dataType: 'CHOICE',
      propertyTypes: 'RATE_CRITERIA',
      operator: '=',
      propertyValue: 'Inside',
      minValue: null,
      maxValue: null,
      period: null,
      choices: null,
      isDefault: true,
    };
    const tariff = { tariffId: 3, masterTariffId: 4, rates: [rate], properties: [property] } as unknown as Parameters<
      typeof wireTariff
    >[0];
    const before = structuredClone(tariff);
    const wire = wireTariff(tariff) as unknown as { rates: Json[]; properties: Json[] };
    assert.deepEqual(tariff, before, "the service's object is not edited");
    assert.deepEqual(wire.rates[0], {
      tariffRateId: 2,
      tariffId: 3,
      tariffSequenceNumber: 1,
      rateGroupName: 'Energy',
      rateName: 'Energy',
      fromDateTime: null,
      toDateTime: null,
      chargeType: 'CONSUMPTION_BASED',
      chargeClass: 'SUPPLY',
      chargePeriod: 'MONTHLY',
      rateBands: [
        {
          tariffRateBandId: 1,
          tariffRateId: 2,
          rateSequenceNumber: 1,
          hasConsumptionLimit: true,
          consumptionUpperLimit: 500,
          hasDemandLimit: false,
          hasPropertyLimit: false,
          rateAmount: 0.1,
          rateUnit: 'COST_PER_UNIT',
          isCredit: false,
          prevUpperLimit: null,
        },
      ],
    });
    assert.deepEqual(wire.properties[0], {
      keyName: 'cityLimits',
      quantityKey: null,
      displayName: null,
      family: null,
      keyspace: null,
      description: null,
      dataType: 'CHOICE',
      propertyTypes: 'RATE_CRITERIA',
      operator: '=',
      propertyValue: 'Inside',
      isDefault: true,
    });
    const bare = wireTariff({ tariffId: 3, masterTariffId: 4 } as unknown as Parameters<typeof wireTariff>[0]);
    assert.ok(!('rates' in bare) && !('properties' in bare), 'not populated: no rates or properties field');
  });
});

for (const dialect of dialects) {
  describe(`rates and tariff properties on the wire on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-25T12:00:00Z') });
      c = await t.credentials(['signal'], 'Wire Co');
    });
    after(() => t.close());

    it("omits unset fields in every tariff operation, sends the set ones, and keeps the original's nulls", async () => {
      const seen = new Map<string, number>();
      const list = await t.json('/rest/public/tariffs?populateRates=true&populateProperties=true&pageCount=100', c);
      assert.ok(list.results.length > 10);
      checkTariffs(list.results, 'list', seen);
      const range = await t.json(
        '/rest/public/tariffs?lseId=734&fromDateTime=2024-01-01&toDateTime=2026-12-31&populateRates=true&populateProperties=true&bundleRates=true&applicableRatesOnly=true&pageCount=100',
        c,
      );
      checkTariffs(range.results, 'shaped range', seen);
      for (const path of [
        '/rest/public/tariffs/512?populateRates=true&populateProperties=true&effectiveOn=2016-06-01',
        '/rest/public/tariffs/1100102?populateRates=true&populateProperties=true&lookupVariableRates=true',
      ]) {
        checkTariffs((await t.json(path, c)).results, path, seen);
      }
      // The set fields are sent: each kind seen at least once in the starter data.
      for (const k of [
        'rate.chargeClass',
        'rate.season',
        'rate.timeOfUse',
        'rate.territory',
        'rate.applicabilityKey',
        'rate.variableRateKey',
        'band.consumptionUpperLimit',
        'band.applicabilityValue',
        'band.calculationFactor',
        'property.propertyValue',
        'property.choices',
      ]) {
        assert.ok(seen.get(k), `${k} is sent when set`);
      }
      // R-22 of 2016 as recorded: its rates send toDateTime null, its bands prevUpperLimit null, its properties quantityKey null.
      const r22 = (
        await t.json('/rest/public/tariffs/512?populateRates=true&populateProperties=true&effectiveOn=2016-06-01', c)
      ).results[0];
      assert.equal(r22.rates[0].toDateTime, null);
      assert.equal(r22.rates[0].rateBands[0].prevUpperLimit, null);
      assert.equal(r22.properties[0].quantityKey, null);
      assert.ok(!('season' in r22.rates[0]) && !('calculationFactor' in r22.rates[0].rateBands[0]));
      // Not populated: no rates or properties field at all.
      const plain = (await t.json('/rest/public/tariffs/522', c)).results[0];
      assert.ok(!('rates' in plain) && !('properties' in plain));
    });

    it("omits them in an account's rates", async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/rest/v1/accounts',
        headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
        payload: JSON.stringify({
          providerAccountId: 'wire-1',
          address: { zip: '94110' },
          properties: { customerClass: { dataValue: 'RESIDENTIAL' } },
          tariffs: [{ masterTariffId: 1100102, effectiveDate: '2025-01-01' }],
        }),
      });
      assert.equal(res.statusCode, 200, res.body);
      const rates = (await t.json('/rest/v1/accounts/pid/wire-1/rates?effectiveOn=2026-07-01', c)).results as Json[];
      assert.ok(rates.length > 0);
      const seen = new Map<string, number>();
      for (const r of rates) checkRate(r, 'account rates', seen);
      assert.ok(seen.get('rate.timeOfUse'), "E-TOU-C's rates name their time of use");
    });

    it("omits a property key entry's choices and quantityUnit when it has none", async () => {
      const keys = (
        await t.json('/rest/public/tariffs/properties?masterTariffId=522,1100102,1100107&includeAll=true', c)
      ).results as Json[];
      for (const k of keys)
        for (const f of PROPERTY_KEY_OMITTED_WHEN_UNSET)
          assert.ok(!(f in k) || k[f] !== null, `${k.keyName}.${f} is omitted, not null`);
      assert.ok(
        keys.some((k) => 'choices' in k) &&
          keys.some((k) => 'quantityUnit' in k) &&
          keys.some((k) => !('choices' in k)),
      );
    });

    it('says in /openapi.json which fields may be absent', async () => {
      const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
      const item = (path: string) =>
        doc.paths[path].get.responses['200'].content['application/json'].schema.properties.results.items;
      for (const path of ['/rest/public/tariffs', '/rest/public/tariffs/{masterTariffId}']) {
        const tariff = item(path);
        const rate = tariff.properties.rates.items;
        assert.deepEqual(rate.required, RATE_ALWAYS, `${path} rate`);
        assert.deepEqual(rate.properties.rateBands.items.required, BAND_ALWAYS, `${path} band`);
        assert.deepEqual(tariff.properties.properties.items.required, PROPERTY_ALWAYS, `${path} property`);
        for (const k of RATE_OMITTED_WHEN_UNSET) assert.ok(k in rate.properties, `${path} rate ${k} still described`);
      }
      assert.deepEqual(item('/rest/v1/accounts/{accountId}/rates').required, RATE_ALWAYS);
      for (const k of PROPERTY_KEY_OMITTED_WHEN_UNSET)
        assert.ok(!item('/rest/public/tariffs/properties').required.includes(k));
    });
  });
}
