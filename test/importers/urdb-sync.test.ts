// URDB sync against a local stand-in of the OpenEI API answering pages of the reference records (read in place from
// ../shared/reference/urdb): paging to an empty page, retries (500, 429 with Retry-After), a run stopped by a page
// that keeps failing and its resume, reruns that change nothing, "changed since" checked on the records, supersession
// (nothing deleted: the earlier version ends where the newer starts), and the admin HTTP operation, on both engines.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { dataStatus } from '../../src/cli/data.command.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { ImportFormatError } from '../../src/importers/source-lines.ts';
import { retryAfterMs, UrdbApiClient } from '../../src/importers/urdb/api-client.ts';
import { syncUrdb, UrdbSyncError, type UrdbSyncRequest, type UrdbSyncSettings } from '../../src/importers/urdb/sync.ts';
import { dialects } from '../helpers/dialects.ts';
import { REFERENCE_DIR } from '../helpers/reference.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { referenceRecord, startFakeUrdb, URDB_TEST_KEY, type FakeUrdb } from '../helpers/urdb-api-server.ts';

const HAVE_REFERENCE = existsSync(join(REFERENCE_DIR, 'urdb'));
/** In label order: PECO (no LSE with a zone: skipped), SCE, PSCo, PG&E (starter LSEs by EIA id). */
const FILES = ['peco-gs-ht.json', 'sce-gs-2-tou-b.json', 'psco-residential-demand-rd.json', 'pge-e-19-secondary.json'];
const PSCO = '5a679442682bea21e990a0d4';
/** The label PSCo's RD record says it supersedes. */
const PSCO_EARLIER = '589a13d05457a3a21b1a7903';

/**
 * A stand-in for the record PSCo's RD record supersedes (its label, and for the test only: the same rates, effective
 * 2017-01-01, last revised 2017-02-02). Synthetic: the real earlier record is not in the reference folder.
 */
function earlierPsco(): Record<string, unknown> {
  const { supersedes: _none, ...rest } = referenceRecord('psco-residential-demand-rd.json');
  return { ...rest, label: PSCO_EARLIER, startdate: 1483228800, revisions: [1486000000], uri: 'synthetic test record' };
}

