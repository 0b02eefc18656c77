// GET /rest/public/tariffs/properties: the property keys a set of tariffs asks for, selected with the tariff list's
// parameters; and the account interview asking the same questions of the same tariffs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const R22 = 512; // Georgia Power R-22: stored properties cityLimits, consumption, isLowIncomeSeniorCitizen953
const E1 = 522; // PG&E E-1: baseline quantities priced for Baseline Region T (territory 3538)
const ETOUC = 1100102; // PG&E E-TOU-C: baseline credit priced for Baseline Region T

interface Key {
  keyName: string;
  displayName: string | null;
  family: string | null;
  keyspace: string | null;
  description: string | null;
  dataType: string | null;
  /** quantityUnit and choices are omitted when a key has none, as the original omits them. */
  quantityUnit?: string;
  choices?: { displayValue: string | null; value: string; dataValue: string | null; likelihood: number | null }[];
  propertyTypes: string | null;
  isQuestion: boolean;
  masterTariffIds: number[];
}

const BASELINE_REGION_T = { displayValue: 'Baseline Region T', value: '3538', dataValue: '3538', likelihood: null };

for (const dialect of dialects) {
  describe(`tariff property keys on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    const keys = async (query: string): Promise<Key[]> => {
      const body = await t.json(`/rest/public/tariffs/properties?${query}`, c);
      assert.equal(body.status, 'success');
      assert.equal(body.type, 'PropertyKey');
      assert.equal(body.count, body.results.length);
      return body.results;
    };
    const byName = (list: Key[]) => new Map(list.map((k) => [k.keyName, k]));

    before(async () => {
      // 2025-06-15: the spring 2025 versions of E-1 and E-TOU-C are in effect (they ended 2026-01-01).
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2025-06-15T12:00:00Z') });
      c = await t.credentials(['signal']);
    });
    after(() => t.close());

    it('asks PG&E residential customers in San Francisco (94110) for their baseline territory, naming both tariffs', async () => {
      const selection = 'zipCode=94110&customerClasses=RESIDENTIAL&effectiveOn=2025-06-15';
      const listed: {
        masterTariffId: number;
        rates: { territory: { territoryId: number; territoryName: string } | null }[];
      }[] = (await t.json(`/rest/public/tariffs?${selection}&populateRates=true`, c)).results;
      assert.deepEqual(
        listed.map((x) => x.masterTariffId),
        [E1, ETOUC],
        'the list selects E-1 and E-TOU-C',
      );
      const asked = await keys(selection);
      assert.deepEqual(
        asked.map((k) => k.keyName),
        ['baselineAllowanceType', 'territoryId'],
        'their stored property first, then what their rates ask: they are priced per baseline territory',
      );
      // A stored property both tariffs have: one entry naming both, with the property key's own choices.
      const allowance = asked[0]!;
      assert.deepEqual(
        { ...allowance, description: null },
        {
          keyName: 'baselineAllowanceType',
          displayName: 'Baseline Allowance Type',
          family: 'baseline',
          keyspace: 'customer',
          description: null,
          dataType: 'CHOICE',
          choices: allowance.choices,
          propertyTypes: 'RATE_CRITERIA',
          isQuestion: true,
          masterTariffIds: [E1, ETOUC],
        },
      );
      assert.deepEqual(
        allowance.choices!.map((ch) => ch.value),
        ['Basic', 'All-Electric'],
      );
      const territory = asked[1]!;
      assert.deepEqual(
        { ...territory, description: null, choices: null },
        {
          keyName: 'territoryId',
          displayName: 'Territory',
          family: null,
          keyspace: null,
          description: null,
          dataType: 'CHOICE',
          choices: null,
          propertyTypes: 'RATE_CRITERIA',
          isQuestion: true,
          masterTariffIds: [E1, ETOUC],
        },
      );
      assert.match(territory.description!, /baseline region/);
      // The choices are the territories the selected versions' rates are priced for, Baseline Region T among them.
      const priced = new Map(
        listed.flatMap((x) =>
          x.rates.flatMap((r) =>
            r.territory ? [[String(r.territory.territoryId), r.territory.territoryName] as const] : [],
          ),
        ),
      );
      assert.deepEqual(new Map(territory.choices!.map((ch) => [ch.value, ch.displayValue])), priced);
      assert.deepEqual(
        territory.choices!.find((ch) => ch.value === '3538'),
        BASELINE_REGION_T,
      );
      // The same place as an address; the list's other filters and dates mean the same here.
      assert.deepEqual(
        await keys(
          `addressString=${encodeURIComponent('1 Valencia St, San Francisco CA 94110')}&customerClasses=RESIDENTIAL&effectiveOn=2025-06-15`,
        ),
        asked,
      );
      assert.deepEqual(
        await keys('zipCode=94110&customerClasses=RESIDENTIAL'),
        asked,
        'effectiveOn defaults to today (2025-06-15 here), as in the list',
      );
      assert.deepEqual(
        (await keys(`${selection}&tariffTypes=ALTERNATIVE`)).map((k) => k.masterTariffIds),
        [[ETOUC], [ETOUC]],
      );
      assert.deepEqual(
        await keys('zipCode=94110&customerClasses=RESIDENTIAL&effectiveOn=2015-01-01'),
        [],
        'no PG&E version in effect then',
      );
      assert.deepEqual(
        await keys('zipCode=30303&customerClasses=RESIDENTIAL&lseId=734'),
        [],
        'Atlanta is not served by PG&E: nothing selected',
      );
    });

    it('with includeAll also lists usage and lookups, marked isQuestion false', async () => {
      const all = byName(await keys('zipCode=94110&customerClasses=RESIDENTIAL&includeAll=true'));
      assert.ok(all.get('territoryId')!.isQuestion);
      const consumption = all.get('consumption')!;
      assert.equal(consumption.isQuestion, false);
      assert.equal(consumption.dataType, 'DECIMAL');
      assert.equal(consumption.quantityUnit, 'kWh');
      assert.deepEqual(consumption.masterTariffIds, [E1, ETOUC]);
      const georgia = byName(await keys(`masterTariffId=${R22}&includeAll=true`));
      const fuel = georgia.get('fuelCostRecoverySecondaryDistributionSummer')!;
      assert.equal(fuel.dataType, 'LOOKUP', 'the lookup a rate takes its amount from');
      assert.equal(fuel.isQuestion, false);
      assert.ok(georgia.has('municipalFranchiseFeeInsideCityLimits'));
      assert.equal(georgia.get('consumption')!.isQuestion, false);
      assert.deepEqual(
        [...georgia.values()].filter((k) => k.isQuestion).map((k) => k.keyName),
        ['cityLimits', 'isLowIncomeSeniorCitizen953'],
      );
    });

    it('takes a masterTariffId list (comma or repeated): each key with the tariffs that ask for it', async () => {
      const asked = await keys(`masterTariffId=${ETOUC},${R22}`);
      assert.deepEqual(
        asked.map((k) => [k.keyName, k.masterTariffIds]),
        [
          ['cityLimits', [R22]],
          ['isLowIncomeSeniorCitizen953', [R22]],
          ['baselineAllowanceType', [ETOUC]],
          ['territoryId', [ETOUC]],
        ],
        'tariffs in ascending masterTariffId order whatever the order given, keys in the order first met',
      );
      const named = byName(asked);
      assert.deepEqual(
        named.get('cityLimits')!.choices!.map((x) => x.value),
        ['Inside', 'Outside'],
      );
      assert.equal(named.get('cityLimits')!.dataType, 'CHOICE');
      assert.equal(named.get('cityLimits')!.propertyTypes, 'RATE_CRITERIA');
      assert.equal(named.get('isLowIncomeSeniorCitizen953')!.dataType, 'BOOLEAN');
      assert.ok(
        !('choices' in named.get('isLowIncomeSeniorCitizen953')!),
        'a BOOLEAN takes true or false, not the band values: no choices',
      );
      assert.deepEqual(await keys(`masterTariffId=${ETOUC}&masterTariffId=${R22}`), asked);
      assert.deepEqual(await keys(`masterTariffId=${R22},${ETOUC},${R22}`), asked, 'an id given twice counts once');
      // What the original's Java client sends (its one-tariff request: fields=ext always, the populate flags when set).
      assert.deepEqual(
        await keys(`masterTariffId=${ETOUC},${R22}&fields=ext&populateProperties=true&populateRates=true`),
        asked,
      );
      // propertyTypes filters by what the tariffs call the key (the rate-derived keys are RATE_CRITERIA).
      assert.deepEqual(await keys(`masterTariffId=${ETOUC},${R22}&propertyTypes=rate_criteria`), asked);
      assert.deepEqual(await keys(`masterTariffId=${ETOUC},${R22}&propertyTypes=APPLICABILITY,BENEFIT`), []);
    });

    it('asks an account the same questions about the same tariffs (its interview)', async () => {
      const call = async (method: string, url: string, body?: unknown) => {
        const res = await t.inject({
          method: method as 'GET',
          url,
          headers: { authorization: t.authHeader(c), 'content-type': 'application/json' },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        assert.equal(res.statusCode, 200, `${method} ${url}: ${res.body}`);
        return res.json();
      };
      await call('POST', '/rest/v1/accounts', {
        providerAccountId: 'atlanta-1',
        address: { zip: '30303' },
        tariffs: [{ masterTariffId: R22 }],
        properties: { cityLimits: { keyName: 'cityLimits', dataValue: 'Outside' } },
      });
      const interview: {
        keyName: string;
        displayName: string | null;
        dataType: string | null;
        choices: { displayValue: string; value: string }[] | null;
        dataValue: string | null;
        masterTariffIds: number[];
      }[] = (await call('GET', '/rest/v1/accounts/pid/atlanta-1/interview')).results;
      const asked = await keys(`masterTariffId=${R22}`);
      assert.deepEqual(
        interview.map((q) => ({
          keyName: q.keyName,
          displayName: q.displayName,
          dataType: q.dataType,
          choices: q.choices,
          masterTariffIds: q.masterTariffIds,
        })),
        asked.map((k) => ({
          keyName: k.keyName,
          displayName: k.displayName,
          dataType: k.dataType,
          choices: k.choices?.map((x) => ({ displayValue: x.displayValue ?? x.value, value: x.value })) ?? null,
          masterTariffIds: k.masterTariffIds,
        })),
      );
      assert.deepEqual(
        interview.map((q) => [q.keyName, q.dataValue]),
        [
          ['cityLimits', 'Outside'],
          ['isLowIncomeSeniorCitizen953', null],
        ],
        "with the account's answers",
      );
      // On E-1 the interview also asks what the rates ask (the baseline territory); an answer given comes back.
      await call('POST', '/rest/v1/accounts', {
        providerAccountId: 'sf-1',
        address: { zip: '94110' },
        tariffs: [{ masterTariffId: E1 }],
      });
      const before: typeof interview = (await call('GET', '/rest/v1/accounts/pid/sf-1/interview')).results;
      assert.deepEqual(
        before.map((q) => [q.keyName, q.dataValue, q.masterTariffIds]),
        (await keys(`masterTariffId=${E1}`)).map((k) => [k.keyName, null, [E1]]),
      );
      assert.ok(before.some((q) => q.keyName === 'territoryId'));
      const answered: typeof interview = (
        await call('PUT', '/rest/v1/accounts/pid/sf-1/interview', {
          territoryId: { keyName: 'territoryId', dataValue: '1000301' },
        })
      ).results;
      assert.equal(answered.find((q) => q.keyName === 'territoryId')!.dataValue, '1000301');
    });

    it('a masterTariffId no tariff has is a 404 naming it; one the other parameters leave out asks nothing', async () => {
      for (const q of ['masterTariffId=999999', `masterTariffId=${R22},999999`]) {
        const res = await t.get(`/rest/public/tariffs/properties?${q}`, c);
        assert.equal(res.statusCode, 404, res.body);
        assert.deepEqual(
          (({ objectName, propertyName, propertyValue }) => ({ objectName, propertyName, propertyValue }))(
            res.json().results[0],
          ),
          { objectName: 'Tariff', propertyName: 'masterTariffId', propertyValue: '999999' },
        );
      }
      assert.deepEqual(
        await keys(`masterTariffId=${E1}&effectiveOn=2015-01-01`),
        [],
        'E-1 exists but has no version in effect then',
      );
      assert.deepEqual(await keys(`masterTariffId=${E1}&customerClasses=GENERAL`), []);
    });

    it('400 names an unknown parameter and each bad value, as the tariff list does', async () => {
      await t.expectBadParameters('/rest/public/tariffs/properties', c, [
        ['masterTariffIds=512', 'masterTariffIds'],
        ['zipcode=94110', 'zipcode'],
        ['pageCount=10', 'pageCount'],
        ['populateRates=maybe', 'populateRates'],
        ['masterTariffId=abc', 'masterTariffId'],
        ['masterTariffId=0', 'masterTariffId'],
        ['masterTariffId=512,99999999999', 'masterTariffId'],
        ['masterTariffId=', 'masterTariffId'],
        ['propertyTypes=QUESTION', 'propertyTypes'],
        ['includeAll=sometimes', 'includeAll'],
        ['customerClasses=VIP', 'customerClasses'],
        ['effectiveOn=soon', 'effectiveOn'],
        ['zipCode=3030', 'zipCode'],
        ['fromDateTime=2025-01-01', 'toDateTime'],
      ]);
      const res = await t.get('/rest/public/tariffs/properties?masterTariffIds=512', c);
      assert.match(
        res.json().results[0].message,
        /masterTariffIds is not a parameter of this operation.*masterTariffId,/,
      );
      const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
      assert.equal(
        (await t.get(`/rest/public/tariffs/properties?masterTariffId=${many}`, c)).json().results[0].propertyName,
        'masterTariffId',
      );
    });

    it('needs credentials', async () => {
      assert.equal(
        (await t.inject({ method: 'GET', url: '/rest/public/tariffs/properties?zipCode=94110' })).statusCode,
        401,
      );
      assert.equal(
        (
          await t.inject({
            method: 'GET',
            url: '/rest/public/tariffs/properties',
            headers: { authorization: t.authHeader({ appId: c.appId, appKey: 'wrong' }) },
          })
        ).statusCode,
        401,
      );
    });

    it('keeps UNLISTED tariffs out unless asked for and PRIVATE ones out altogether, as the list does', async () => {
      const db = t.db.kysely;
      try {
        await db.updateTable('tariffs').set({ privacy: 'UNLISTED' }).where('master_tariff_id', '=', ETOUC).execute();
        const askedBy = async (query: string) =>
          (await keys(query)).find((k) => k.keyName === 'territoryId')!.masterTariffIds;
        assert.deepEqual(await askedBy('zipCode=94110&customerClasses=RESIDENTIAL'), [E1]);
        assert.deepEqual(await askedBy('zipCode=94110&customerClasses=RESIDENTIAL&privacyFlags=PUBLIC,UNLISTED'), [
          E1,
          ETOUC,
        ]);
        assert.deepEqual(
          await keys(`masterTariffId=${ETOUC}`),
          [],
          'named but unlisted: selected only with privacyFlags=UNLISTED',
        );
        await db.updateTable('tariffs').set({ privacy: 'PRIVATE' }).where('master_tariff_id', '=', ETOUC).execute();
        assert.deepEqual(
          await askedBy('zipCode=94110&customerClasses=RESIDENTIAL&privacyFlags=PUBLIC,UNLISTED,PRIVATE'),
          [E1],
        );
        const res = await t.get(`/rest/public/tariffs/properties?masterTariffId=${ETOUC}&privacyFlags=PRIVATE`, c);
        assert.equal(res.statusCode, 404, 'no caller owns a PRIVATE tariff: it is not there for them');
      } finally {
        await db.updateTable('tariffs').set({ privacy: 'PUBLIC' }).where('master_tariff_id', '=', ETOUC).execute();
      }
    });

    it('adds what the riders a version names ask for, while the rider version is in effect during it', async () => {
      const db = t.db.kysely;
      // E-TOU-C's version in effect today (2025-06-15) names the rider.
      const base = await db
        .selectFrom('tariffs')
        .selectAll()
        .where('master_tariff_id', '=', ETOUC)
        .where('effective_date', '<=', '2025-06-15')
        .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>', '2025-06-15')]))
        .executeTakeFirstOrThrow();
      // A rider with two versions: 2024 (asks cityLimits) and from 2025-04-01 (asks connectionType by its bands).
      await db
        .insertInto('tariffs')
        .values({
          ...base,
          tariff_id: 9100001,
          master_tariff_id: 9100001,
          prior_tariff_id: null,
          tariff_type: 'RIDER',
          tariff_name: 'Test rider 2024',
          effective_date: '2024-01-01',
          end_date: '2025-01-01',
          source: 'test',
        })
        .execute();
      await db
        .insertInto('tariffs')
        .values({
          ...base,
          tariff_id: 9100002,
          master_tariff_id: 9100001,
          prior_tariff_id: 9100001,
          tariff_type: 'RIDER',
          tariff_name: 'Test rider 2025',
          effective_date: '2025-04-01',
          end_date: null,
          source: 'test',
        })
        .execute();
      const rate = (
        id: number,
        tariffId: number,
        fields: { rider_id?: number; applicability_key?: string; charge_type?: string },
      ) => ({
        tariff_rate_id: id,
        tariff_id: tariffId,
        master_tariff_rate_id: null,
        rider_tariff_id: null,
        rider_id: null,
        tariff_sequence_number: 50,
        rate_group_name: 'Test',
        rate_name: 'Test',
        from_date_time: null,
        to_date_time: null,
        charge_type: null,
        charge_class: null,
        charge_period: null,
        transaction_type: null,
        quantity_key: null,
        applicability_key: null,
        variable_limit_key: null,
        variable_rate_key: null,
        variable_rate_sub_key: null,
        variable_factor_key: null,
        edge_predominance: null,
        territory_id: null,
        season_id: null,
        tou_id: null,
        proration_rules: null,
        ...fields,
      });
      await db
        .insertInto('tariff_rates')
        .values([
          rate(9100001, base.tariff_id, { rider_id: 9100001 }),
          rate(9100002, 9100001, { charge_type: 'FIXED_PRICE', applicability_key: 'cityLimits' }),
          rate(9100003, 9100002, { charge_type: 'FIXED_PRICE', applicability_key: 'connectionType' }),
        ])
        .execute();
      await db
        .insertInto('tariff_properties')
        .values({
          tariff_id: 9100002,
          sequence: 0,
          key_name: 'isLowIncomeSeniorCitizen953',
          property_types: 'APPLICABILITY',
          operator: '=',
          property_value: 'true',
          min_value: null,
          max_value: null,
          period: null,
          quantity_key: null,
          is_default: false,
        })
        .execute();
      try {
        const asked = await keys(`masterTariffId=${ETOUC}`);
        assert.deepEqual(
          asked.map((k) => [k.keyName, k.masterTariffIds]),
          [
            ['baselineAllowanceType', [ETOUC]],
            ['territoryId', [ETOUC]],
            ['isLowIncomeSeniorCitizen953', [ETOUC]],
            ['connectionType', [ETOUC]],
          ],
          "the 2025 rider version's property and rate keys, under the tariff that names the rider; not the 2024 version's",
        );
        const connection = byName(asked).get('connectionType')!;
        assert.equal(connection.choices!.length, 6, "the key's own choices");
        assert.deepEqual(byName(asked).get('isLowIncomeSeniorCitizen953')!.propertyTypes, 'APPLICABILITY');
        assert.deepEqual(
          (await keys(`masterTariffId=${ETOUC}&propertyTypes=APPLICABILITY`)).map((k) => k.keyName),
          ['isLowIncomeSeniorCitizen953'],
        );
        assert.deepEqual(
          (await keys(`masterTariffId=${ETOUC},${R22}&propertyTypes=APPLICABILITY,RATE_CRITERIA`)).find(
            (k) => k.keyName === 'isLowIncomeSeniorCitizen953',
          )!.propertyTypes,
          'RATE_CRITERIA,APPLICABILITY',
        );
      } finally {
        await db.deleteFrom('tariff_properties').where('tariff_id', '=', 9100002).execute();
        await db.deleteFrom('tariff_rates').where('tariff_rate_id', 'in', [9100001, 9100002, 9100003]).execute();
        await db.deleteFrom('tariffs').where('tariff_id', 'in', [9100001, 9100002]).execute();
      }
    });
  });
}
