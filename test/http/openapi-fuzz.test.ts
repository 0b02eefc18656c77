// Every operation of /openapi.json fuzzed over a real socket (test/helpers/openapi-fuzz.ts makes the requests): no
// answer is a server error, every 400 names a parameter, no answer shows a stack trace, SQL or a file path, and the
// process serves on. About 2,000 requests per database in CI; FUZZ_REQUESTS=20000 (and FUZZ_SEED) for a longer run.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { dialects } from '../helpers/dialects.ts';
import { fuzzRequests, operationsOf, type FuzzPlan, type FuzzRequest } from '../helpers/openapi-fuzz.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { startFakeUrdb, type FakeUrdb } from '../helpers/urdb-api-server.ts';

const COUNT = Number(process.env.FUZZ_REQUESTS ?? 2000);
// Requests go to the operations in turn, so a new operation reshuffles every one's share; the first round sends each
// operation its sample request unspoilt (test/helpers/openapi-fuzz.ts), so every operation is reached past its
// validation whatever the seed (before, new operations made seed after seed send the URDB sync none).
const SEED = Number(process.env.FUZZ_SEED ?? 20261131);

const TOU_BODY = {
  lseId: 734,
  timeOfUses: [
    {
      touName: 'Peak',
      touType: 'ON_PEAK',
      touPeriods: [{ fromDayOfWeek: 0, fromHour: 17, fromMinute: 0, toDayOfWeek: 4, toHour: 20, toMinute: 0 }],
    },
    {
      touName: 'Off-Peak',
      touType: 'OFF_PEAK',
      touPeriods: [
        { fromDayOfWeek: 0, fromHour: 20, fromMinute: 0, toDayOfWeek: 4, toHour: 17, toMinute: 0 },
        { fromDayOfWeek: 5, fromHour: 0, fromMinute: 0, toDayOfWeek: 6, toHour: 0, toMinute: 0 },
      ],
    },
  ],
};
/** A tariff of the caller's own (tariff authoring): a tiered energy rate on a public TOU and season of PG&E. */
const AUTHORED_TARIFF = {
  tariffName: 'Fuzz authored tariff',
  lseId: 734,
  effectiveDate: '2026-01-01',
  customerClass: 'RESIDENTIAL',
  rates: [
    {
      rateName: 'Customer Charge',
      chargeType: 'FIXED_PRICE',
      chargePeriod: 'MONTHLY',
      rateBands: [{ rateAmount: 10 }],
    },
    {
      rateName: 'Energy',
      chargeType: 'CONSUMPTION_BASED',
      timeOfUse: { touId: 1000006 },
      rateBands: [{ hasConsumptionLimit: true, consumptionUpperLimit: 300, rateAmount: 0.2 }, { rateAmount: 0.3 }],
    },
  ],
  properties: [{ keyName: 'territoryId', propertyValue: '3538' }],
};
const USAGE = [
  {
    keyName: 'consumption',
    dataSeries: Array.from({ length: 48 }, (_, h) => (h % 24 > 16 ? 2 : 1)),
    duration: 3_600_000,
  },
  { keyName: 'territoryId', dataValue: 3538 },
];

/** A battery (the original's field names) with two days of PV beside the usage. */
const STORAGE = {
  batteryNameplateCapacity: 13.5,
  batteryNameplatePower: '5',
  batteryMinSoc: 0.1,
  allowGridToBattery: 'true',
  dispatchStrategy: 'BILL_OPTIMAL',
  solar: {
    duration: 3_600_000,
    dataSeries: Array.from({ length: 48 }, (_, h) => (h % 24 >= 9 && h % 24 < 16 ? 3 : 0)),
  },
};