for (const dialect of dialects) {
  describe(`URDB sync on ${dialect}`, { skip: !HAVE_REFERENCE && '../shared/reference is absent' }, () => {
    let t: TestApp;
    let api: FakeUrdb;
    let dir: string;
    let sleeps: number[];
    const settings = (stateFile = join(dir, 'state.json')): UrdbSyncSettings => ({
      apiUrl: api.url,
      apiKey: URDB_TEST_KEY,
      stateFile,
      retryBaseMs: 1,
      sleep: async (ms) => void sleeps.push(ms),
    });
    const sync = (request: UrdbSyncRequest, s = settings()) => syncUrdb(t.db, { pageSize: 2, ...request }, s);
    const tariff = (key: string) =>
      t.db.kysely.selectFrom('tariffs').selectAll().where('import_key', '=', key).executeTakeFirstOrThrow();
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
      api = await startFakeUrdb(FILES.map(referenceRecord));
      dir = mkdtempSync(join(tmpdir(), 'urdb-sync-'));
    });
    after(async () => {
      await api.close();
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('reads two pages then an empty one, imports them page by page, and a rerun finds everything unchanged', async () => {
      api.requests.length = 0;
      sleeps = [];
      const s = await sync({ all: true });
      assert.deepEqual(api.offsets(), [0, 2, 4], 'two full pages, then the empty page that ends it');
      const first = api.requests[0]!.searchParams;
      assert.deepEqual(
        Object.fromEntries(
          ['version', 'format', 'detail', 'limit', 'offset', 'orderby', 'direction'].map((k) => [k, first.get(k)]),
        ),
        { version: '8', format: 'json', detail: 'full', limit: '2', offset: '0', orderby: 'label', direction: 'asc' },
      );
      assert.equal(first.get('api_key'), URDB_TEST_KEY);
      assert.deepEqual(
        {
          pages: s.pages,
          records: s.records,
          created: s.created,
          updated: s.updated,
          unchanged: s.unchanged,
          retries: s.retries,
          completed: s.completed,
          nextOffset: s.nextOffset,
        },
        { pages: 3, records: 4, created: 3, updated: 0, unchanged: 0, retries: 0, completed: true, nextOffset: 4 },
      );
      assert.deepEqual(
        s.skipped.map((k) => k.label),
        ['53ac8daa5257a3406ac32a35 (GS-HT (HIGH TENSION POWER) - Procurement 3)'],
      );
      assert.match(s.skipped[0]!.reason, /time zone of PECO Energy Co is not known/);
      // Each version carries the record's last revision as its lastUpdated, and sits with its LSE by EIA id.
      const psco = await tariff(PSCO);
      assert.equal(psco.last_updated, '2018-01-23T13:04:09Z', 'the latest of its revisions');
      assert.equal(psco.lse_id, 1000007);
      const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'));
      const entry = Object.values(state.queries)[0] as { inProgress?: unknown; lastCompleted?: { startedAt: string } };
      assert.equal(entry.inProgress, undefined, 'a completed run leaves nothing to resume');
      assert.ok(entry.lastCompleted?.startedAt);

      const again = await sync({ all: true });
      assert.deepEqual(
        { created: again.created, updated: again.updated, unchanged: again.unchanged, skipped: again.skipped.length },
        { created: 0, updated: 0, unchanged: 3, skipped: 1 },
      );
      assert.deepEqual(sleeps, []);
    });

    it('retries a 500 and a 429 (honouring Retry-After) and counts the retries', async () => {
      api.requests.length = 0;
      sleeps = [];
      api.failures.set(0, { times: 1, status: 429, retryAfter: '3' });
      api.failures.set(2, { times: 1, status: 500 });
      const s = await sync({ all: true });
      assert.deepEqual(api.offsets(), [0, 0, 2, 2, 4]);
      assert.equal(s.retries, 2);
      assert.equal(s.unchanged, 3);
      assert.ok(sleeps[0]! >= 3000, `Retry-After 3 s waits 3 s, not ${sleeps[0]} ms`);
      assert.ok(sleeps[1]! <= 2, `the base delay of 1 ms, not ${sleeps[1]} ms`);
    });

    it('stops at a page that keeps failing, keeping the pages before it, and --resume continues there', async () => {
      // Another PostgreSQL schema or SQLite database would do as well; a fresh state file and the EIA filter suffice:
      // the records of the failing run are new to neither, so what counts is which pages are read.
      const stateFile = join(dir, 'resume.json');
      api.requests.length = 0;
      sleeps = [];
      api.failures.set(2, { times: Infinity, status: 502, body: '<html>Bad Gateway</html>' });
      const failed = await sync({ all: true, maxAttempts: 3 }, settings(stateFile)).then(
        () => assert.fail('the sync should stop'),
        (e: unknown) => e,
      );
      assert.ok(failed instanceof UrdbSyncError);
      assert.match(
        failed.message,
        /URDB page at offset 2 failed after 3 attempts: HTTP 502: <html>Bad Gateway<\/html>; the 1 page before it is imported; run again with --resume to continue from offset 2/,
      );
      assert.doesNotMatch(failed.message, new RegExp(URDB_TEST_KEY));
      assert.deepEqual(api.offsets(), [0, 2, 2, 2]);
      assert.deepEqual(
        {
          pages: failed.summary.pages,
          records: failed.summary.records,
          nextOffset: failed.summary.nextOffset,
          completed: failed.summary.completed,
        },
        { pages: 1, records: 2, nextOffset: 2, completed: false },
      );
      assert.equal(sleeps.length, 2, 'two waits between three attempts');
      assert.ok(sleeps[1]! >= sleeps[0]!, 'the backoff grows');

      api.failures.clear();
      api.requests.length = 0;
      const resumed = await sync({ all: true, resume: true }, settings(stateFile));
      assert.deepEqual(api.offsets(), [2, 4], 'page 1 is not read again');
      assert.deepEqual(
        {
          resumedFrom: resumed.resumedFrom,
          pages: resumed.pages,
          records: resumed.records,
          unchanged: resumed.unchanged,
          completed: resumed.completed,
        },
        { resumedFrom: 2, pages: 2, records: 2, unchanged: 2, completed: true },
      );
      // Nothing left to resume: a second --resume starts from the first page and says so.
      api.requests.length = 0;
      const fresh = await sync({ all: true, resume: true }, settings(stateFile));
      assert.deepEqual(api.offsets(), [0, 2, 4]);
      assert.equal(fresh.resumedFrom, null);
      assert.match(fresh.notes.join(), /no interrupted sync of these filters to resume/);
    });

    it('moves an unreadable state file aside and starts afresh, saying so', async () => {
      const stateFile = join(dir, 'garbled.json');
      writeFileSync(stateFile, '{"version": 1, "quer');
      const s = await sync({ eia: '15466', resume: true }, settings(stateFile));
      assert.equal(s.completed, true);
      assert.equal(s.resumedFrom, null);
      assert.ok(
        s.notes.some((n) => n.includes('unreadable') && n.includes(`${stateFile}.unreadable`)),
        s.notes.join('; '),
      );
      assert.equal(
        readFileSync(`${stateFile}.unreadable`, 'utf8'),
        '{"version": 1, "quer',
        'the garbled file is kept for a look',
      );
      assert.ok(JSON.parse(readFileSync(stateFile, 'utf8')).queries, 'a new state file is written');
    });

    it('fails at once, without retries, on an answer no retry changes (a wrong key), never showing the key', async () => {
      api.requests.length = 0;
      const e = await syncUrdb(t.db, { all: true }, { ...settings(), apiKey: 'wrong-key-123' }).catch(
        (x: unknown) => x,
      );
      assert.ok(e instanceof UrdbSyncError);
      assert.match(e.message, /offset 0 failed: HTTP 403: API_KEY_INVALID/);
      assert.doesNotMatch(e.message, /wrong-key-123/);
      assert.equal(api.requests.length, 1);
      await assert.rejects(
        syncUrdb(t.db, { all: true }, { ...settings(), apiKey: null }),
        (x: unknown) => x instanceof ImportFormatError && x.where === '--api-key',
      );
    });

    it('refuses a request without a filter, and bad filters, naming the option', async () => {
      const where = async (r: UrdbSyncRequest) => ((await sync(r).catch((e: unknown) => e)) as ImportFormatError).where;
      assert.equal(await where({}), '--eia');
      assert.equal(await where({ sector: 'Agricultural' }), '--sector');
      assert.equal(await where({ zip: '9410' }), '--zip');
      assert.equal(await where({ eia: 'PG&E' }), '--eia');
      assert.equal(await where({ since: 'yesterday' }), '--since');
      assert.equal(await where({ all: true, pageSize: 501 }), '--page-size');
      assert.equal(await where({ all: true, timeZone: 'Mars/Olympus' }), '--time-zone');
      assert.equal(await where({ eia: '15466', since: 'last' }), '--since', 'no completed sync of these filters yet');
      // Impossible dates are refused, not rolled over into March; a name longer than any utility's too.
      assert.equal(await where({ since: '2025-02-30' }), '--since');
      assert.equal(await where({ all: true, effectiveDate: '2025-02-30' }), '--effective-date');
      assert.equal(await where({ utility: 'x'.repeat(201) }), '--utility');
      // Refused before any request: an LSE that does not exist, a key no API issues (and the message never shows it).
      api.requests.length = 0;
      assert.equal(await where({ all: true, lseId: 999_999_999 }), '--lse-id');
      const badKey = (await syncUrdb(t.db, { all: true }, { ...settings(), apiKey: 'secret with spaces' }).catch(
        (e: unknown) => e,
      )) as ImportFormatError;
      assert.equal(badKey.where, '--api-key');
      assert.doesNotMatch(badKey.message, /secret/);
      assert.equal(api.requests.length, 0);
    });

    it('sends the filters, checks "changed since" on the records, and ends a superseded version where its successor starts', async () => {
      // The earlier PSCo record is in the database (imported by a sync of PSCo's EIA id), then URDB publishes RD.
      const stateFile = join(dir, 'since.json');
      api.records = [earlierPsco(), ...FILES.map(referenceRecord)];
      api.requests.length = 0;
      const first = await sync({ eia: '15466', sector: 'residential', since: '2017-01-15' }, settings(stateFile));
      const q = api.requests[0]!.searchParams;
      assert.deepEqual(
        [q.get('eia'), q.get('sector'), q.get('modified_after')],
        ['15466', 'Residential', String(Date.UTC(2017, 0, 15) / 1000)],
      );
      assert.equal(first.records, 2, 'the earlier record and RD');
      assert.equal(first.created, 1, 'the earlier record');
      assert.equal(first.updated, 1, 'RD, unchanged since the first test, now linked to the record it supersedes');
      // Imported after RD, the earlier record is still ended by it, and both are versions of one master tariff.
      let earlier = await tariff(PSCO_EARLIER);
      let rd = await tariff(PSCO);
      assert.equal(earlier.end_date, '2018-01-01');
      assert.equal(rd.master_tariff_id, earlier.master_tariff_id);
      assert.equal(rd.prior_tariff_id, earlier.tariff_id);
      assert.equal(rd.effective_date, '2018-01-01');

      // Changed since RD's last revision: nothing (the server ignores modified_after; the records say so).
      const none = await sync({ eia: '15466', since: '2018-01-24' }, settings(stateFile));
      assert.deepEqual(
        {
          records: none.records,
          filtered: none.filtered,
          created: none.created,
          updated: none.updated,
          unchanged: none.unchanged,
        },
        { records: 2, filtered: 2, created: 0, updated: 0, unchanged: 0 },
      );
      // --since last: the start of the last completed run of the same filters (EIA id alone: the one just above).
      const state = JSON.parse(readFileSync(stateFile, 'utf8'));
      const started = (
        Object.values(state.queries) as { query: Record<string, string>; lastCompleted: { startedAt: string } }[]
      ).find((x) => JSON.stringify(x.query) === '{"eia":"15466"}')!.lastCompleted.startedAt;
      api.requests.length = 0;
      const last = await sync({ eia: '15466', since: 'last' }, settings(stateFile));
      const bound = Math.floor(Date.parse(started) / 1000);
      assert.equal(last.since, new Date(bound * 1000).toISOString().replace('.000Z', 'Z'));
      assert.equal(api.requests[0]!.searchParams.get('modified_after'), String(bound));
      assert.equal(last.filtered, 2);

      // A rerun (both records unchanged) keeps the link; the history of the master tariff lists both versions.
      const rerun = await sync({ eia: '15466', sector: 'Residential' }, settings(stateFile));
      assert.deepEqual(
        { created: rerun.created, updated: rerun.updated, unchanged: rerun.unchanged },
        { created: 0, updated: 0, unchanged: 2 },
      );
      earlier = await tariff(PSCO_EARLIER);
      rd = await tariff(PSCO);
      assert.equal(earlier.end_date, '2018-01-01');
      const admin = await t.credentials(['signal']);
      const history = await t.json(`/rest/public/tariffs/${rd.master_tariff_id}/history`, admin);
      assert.deepEqual(
        history.results[0].tariffVersions.map(
          (v: { tariffId: number; effectiveDate: string; endDate: string | null }) => [
            v.tariffId,
            v.effectiveDate.slice(0, 10),
            v.endDate?.slice(0, 10) ?? null,
          ],
        ),
        [
          [earlier.tariff_id, '2017-01-01', '2018-01-01'],
          [rd.tariff_id, '2018-01-01', null],
        ],
      );
      // A changed earlier record (re-revised upstream) still ends where RD starts.
      api.records = [
        { ...earlierPsco(), revisions: [1486000000, 1600000000], fixedchargefirstmeter: 6 },
        ...FILES.map(referenceRecord),
      ];
      const changed = await sync({ eia: '15466' }, settings(stateFile));
      assert.equal(changed.updated, 1);
      earlier = await tariff(PSCO_EARLIER);
      assert.equal(earlier.end_date, '2018-01-01');
      assert.equal(earlier.master_tariff_id, rd.master_tariff_id);
      api.records = FILES.map(referenceRecord);
    });

    it("data status dates each tariff by its latest version: the earlier PSCo record's revision is history", async () => {
      // The earlier record as first published (revised 2017-02-02) again: history under RD (revised 2018-01-23), so
      // its older date is not the tariff's.
      api.records = [earlierPsco(), ...FILES.map(referenceRecord)];
      assert.equal((await sync({ eia: '15466' }, settings(join(dir, 'status.json')))).updated, 1);
      api.records = FILES.map(referenceRecord);
      assert.equal((await tariff(PSCO_EARLIER)).last_updated, '2017-02-02T01:46:40Z');
      const versions = await t.db.kysely
        .selectFrom('tariffs')
        .select(['master_tariff_id', 'effective_date', 'last_updated', 'import_key'])
        .where('lse_id', '=', 1000007)
        .orderBy('effective_date', 'desc')
        .execute();
      const starter = versions.filter(
        (v) => v.import_key === null || !['5a679442682bea21e990a0d4', PSCO_EARLIER].includes(v.import_key),
      );
      const { lses } = await dataStatus(t.db, 1000007);
      assert.deepEqual(lses[0], {
        lseId: 1000007,
        name: 'Public Service Co of Colorado',
        code: '15466',
        tariffs: new Set(versions.map((v) => v.master_tariff_id)).size,
        versions: versions.length,
        undated: starter[0]!.last_updated === null ? 1 : 0,
        // Of the starter tariff's latest version (first by effective date, descending) and RD; not the 2017 revision.
        oldestLastUpdatedDate: '2018-01-23T13:04:09Z',
        newestLastUpdatedDate: starter[0]!.last_updated ?? '2018-01-23T13:04:09Z',
      });
      assert.equal(lses[0]!.tariffs, 2, 'the starter RD and the imported family');
    });

    it('over HTTP: POST /rest/admin/sync/urdb needs admin credentials and answers the summary', async () => {
      const app = await buildTestApp(dialect, {
        seed: true,
        env: { URDB_API_URL: api.url, URDB_SYNC_STATE_FILE: join(dir, 'http.json'), URDB_RETRY_BASE_MS: '1' },
      });
      try {
        const post = (payload: object, c?: { appId: string; appKey: string }) =>
          app.inject({
            method: 'POST',
            url: '/rest/admin/sync/urdb',
            headers: { 'content-type': 'application/json', ...(c ? { authorization: app.authHeader(c) } : {}) },
            payload,
          });
        const body = { apiKey: URDB_TEST_KEY, eia: '15466', pageSize: 2 };
        assert.equal((await post(body)).statusCode, 401);
        const signal = await app.credentials(['signal', 'enterprise']);
        const refused = await post(body, signal);
        assert.equal(refused.statusCode, 403);
        assert.equal(refused.json().results[0].propertyValue, 'admin');
        const admin = await app.credentials(['admin']);
        const ok = await post(body, admin);
        assert.equal(ok.statusCode, 200, ok.body);
        const summary = ok.json().results[0];
        assert.equal(ok.json().type, 'UrdbSyncSummary');
        assert.deepEqual(
          { records: summary.records, created: summary.created, completed: summary.completed, query: summary.query },
          { records: 1, created: 1, completed: true, query: { eia: '15466' } },
        );
        assert.doesNotMatch(ok.body, new RegExp(URDB_TEST_KEY));
        // No key in the body and none configured: a 400 naming apiKey; a bad option names its field.
        const noKey = await post({ eia: '15466' }, admin);
        assert.equal(noKey.statusCode, 400);
        assert.equal(noKey.json().results[0].propertyName, 'apiKey');
        const badZip = await post({ ...body, zip: 'abc' }, admin);
        assert.equal(badZip.statusCode, 400);
        assert.deepEqual(
          [badZip.json().results[0].propertyName, badZip.json().results[0].propertyValue],
          ['zip', 'abc'],
        );
        // A page that keeps failing: 502 with how far it came; the key never shows.
        api.failures.set(0, { times: Infinity, status: 503 });
        const failed = await post({ ...body, maxAttempts: 2 }, admin);
        api.failures.clear();
        assert.equal(failed.statusCode, 502, failed.body);
        assert.match(
          failed.json().results[0].message,
          /offset 0 failed after 2 attempts: HTTP 503.*"resume": true to continue from offset 0/,
        );
        assert.doesNotMatch(failed.body, new RegExp(URDB_TEST_KEY));
      } finally {
        await app.close();
      }
    });
  });
}

