// POST /rest/beta/loader/bulk/up as the original's Java client sends it (multipart/form-data: fileData, fileFormat):
// accounts, profiles and readings files loaded whole; a file with a bad row refused whole, each bad row named with
// its column; the Powermeter layout; a 100,000-reading file written in batches; another organization's profile
// unreachable; credentials, tier and form faults answered in the error envelope.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import type { ApiError } from '../../../src/http/errors.ts';
import type { AccountsRepository } from '../../../src/modules/accounts/accounts.repository.ts';
import type { AccountsService, PreparedAccount } from '../../../src/modules/accounts/accounts.service.ts';
import { BulkUploadService, READING_BATCH } from '../../../src/modules/bulk-upload/bulk-upload.service.ts';
import type { ProfilesService } from '../../../src/modules/profiles/profiles.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { form, FORM_TYPE } from '../../helpers/multipart-form.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

for (const dialect of dialects) {
  describe(`bulk upload on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    let other: NewCredentials;
    const upload = async (body: Buffer, creds: NewCredentials | null = c, type = FORM_TYPE) => {
      const res = await t.inject({
        method: 'POST',
        url: '/rest/beta/loader/bulk/up',
        headers: { ...(creds ? { authorization: t.authHeader(creds) } : {}), 'content-type': type },
        payload: body,
      });
      return { status: res.statusCode, json: res.json() };
    };
    const get = async (url: string, creds = c) => {
      const res = await t.get(url, creds);
      return { status: res.statusCode, json: res.json() };
    };

    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2025-06-15T12:00:00Z') });
      c = await t.credentials(['signal'], 'Solar Co');
      other = await t.credentials(['signal'], 'Other Co');
    });
    after(() => t.close());

    it('loads an accounts file: each row an account with its address, properties and tariff', async () => {
      const file = [
        'providerAccountId,accountName,zip,customerClass,masterTariffId,status',
        'bulk-1,Ada Home,94110,RESIDENTIAL,522,ACTIVE',
        '"bulk-2","Grace, Office",94103,GENERAL,,',
      ].join('\r\n');
      const r = await upload(form(file, { fileFormat: 'csv' }, 'accounts.csv'));
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(r.json.type, 'ReadingData', "the type the original's Java client checks");
      const s = r.json.results[0];
      assert.equal(s.fileType, 'ACCOUNTS');
      assert.equal(s.fileName, 'accounts.csv');
      assert.equal(s.rows, 2);
      assert.equal(s.accountsCreated, 2);
      assert.deepEqual(
        s.records.map((x: { providerAccountId: string; action: string }) => [x.providerAccountId, x.action]),
        [
          ['bulk-1', 'CREATED'],
          ['bulk-2', 'CREATED'],
        ],
      );
      const one = await get('/rest/v1/accounts/pid/bulk-1');
      assert.equal(one.status, 200);
      const account = one.json.results[0];
      assert.equal(account.accountName, 'Ada Home');
      assert.equal(account.properties.customerClass.dataValue, 'RESIDENTIAL');
      assert.equal(account.tariffs[0].masterTariffId, 522);
      assert.equal((await get('/rest/v1/accounts/pid/bulk-2')).json.results[0].accountName, 'Grace, Office');
      // The same providerAccountId again updates the account, as PUT /rest/v1/accounts does.
      const again = await upload(
        form('providerAccountId,accountName\nbulk-1,Ada Lovelace Home\n', { fileFormat: 'csv' }),
      );
      assert.equal(again.status, 200, JSON.stringify(again.json));
      assert.equal(again.json.results[0].accountsUpdated, 1);
      assert.equal((await get('/rest/v1/accounts/pid/bulk-1')).json.results[0].accountName, 'Ada Lovelace Home');
      // Private: another organization's key does not see them.
      assert.equal((await get('/rest/v1/accounts/pid/bulk-1', other)).status, 404);
    });

    it('refuses an accounts file with bad rows whole, naming each row and column', async () => {
      const file = [
        'providerAccountId,accountName,zip,customerClass,status',
        'bulk-3,Fine,94110,RESIDENTIAL,ACTIVE',
        'bulk-4,Bad status,94110,RESIDENTIAL,SLEEPING',
        'bulk-5,Bad class,94110,PLANETARY,ACTIVE',
        'bulk-3,Twice,94110,RESIDENTIAL,ACTIVE',
      ].join('\n');
      const r = await upload(form(file, { fileFormat: 'csv' }));
      assert.equal(r.status, 400, JSON.stringify(r.json));
      assert.equal(r.json.status, 'error');
      const items = r.json.results as { propertyName: string; propertyValue: string; message: string }[];
      assert.deepEqual(
        items.map((i) => i.propertyName),
        ['fileData.row[3].status', 'fileData.row[4].customerClass', 'fileData.row[5].providerAccountId'],
      );
      assert.equal(items[0]!.propertyValue, 'SLEEPING');
      assert.match(
        items[0]!.message,
        /^row 3, column status: .*nothing in the file was written \(3 of 4 row\(s\) refused\)/,
      );
      assert.match(items[2]!.message, /already the account of row 2/);
      // Nothing written: not even the good row.
      assert.equal((await get('/rest/v1/accounts/pid/bulk-3')).status, 404);
    });

    it('loads a profiles file into accounts of the organization, the first of a type its default', async () => {
      const file = [
        'providerAccountId,providerProfileId,profileName,serviceTypes,meterId',
        'bulk-1,bulk-1-main,Main meter,ELECTRICITY,M-1',
        'bulk-1,bulk-1-sub,Sub meter,ELECTRICITY,M-2',
        'bulk-2,bulk-2-main,Office meter,,',
      ].join('\n');
      const r = await upload(form(file, { fileFormat: 'csv' }));
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(r.json.results[0].fileType, 'PROFILES');
      assert.equal(r.json.results[0].profilesCreated, 3);
      const main = (await get('/rest/v1/profiles/pid/bulk-1-main')).json.results[0];
      const sub = (await get('/rest/v1/profiles/pid/bulk-1-sub')).json.results[0];
      assert.equal(main.isDefault, true);
      assert.equal(sub.isDefault, false, "the file's second electricity profile of the account is not its default");
      assert.equal(sub.meterId, 'M-2');
      // A profile of an account the organization does not have is refused, naming the column.
      const bad = await upload(
        form('providerAccountId,providerProfileId\nbulk-1,x-1\nnobody,x-2\n', { fileFormat: 'csv' }),
        other,
      );
      assert.equal(bad.status, 400);
      assert.deepEqual(
        bad.json.results.map((i: { propertyName: string }) => i.propertyName),
        ['fileData.row[2].providerAccountId', 'fileData.row[3].providerAccountId'],
        "another organization's account is as unknown as one that does not exist",
      );
    });

    it('loads a readings file (named columns) into the profiles its rows name', async () => {
      const file = [
        'providerProfileId,fromDateTime,toDateTime,quantityValue,quantityUnit',
        'bulk-1-main,2025-03-01T00:00,2025-03-01T01:00,0.5,kWh',
        'bulk-1-main,2025-03-01T01:00,2025-03-01T02:00,700,Wh',
        'bulk-2-main,2025-03-01T00:00-08:00,2025-03-01T00:15-08:00,2.25,kWh',
      ].join('\n');
      const r = await upload(form(file, { fileFormat: 'CSV' }));
      assert.equal(r.status, 200, JSON.stringify(r.json));
      const s = r.json.results[0];
      assert.equal(s.fileType, 'READINGS');
      assert.equal(s.readingsWritten, 3);
      const main = s.records.find((x: { providerProfileId: string }) => x.providerProfileId === 'bulk-1-main');
      assert.equal(main.readingsSent, 2);
      assert.deepEqual(main.readingDataSummaries, [
        {
          quantityUnit: 'kWh',
          fromDateTime: '2025-03-01T00:00:00-08:00',
          toDateTime: '2025-03-01T02:00:00-08:00',
          numberOfReadings: 2,
        },
      ]);
      const read = await get('/rest/v1/profiles/pid/bulk-1-main?populateReadings=true');
      assert.deepEqual(
        read.json.results[0].readingData.map((x: { quantityValue: number }) => x.quantityValue),
        [0.5, 0.7],
        '700 Wh stored as 0.7 kWh',
      );
    });

    it('refuses a readings file with a bad row whole, naming the row and column', async () => {
      const file = [
        'providerProfileId,start,end,value',
        'bulk-2-main,2025-04-01T00:00,2025-04-01T01:00,1',
        'bulk-2-main,2025-04-01T01:00,2025-04-01T02:00,1',
        'bulk-2-main,2025-04-01T02:00,2025-04-01T03:00,abc',
        'bulk-2-main,2025-04-01T03:00,2025-04-01T02:00,1',
      ].join('\n');
      const r = await upload(form(file, { fileFormat: 'csv' }));
      assert.equal(r.status, 400, JSON.stringify(r.json));
      const items = r.json.results as { propertyName: string; propertyValue: string; message: string }[];
      assert.deepEqual(
        items.map((i) => i.propertyName),
        ['fileData.row[4].value', 'fileData.row[5].end'],
      );
      assert.equal(items[0]!.propertyValue, 'abc');
      assert.match(items[0]!.message, /is not a number/);
      const profile = (await get('/rest/v1/profiles/pid/bulk-2-main')).json.results[0];
      assert.deepEqual(
        profile.readingDataSummaries.map((x: { numberOfReadings: number }) => x.numberOfReadings),
        [1],
        'only the reading of the earlier upload: none of this file',
      );
      // Another organization cannot write into this organization's profile.
      const theirs = await upload(
        form('fromDateTime,toDateTime,quantityValue\n2025-05-01T00:00,2025-05-01T01:00,1\n', {
          fileFormat: 'csv',
          providerProfileId: 'bulk-2-main',
        }),
        other,
      );
      assert.equal(theirs.status, 400);
      assert.equal(theirs.json.results[0].propertyName, 'fileData.row[2].providerProfileId');
    });

    it('reads the Powermeter layout the Java client uploads: each row the end of a reading', async () => {
      const profileId = (await get('/rest/v1/profiles/pid/bulk-1-sub')).json.results[0].profileId;
      // A file of the layout of the Java client's interval_data.csv (made here: times in ISO 8601 basic form).
      const file = [
        'Time, Usage (kW h), IsInitial',
        '20250310T080000.000Z,0.003,1',
        '20250310T081000.000Z,0.104,0',
        '20250310T082000.000Z,0.267,0',
        '20250310T083001.000Z,0.359,0',
      ].join('\n');
      const r = await upload(form(file, { fileFormat: 'csv', profileId }, 'interval_data.csv'));
      assert.equal(r.status, 200, JSON.stringify(r.json));
      const s = r.json.results[0];
      assert.equal(s.layout, 'POWERMETER');
      assert.equal(s.rows, 4);
      assert.equal(s.readingsWritten, 3, 'the IsInitial row starts the series: its own span is unknown');
      assert.match(s.notes.join(' '), /1 Powermeter row\(s\) start a series/);
      const read = (await get(`/rest/v1/profiles/${profileId}?populateReadings=true`)).json.results[0].readingData;
      assert.deepEqual(
        read.map((x: { fromDateTime: string; toDateTime: string; quantityValue: number }) => [
          x.fromDateTime,
          x.toDateTime,
          x.quantityValue,
        ]),
        [
          ['2025-03-10T01:00:00-07:00', '2025-03-10T01:10:00-07:00', 0.104],
          ['2025-03-10T01:10:00-07:00', '2025-03-10T01:20:00-07:00', 0.267],
          ['2025-03-10T01:20:00-07:00', '2025-03-10T01:30:01-07:00', 0.359],
        ],
      );
    });

    it('streams a file of 100,000 readings and writes them in batches, in one transaction', async () => {
      const n = 100_000;
      assert.ok(n > READING_BATCH, 'more readings than one batch holds, so several batches are written');
      const start = Date.UTC(2023, 0, 1);
      const lines = ['providerProfileId,fromDateTime,duration,quantityValue'];
      for (let k = 0; k < n; k++)
        lines.push(`bulk-1-main,${new Date(start + k * 900_000).toISOString()},900000,${(k % 96) / 100}`);
      const body = form(lines.join('\n'), { fileFormat: 'csv' });
      assert.ok(body.length > 4_000_000, `a file of ${body.length} bytes`);
      const r = await upload(body);
      assert.equal(r.status, 200, JSON.stringify(r.json).slice(0, 2000));
      const s = r.json.results[0];
      assert.equal(s.rows, n);
      assert.equal(s.readingsWritten, n);
      const summary = s.records[0].readingDataSummaries.find(
        (x: { numberOfReadings: number }) => x.numberOfReadings > 2,
      );
      assert.equal(summary.numberOfReadings, n);
      // 2023-01-01T00:00Z + 100,000 quarter hours = 2025-11-07T16:00Z; the 2025 readings of earlier tests were
      // replaced where they overlapped (two hourly readings of 2025-03-01 overlap eight quarter hours).
      assert.equal(summary.toDateTime, '2025-11-07T08:00:00-08:00');
      assert.equal(s.readingsReplaced, 2);
    });

    it('answers faults of the request in the error envelope', async () => {
      const noFormat = await upload(form('providerAccountId\nz-1\n', {}));
      assert.equal(noFormat.status, 400);
      assert.equal(noFormat.json.results[0].propertyName, 'fileFormat');
      const espi = await upload(form('<feed/>', { fileFormat: 'espi' }));
      assert.equal(espi.status, 400);
      assert.match(espi.json.results[0].message, /application\/xml/);
      const noFile = await upload(form(null, { fileFormat: 'csv' }));
      assert.equal(noFile.json.results[0].propertyName, 'fileData');
      const unknown = await upload(form('colour,size\nred,2\n', { fileFormat: 'csv' }));
      assert.equal(unknown.status, 400);
      assert.equal(unknown.json.results[0].propertyName, 'fileData');
      const headerOnly = await upload(form('providerAccountId,accountName\n', { fileFormat: 'csv' }));
      assert.equal(headerOnly.status, 400);
      assert.match(headerOnly.json.results[0].message, /a header and no rows/);
      const cut = await upload(form('providerAccountId\nz-1\n', { fileFormat: 'csv' }).subarray(0, 60));
      assert.equal(cut.status, 400);
      assert.equal(cut.json.results[0].propertyName, 'body');
      const json = await upload(Buffer.from('{"fileFormat":"csv"}'), c, 'application/json');
      assert.equal(json.status, 415);
      const noBoundary = await upload(form('a\n1\n', { fileFormat: 'csv' }), c, 'multipart/form-data');
      assert.equal(noBoundary.status, 400);
      assert.equal(noBoundary.json.results[0].propertyName, 'Content-Type');
    });

    it('answers a 400 naming fileData, writing nothing, when another request wrote a record between the passes', async () => {
      const { orgId } = (await t.keys.verify(c.appId, c.appKey))!;
      // The first pass saw no account 'race-1' (as if another request added it just after): its write then meets
      // the unique key of the one that is there.
      const existing = await upload(form('providerAccountId\nrace-1\n', { fileFormat: 'csv' }));
      assert.equal(existing.status, 200);
      const accounts = {
        prepareUpsert: async (): Promise<PreparedAccount> => ({
          accountId: randomUUID(),
          isNew: true,
          write: {
            row: {
              provider_account_id: 'race-1',
              account_name: null,
              customer_org_id: null,
              customer_org_name: null,
              owner: null,
              status: 'ACTIVE',
              type: 'CUSTOMER',
              address: null,
              zip_code: null,
              latitude: null,
              longitude: null,
              time_zone: null,
              lse_id: null,
            },
          },
        }),
        commit: (p: PreparedAccount, org: number, repo: AccountsRepository) =>
          repo.insert(p.accountId, org, p.write, new Date().toISOString()),
      } as unknown as AccountsService;
      const dir = mkdtempSync(join(tmpdir(), 'bulk-race-'));
      const path = join(dir, 'accounts.csv');
      writeFileSync(path, 'providerAccountId,accountName\nrace-2,Fine\nrace-1,Raced\n');
      const service = new BulkUploadService(t.db, accounts, null as unknown as ProfilesService);
      try {
        await assert.rejects(
          service.load({ path, fileName: null, fileFormat: 'csv', form: {} }, orgId),
          (e: ApiError) => e.statusCode === 400 && e.item.propertyName === 'fileData',
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const listed = await get('/rest/v1/accounts?search=race&searchOn=providerAccountId');
      assert.deepEqual(
        listed.json.results.map((a: { providerAccountId: string }) => a.providerAccountId),
        ['race-1'],
        "the file's other row was rolled back with it",
      );
    });

    it('needs credentials and the signal tier', async () => {
      const body = form('providerAccountId\nz-2\n', { fileFormat: 'csv' });
      assert.equal((await upload(body, null)).status, 401);
      const basic = await t.credentials([], 'Solar Co');
      assert.equal((await upload(body, basic)).status, 403);
      assert.equal((await get('/rest/v1/accounts/pid/z-2')).status, 404);
    });
  });
}