const PLAN: Omit<FuzzPlan, 'operations'> = {
  samples: {
    lseId: 734,
    touGroupId: 1000001,
    touId: 1000006,
    masterTariffId: 522,
    territoryId: 3538,
    utilityTaxId: 1000001,
    calendarId: 1000001,
    documentId: 1500004,
    keyName: 'sampleHourlyPrice',
    zipCode: '94110',
    errorCode: '404',
    format: 'urdb',
  },
  bodies: {
    'POST /rest/echo': { hello: 'world', n: [1, 2] },
    'POST /rest/timeofuses': TOU_BODY,
    'PUT /rest/timeofuses': {
      ...TOU_BODY,
      touGroupId: 1000001,
      timeOfUses: TOU_BODY.timeOfUses.map((t, i) => ({ ...t, touId: 1000001 + i })),
    },
    'POST /rest/beta/tariffs': AUTHORED_TARIFF,
    'PUT /rest/beta/tariffs/{tariffId}': AUTHORED_TARIFF,
    'POST /rest/v1/ondemand/calculate': {
      masterTariffId: 1100102,
      fromDateTime: '2025-07-01',
      toDateTime: '2025-07-03',
      groupBy: 'DAY',
      propertyInputs: USAGE,
      rateInputs: [{ chargeType: 'CONSUMPTION_BASED', rateBands: [{ rateAmount: 0.01 }] }],
      expected: { totalCost: 10 },
      storage: STORAGE,
    },
    'POST /rest/public/calculate/{masterTariffId}': {
      fromDateTime: '2025-07-01',
      toDateTime: '2025-07-03',
      detailLevel: 'CHARGE_TYPE',
      tariffInputs: USAGE,
      zipCode: '94110',
    },
    'POST /rest/v1/ondemand/calculate/mass': {
      fromDateTime: '2025-07-01',
      toDateTime: '2025-07-03',
      detailLevel: 'CHARGE_TYPE',
      address: { zip: '94612' },
      sharedScenario: { propertyInputs: USAGE },
      scenarios: [
        { scenarioName: 'E-1', masterTariffId: 522 },
        { masterTariffId: 1100102, storage: { ...STORAGE, dispatchStrategy: { chargeOnSurplus: true } } },
      ],
    },
    'POST /rest/v1/profiles/storage': {
      providerAccountId: 'fuzz-account',
      providerProfileId: 'fuzz-battery',
      fromDateTime: '2025-07-01T00:00:00-07:00',
      toDateTime: '2025-07-03T00:00:00-07:00',
      consumption: { providerProfileId: 'fuzz-usage' },
      solar: [{ providerProfileId: 'fuzz-pv', dataFactor: 1.5 }],
      storage: { mainTariffId: 1100102, ...STORAGE, solar: undefined },
    },
    'POST /rest/v1/jobs': {
      kind: 'CALCULATION',
      providerAccountIds: ['fuzz-account'],
      calculation: { fromDateTime: '2025-07-01', toDateTime: '2025-07-03' },
      scenarios: [{ name: 'own' }, { name: 'touc', masterTariffId: 1100102 }],
    },
    'POST /rest/v1/accounts/analysis': {
      fromDateTime: '2025-07-01',
      address: { zip: '94110' },
      rateInputs: [{ scenarios: 'solar', chargeType: 'CONSUMPTION_BASED', rateBands: [{ rateAmount: 0.1 }] }],
      propertyInputs: [
        { keyName: 'masterTariffId', dataValue: 522 },
        { keyName: 'projectDuration', dataValue: 3 },
        { keyName: 'consumption', duration: 3_600_000, dataSeries: Array(8760).fill(0.6) },
        {
          keyName: 'solarProduction',
          dataSeries: Array.from({ length: 8760 }, (_, h) => (h % 24 >= 10 && h % 24 < 15 ? 2 : 0)),
        },
      ],
    },
    'POST /rest/v1/accounts/compare': {
      fromDateTime: '2025-07-01',
      address: { zip: '94110' },
      masterTariffId: 522,
      populateMonths: true,
      propertyInputs: [
        { keyName: 'consumption', duration: 3_600_000, dataSeries: Array(8760).fill(0.6) },
        { keyName: 'evAnnualConsumption', dataValue: 3000 },
        { keyName: 'evChargingStart', dataValue: 22 },
      ],
    },
    ...Object.fromEntries(
      ['/rest/v1/accounts/{accountId}/compare', '/rest/v1/accounts/pid/{providerAccountId}/compare'].map((p) => [
        `POST ${p}`,
        { fromDateTime: '2025-07-01', useIntelligentBaselining: true, masterTariffId: 1100102 },
      ]),
    ),
    // Readings take JSON, CSV or XML, so the document does not describe their body.
    ...Object.fromEntries(
      ['POST', 'PUT'].flatMap((m) =>
        ['{profileId}', 'pid/{providerProfileId}'].map((p) => [
          `${m} /rest/v1/profiles/${p}/readings`,
          { readingData: [{ fromDateTime: '2025-07-01T00:00', toDateTime: '2025-07-01T01:00', quantityValue: 1 }] },
        ]),
      ),
    ),
    ...Object.fromEntries(
      [
        '/rest/v1/accounts/{accountId}/calculate',
        '/rest/v1/accounts/pid/{providerAccountId}/calculate',
        '/rest/public/calculate/account/{accountId}',
      ].map((p) => [
        `POST ${p}`,
        { fromDateTime: '2025-07-01T00:00-07:00', toDateTime: '2025-07-03T00:00-07:00', masterTariffId: 1100102 },
      ]),
    ),
    // Synced from a local stand-in of the OpenEI API answering no records (never the real API, whatever the key).
    'POST /rest/admin/sync/urdb': {
      apiKey: 'fuzz-key',
      eia: '14328',
      sector: 'Residential',
      since: '2025-01-01',
      pageSize: 10,
    },
    'POST /rest/admin/import/{format}': [
      {
        label: 'fuzz',
        name: 'Fuzz',
        sector: 'Commercial',
        startdate: 1609459200,
        eiaid: 14328,
        energyratestructure: [[{ rate: 0.1 }]],
        energyweekdayschedule: Array(12).fill(Array(24).fill(0)),
        energyweekendschedule: Array(12).fill(Array(24).fill(0)),
      },
    ],
  },
  queries: {
    'GET /rest/public/properties/lookups': {
      keyName: 'sampleHourlyPrice',
      fromDateTime: '2025-07-01',
      toDateTime: '2025-07-02',
    },
    'GET /rest/public/properties/{keyName}/lookups': { fromDateTime: '2025-07-01', toDateTime: '2025-07-02' },
    'GET /rest/v1/prices/smart': { masterTariffId: '1100102', fromDateTime: '2025-07-01', toDateTime: '2025-07-03' },
    'GET /rest/public/prices/{masterTariffId}': {
      fromDateTime: '2025-07-01T09:30',
      toDateTime: '2025-07-03',
      consumptionAmount: '300',
    },
    'GET /rest/public/calculate/{masterTariffId}': {
      fromDateTime: '2025-07-01',
      toDateTime: '2025-07-03',
      consumption: '40',
      territoryId: '3538',
      groupBy: 'DAY',
    },
    'GET /rest/public/seasons': { lseId: '734' },
    'GET /rest/public/calculate/account/{accountId}': {
      fromDateTime: '2025-07-01T00:00-07:00',
      toDateTime: '2025-07-03T00:00-07:00',
      masterTariffId: '1100102',
    },
    'GET /rest/public/zipcodes': { search: 'oak', searchOn: 'city', isRegex: 'true' },
    'GET /rest/public/tariffs': { lseId: '734', fromDateTime: '2025-01-01', toDateTime: '2026-01-01' },
    'GET /rest/public/tariffs/properties': { masterTariffId: '522,512', effectiveOn: '2025-07-01', includeAll: 'true' },
  },
};