describe('URDB API client', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    assert.equal(retryAfterMs('3'), 3000);
    assert.equal(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2026, 0, 1)), 10_000);
    assert.equal(retryAfterMs('soon'), null);
    assert.equal(retryAfterMs(null), null);
  });

  it('retries a network error (nothing listening) with exponential backoff, then gives up naming the attempts', async () => {
    const sleeps: number[] = [];
    const client = new UrdbApiClient({
      apiUrl: 'http://127.0.0.1:9/utility_rates',
      apiKey: 'k-secret',
      maxAttempts: 4,
      retryBaseMs: 100,
      random: () => 0.5,
      sleep: async (ms) => void sleeps.push(ms),
    });
    await assert.rejects(
      client.page({}, 0, 10),
      (e: Error) => /offset 0 failed after 4 attempts: fetch failed/.test(e.message) && !e.message.includes('k-secret'),
    );
    assert.deepEqual(sleeps, [75, 150, 300], 'base x 2^n, three quarters of it with this random draw');
    assert.equal(
      client.redact('https://x/utility_rates?version=8&api_key=k-secret&limit=1'),
      'https://x/utility_rates?version=8&api_key=***&limit=1',
    );
  });
});

describe('URDB sync configuration', () => {
  it('reads URDB_API_URL, URDB_API_KEY, URDB_SYNC_STATE_FILE and URDB_RETRY_BASE_MS, with defaults, and refuses bad values', () => {
    assert.deepEqual(
      { ...loadConfig({}).urdb },
      {
        apiUrl: 'https://api.openei.org/utility_rates',
        apiKey: null,
        stateFile: './data/urdb-sync-state.json',
        retryBaseMs: 1000,
      },
    );
    const set = loadConfig({
      URDB_API_URL: 'http://127.0.0.1:8080/utility_rates',
      URDB_API_KEY: ' k123 ',
      URDB_SYNC_STATE_FILE: '/var/lib/ratebook/sync.json',
      URDB_RETRY_BASE_MS: '250',
    }).urdb;
    assert.deepEqual(
      { ...set },
      {
        apiUrl: 'http://127.0.0.1:8080/utility_rates',
        apiKey: 'k123',
        stateFile: '/var/lib/ratebook/sync.json',
        retryBaseMs: 250,
      },
    );
    assert.throws(
      () => loadConfig({ URDB_API_URL: 'ftp://example.org/rates' }),
      (e: unknown) => e instanceof ConfigError && /URDB_API_URL/.test(e.message),
    );
    assert.throws(() => loadConfig({ URDB_API_URL: 'not a url' }), ConfigError);
    assert.throws(
      () => loadConfig({ URDB_RETRY_BASE_MS: '-5' }),
      (e: unknown) => e instanceof ConfigError && /URDB_RETRY_BASE_MS/.test(e.message),
    );
  });
});