/** What no answer may show: stack frames, file paths, SQL engine errors, JavaScript error names. */
const LEAKS =
  /node_modules|\/src\/|\.ts:\d+|\.js:\d+|\bat [\w.<>]+ \(|SQLITE_|SqliteError|syntax error at|relation "|violates|TypeError|ReferenceError|RangeError|Maximum call stack/;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function send(base: URL, auth: string, req: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { authorization: auth, ...req.headers };
    if (req.body) headers['content-length'] = req.body.length;
    const r = request(
      { host: base.hostname, port: base.port, method: req.method, path: req.url, headers, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    r.on('timeout', () => r.destroy(new Error('no answer in 30 s')));
    r.on('error', reject);
    r.end(req.body ?? undefined);
  });
}

/** The simulated error operation answers the code it is asked for; everything else must stay below 500. */
function isSimulated(req: FuzzRequest, answer: Answer): boolean {
  return req.operation.path.startsWith('/rest/echo/errors/') && answer.text.includes('"SimulatedError"');
}

/** What is wrong with an answer, or null. */
function fault(req: FuzzRequest, answer: Answer): string | null {
  if (answer.status >= 500 && !isSimulated(req, answer)) return 'server error';
  if (LEAKS.test(answer.text.slice(0, 200_000))) return 'leaks internals';
  if (answer.status >= 400 && !isSimulated(req, answer)) {
    let body: { status?: string; results?: { propertyName?: string | null }[] };
    try {
      body = JSON.parse(answer.text);
    } catch {
      return 'error not in the JSON envelope';
    }
    if (body.status !== 'error') return 'error not in the envelope';
    if (answer.status === 400 && !body.results?.[0]?.propertyName) return 'a 400 that names no parameter';
  }
  return null;
}

for (const dialect of dialects) {
  describe(`fuzz of every operation in /openapi.json on ${dialect}`, () => {
    let t: TestApp;
    let base: URL;
    let auth: string;
    let urdb: FakeUrdb;
    let stateDir: string;
    before(async () => {
      urdb = await startFakeUrdb([], { anyKey: true });
      stateDir = mkdtempSync(join(tmpdir(), 'fuzz-urdb-'));
      t = await buildTestApp(dialect, {
        seed: true,
        env: {
          RATE_LIMIT_MAX: '0',
          URDB_API_URL: urdb.url,
          URDB_SYNC_STATE_FILE: join(stateDir, 'state.json'),
          URDB_RETRY_BASE_MS: '0',
        },
      });
      base = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
      auth = t.authHeader(await t.credentials(['signal', 'enterprise', 'privateTou', 'admin']));
      // An account of the fuzzing organization with a profile, so that the account and profile operations are reached
      // past their 404 (until the fuzz itself deletes them).
      const post = async (path: string, body: unknown) => {
        const res = await fetch(new URL(path, base), {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
        return ((await res.json()) as { results: Record<string, string>[] }).results[0]!;
      };
      const account = await post('/rest/v1/accounts', {
        providerAccountId: 'fuzz-account',
        accountName: 'Fuzz',
        address: { zip: '94110' },
        properties: { customerClass: { keyName: 'customerClass', dataValue: 'RESIDENTIAL' } },
      });
      const profile = await post('/rest/v1/profiles', {
        accountId: account.accountId,
        providerProfileId: 'fuzz-profile',
        serviceTypes: 'ELECTRICITY',
        readingData: Array.from({ length: 48 }, (_, h) => ({
          fromDateTime: `2025-07-0${1 + Math.floor(h / 24)}T${String(h % 24).padStart(2, '0')}:00-07:00`,
          duration: 3_600_000,
          quantityUnit: 'kWh',
          quantityValue: 1,
        })),
      });
      // A portfolio job of the fuzzing organization, for the job operations to reach past their 404.
      const job = await fetch(new URL('/rest/v1/jobs', base), {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify(PLAN.bodies['POST /rest/v1/jobs']),
      });
      assert.equal(job.status, 202, await job.clone().text());
      const { jobId } = ((await job.json()) as { results: Record<string, string>[] }).results[0]!;
      // An application of another organization for the key operations to revoke and rotate (never the fuzzer's own).
      const target = await t.credentials(['signal'], 'fuzz-target');
      Object.assign(PLAN.samples, {
        appId: target.appId,
        accountId: account.accountId,
        providerAccountId: 'fuzz-account',
        profileId: profile.profileId,
        providerProfileId: 'fuzz-profile',
        jobId,
      });
    });
    after(async () => {
      await t.close();
      await urdb.close();
      rmSync(stateDir, { recursive: true, force: true });
    });

    it(`answers ${COUNT} hostile requests without a server error, a leak or a crash`, {
      timeout: 900_000,
    }, async () => {
      const doc = (await (await fetch(new URL('/openapi.json', base))).json()) as Parameters<typeof operationsOf>[0];
      const operations = operationsOf(doc);
      assert.ok(operations.length >= 40, `${operations.length} operations`);
      const statuses = new Map<number, number>();
      const faults: string[] = [];
      let n = 0;
      for (const req of fuzzRequests({ operations, ...PLAN }, SEED, COUNT)) {
        if (process.env.FUZZ_VERBOSE) process.stderr.write(`${req.method} ${req.url.slice(0, 200)} [${req.what}]\n`);
        const answer = await send(base, auth, req);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const why = fault(req, answer);
        if (why)
          faults.push(
            `${why}: ${req.method} ${req.url.slice(0, 160)} [${req.what}] -> ${answer.status} ${answer.text.slice(0, 240)}`,
          );
        if (++n % 250 === 0)
          assert.equal((await fetch(new URL('/health', base))).status, 200, `still serving after ${n}`);
      }
      assert.equal((await fetch(new URL('/health', base))).status, 200);
      assert.deepEqual(faults.slice(0, 25), [], `${faults.length} faulty answers of ${COUNT}`);
      // The fuzz must reach the operations, not only their validation (the URDB sync: its stand-in API was asked).
      assert.ok(urdb.requests.length > 0, 'no URDB sync got past its validation');
      const succeeded = [...statuses].reduce(
        (n, [status, count]) => n + (status >= 200 && status < 300 ? count : 0),
        0,
      );
      // 2xx: a job is accepted with 202. One in 25: the requests are shared by more operations as routes are added.
      assert.ok(succeeded > COUNT / 25, JSON.stringify([...statuses]));
    });
  });
}
