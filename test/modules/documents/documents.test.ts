// Tariff documents: the starter versions' rate sheets, advice letters and URDB records (list, search, paging, one,
// errors), populateDocuments on the tariff operations, and the documents the URDB and tariff JSON importers create,
// stored once however often they are imported. On both engines.
import assert from 'node:assert/strict';
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { importTariffJson } from '../../../src/importers/tariff-json.importer.ts';
import { importUrdb } from '../../../src/importers/urdb.importer.ts';
import { STARTER_TARIFFS } from '../../../src/data/starter/tariffs/index.ts';
import { documentsNamedIn } from '../../../src/data/starter/documents.data.ts';
import { urdbRecordId } from '../../../src/domain/documents/document-key.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { dialects } from '../../helpers/dialects.ts';
import { REFERENCE_DIR } from '../../helpers/reference.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

interface Doc {
  documentId: number;
  documentTitle: string;
  sourceUrl: string;
  sourceContentType: string | null;
  documentType: string;
  lseId: number | null;
  lseName: string | null;
  effectiveDate: string | null;
  tariffs?: { tariffId: number; masterTariffId: number; tariffCode: string | null; effectiveDate: string }[];
  sections?: unknown[];
}

/** Every document some starter version names: what the starter data must answer (derived, not written down). */
const NAMED = new Map(STARTER_TARIFFS.flatMap((t) => documentsNamedIn(t.source)).map((d) => [d.documentId, d]));
const URDB_DIR = join(REFERENCE_DIR, 'urdb');

for (const dialect of dialects) {
  describe(`tariff documents on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
      c = await t.credentials();
    });
    after(() => t.close());

    const json = (url: string) => t.json(url, c);
    const all = async (query = ''): Promise<Doc[]> => (await json(`/rest/v1/documents?pageCount=1000${query}`)).results;
    /** A PG&E schedule's masterTariffId, found by its code (ids of the starter tariffs may change). */
    const pgeMaster = async (code: string): Promise<number> =>
      (await json('/rest/public/tariffs?lseId=734&pageCount=100')).results.find(
        (x: { tariffCode: string }) => x.tariffCode === code,
      ).masterTariffId;

    it('lists every document the starter versions name, once, with the versions each covers', async () => {
      const docs = await all();
      assert.ok(NAMED.size >= 30, `${NAMED.size} starter documents`);
      assert.deepEqual(
        docs.map((d) => d.documentId),
        [...NAMED.keys()].sort((a, b) => a - b),
      );
      for (const d of docs) {
        const want = NAMED.get(d.documentId)!;
        assert.deepEqual(
          [d.documentTitle, d.sourceUrl, d.documentType, d.lseId, d.effectiveDate],
          [want.title, want.url, want.type, want.lseId, want.effectiveDate],
        );
        const covering = STARTER_TARIFFS.filter((v) => want.mentions.some((m) => v.source.includes(m)))
          .map((v) => v.tariffId)
          .sort();
        assert.deepEqual(
          d.tariffs!.map((x) => x.tariffId).sort(),
          covering,
          `${d.documentTitle} covers the versions naming it`,
        );
        assert.ok(d.lseName, 'the LSE is named');
      }
      const e1Sheet = docs.find((d) => d.sourceUrl.endsWith('/ELEC_SCHEDS_E-1.pdf'))!;
      assert.equal(e1Sheet.sourceContentType, 'application/pdf');
      assert.deepEqual(
        e1Sheet.tariffs!.map((x) => [x.tariffCode, x.effectiveDate]),
        [['E-1', '2026-03-01']],
      );
      assert.equal(
        docs.find((d) => d.sourceUrl.endsWith('.xlsx'))!.sourceContentType,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
    });

    it('links every URL and URDB record a starter version names to that version', async () => {
      for (const v of STARTER_TARIFFS) {
        const linked = await all(`&tariffId=${v.tariffId}`);
        for (const url of v.source.match(/https?:\/\/[^\s,;)]+/g) ?? []) {
          const bare = url.replace(/[.]$/, '');
          assert.ok(
            linked.some((d) => d.sourceUrl.startsWith(bare)),
            `${v.tariffCode} ${v.effectiveDate}: ${bare} is one of its documents`,
          );
        }
        // URDB record ids are 24 hex digits (commit hashes, 40, do not match).
        for (const record of v.source.match(/\b[0-9a-f]{24}\b/g) ?? []) {
          assert.ok(
            linked.some((d) => urdbRecordId(d.sourceUrl) === record),
            `${v.tariffCode} ${v.effectiveDate}: URDB record ${record}`,
          );
        }
      }
    });

    it('pages, searches, filters and sorts', async () => {
      const docs = await all();
      const pageTwo = await json('/rest/v1/documents?pageStart=5&pageCount=5');
      assert.equal(pageTwo.count, docs.length, 'count is every match');
      assert.deepEqual([pageTwo.type, pageTwo.pageStart, pageTwo.pageCount], ['Document', 5, 5]);
      assert.deepEqual(
        pageTwo.results.map((d: Doc) => d.documentId),
        docs.slice(5, 10).map((d) => d.documentId),
      );

      const advice = await all('&search=advice%20letter');
      assert.deepEqual(
        advice.map((d) => d.documentId),
        docs.filter((d) => /advice letter/i.test(d.documentTitle)).map((d) => d.documentId),
      );
      assert.ok(advice.length >= 5 && advice.every((d) => d.documentType === 'ADVICE_LETTER'));
      const urdb = await all('&searchOn=sourceUrl&search=openei.org');
      assert.deepEqual(
        urdb.map((d) => d.documentId),
        docs.filter((d) => d.documentType === 'URDB_RECORD').map((d) => d.documentId),
      );
      assert.deepEqual(
        (await all('&search=sce&startsWith=true')).map((d) => d.documentTitle.slice(0, 3)),
        ['SCE', 'SCE', 'SCE', 'SCE'],
      );

      assert.deepEqual(
        (await all('&lseId=734')).map((d) => d.documentId),
        docs.filter((d) => d.lseId === 734).map((d) => d.documentId),
      );
      assert.deepEqual(
        (await all('&documentTypes=URDB_RECORD,filing')).map((d) => d.documentType).sort(),
        docs
          .filter((d) => ['URDB_RECORD', 'FILING'].includes(d.documentType))
          .map((d) => d.documentType)
          .sort(),
      );
      const e1 = await all(`&masterTariffId=${await pgeMaster('E-1')}`);
      assert.ok(
        e1.some((d) => d.sourceUrl.endsWith('Res_Inclu_TOU_250301-250831.xlsx')) &&
          e1.some((d) => d.sourceUrl.endsWith('ELEC_SCHEDS_E-1.pdf')),
      );
      assert.ok(!e1.some((d) => d.sourceUrl.endsWith('ELEC_SCHEDS_B-19.pdf')), 'only documents of E-1 versions');

      const byDate = await all('&sortOn=effectiveDate,documentId&sortOrder=DESC,ASC&documentTypes=ADVICE_LETTER');
      const dates = byDate.map((d) => d.effectiveDate!);
      assert.deepEqual(dates, [...dates].sort().reverse());
      assert.deepEqual(await all('&lseId=1000010'), [], 'Oncor has no starter tariff');
    });

    it('answers one document, under both paths, with sections only when asked (an empty list: none are held)', async () => {
      const id = (await all()).find((d) => d.sourceUrl.endsWith('/ELEC_7846-E.pdf'))!.documentId;
      const one: Doc = (await json(`/rest/v1/documents/${id}`)).results[0];
      assert.equal(one.documentType, 'ADVICE_LETTER');
      assert.equal(one.effectiveDate, '2026-03-01');
      // Advice 7846-E set the 2026-03-01 prices of E-1, E-TOU-C and, under net billing, E-ELEC, E-TOU-C and EV2-A.
      assert.deepEqual(one.tariffs!.map((x) => [x.tariffCode, x.effectiveDate]).sort(), [
        ['E-1', '2026-03-01'],
        ['E-ELEC', '2026-03-01'],
        ['E-TOU-C', '2026-03-01'],
        ['E-TOU-C', '2026-03-01'],
        ['EV2-A', '2026-03-01'],
      ]);
      assert.ok(!('sections' in one));
      assert.deepEqual((await json(`/rest/public/documents/${id}`)).results[0], one);
      assert.deepEqual((await json(`/rest/v1/documents/${id}?populateSections=true`)).results[0].sections, []);
      assert.deepEqual(
        (await json(`/rest/v1/documents/${id}?populateDocumentSections=true&fields=ext&searchKey=documentId`))
          .results[0].sections,
        [],
      );
    });

    it('answers 404 for an unknown id, 400 naming a bad parameter, 401 without credentials', async () => {
      for (const url of [
        '/rest/v1/documents/999999',
        '/rest/v1/documents/1500004?searchKey=documentSectionId',
        '/rest/v1/documents/1500004?searchKey=priorDocumentId',
      ]) {
        const res = await t.get(url, c);
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.json().status, 'error');
        assert.match(res.json().results[0].propertyName, /^(documentId|documentSectionId|priorDocumentId)$/);
      }
      await t.expectBadParameters('/rest/v1/documents', c, [
        ['pageCount=abc', 'pageCount'],
        ['pageStart=-1', 'pageStart'],
        ['lseId=x', 'lseId'],
        ['masterTariffId=0', 'masterTariffId'],
        ['documentTypes=MEMO', 'documentTypes'],
        ['sortOn=price', 'sortOn'],
        ['searchOn=body&search=x', 'searchOn'],
        ['search=(&isRegex=true', 'search'],
      ]);
      await t.expectBadParameters('/rest/v1/documents/1500004', c, [
        ['searchKey=title', 'searchKey'],
        ['populateSections=maybe', 'populateSections'],
      ]);
      await t.expectBadParameters('/rest/public/documents/abc', c, [['', 'documentId']]);
      const anonymous = await t.inject({ method: 'GET', url: '/rest/v1/documents' });
      assert.equal(anonymous.statusCode, 401);
    });

    it("adds each version's documents to the tariff operations with populateDocuments=true", async () => {
      const e1 = await pgeMaster('E-1');
      const one = (await json(`/rest/public/tariffs/${e1}?effectiveOn=2025-07-01&populateDocuments=true`)).results[0];
      const urls = one.documents.map((d: { document: Doc }) => d.document.sourceUrl);
      assert.ok(
        urls.some((u: string) => u.endsWith('Res_Inclu_TOU_250301-250831.xlsx')) &&
          urls.some((u: string) => u.endsWith('ResElecBaselineCurrent.xlsx')) &&
          urls.some((u: string) => u.endsWith('ELEC_6603-E-A.pdf')),
      );
      assert.ok(
        !urls.some((u: string) => u.endsWith('ELEC_7846-E.pdf')),
        "a later version's advice letter is not this version's",
      );
      for (const d of one.documents) {
        assert.deepEqual(
          [d.tariffId, d.documentId, d.documentSectionId, 'tariffs' in d.document],
          [one.tariffId, d.document.documentId, null, false],
        );
      }
      assert.ok(
        !('documents' in (await json(`/rest/public/tariffs/${e1}?effectiveOn=2025-07-01`)).results[0]),
        'absent unless asked',
      );

      const listed = (await json('/rest/public/tariffs?lseId=734&populateDocuments=true&pageCount=100')).results;
      assert.ok(listed.length >= 3);
      for (const x of listed) assert.ok(x.documents.length > 0, `${x.tariffCode} has documents`);
      assert.ok(
        listed
          .find((x: { tariffCode: string }) => x.tariffCode === 'B-19')
          .documents.some((d: { document: Doc }) => d.document.sourceUrl.endsWith('ELEC_SCHEDS_B-19.pdf')),
      );

      const history = (await json(`/rest/public/tariffs/${e1}/history?populateDocuments=true`)).results[0];
      const advice = (v: { documents: { document: Doc }[] }) =>
        v.documents
          .filter((d) => d.document.documentType === 'ADVICE_LETTER')
          .map((d) => d.document.sourceUrl.split('/').pop())
          .sort();
      const byDate = Object.fromEntries(
        history.tariffVersions.map((v: { effectiveDate: string; documents: { document: Doc }[] }) => [
          v.effectiveDate.slice(0, 10),
          advice(v),
        ]),
      );
      assert.deepEqual(byDate['2026-03-01'], ['ELEC_6603-E-A.pdf', 'ELEC_7846-E.pdf', 'ELEC_7921-E.pdf']);
      assert.deepEqual(byDate['2025-03-01'], ['ELEC_6603-E-A.pdf']);
      assert.ok(!('documents' in (await json(`/rest/public/tariffs/${e1}/history`)).results[0].tariffVersions[0]));
    });

    it('creates documents from URDB records (uri, source, sourceparent), once however often imported', async (ctx) => {
      if (!existsSync(URDB_DIR)) return ctx.skip('../shared/reference is absent');
      const count = async () =>
        Number(
          (
            await t.db.kysely
              .selectFrom('documents')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const links = async () =>
        Number(
          (
            await t.db.kysely
              .selectFrom('tariff_documents')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const s = await importUrdb(t.db, createReadStream(join(URDB_DIR, 'pge-e-19-secondary.json')), 'e19');
      assert.equal(s.created, 1, JSON.stringify(s.skipped));
      const e19 = await t.db.kysely
        .selectFrom('tariffs')
        .select(['tariff_id', 'effective_date'])
        .where('import_key', '=', '5cef0a415457a33576f60fe2')
        .executeTakeFirstOrThrow();
      const docs = await all(`&tariffId=${e19.tariff_id}`);
      // The record's page (uri), the sheet it was read from (source) and the utility's rates page (sourceparent, undated).
      assert.deepEqual(docs.map((d) => [d.documentType, d.sourceUrl, d.effectiveDate]).sort(), [
        ['RATE_INDEX', 'http://www.pge.com/tariffs/ERS.SHTML', null],
        ['RATE_SHEET', 'http://www.pge.com/tariffs/tm2/pdf/ELEC_SCHEDS_E-19.pdf', e19.effective_date],
        ['URDB_RECORD', 'https://openei.org/apps/IURDB/rate/view/5cef0a415457a33576f60fe2', e19.effective_date],
      ]);
      assert.ok(docs.every((d) => d.lseId === 734 && d.documentId >= 20_000_001));
      assert.equal(await count(), before + 3);

      // Again: nothing new. A record the starter data already names is linked to the starter document, not copied.
      const linksBefore = await links();
      assert.equal(
        (await importUrdb(t.db, createReadStream(join(URDB_DIR, 'pge-e-19-secondary.json')), 'e19')).unchanged,
        1,
      );
      assert.deepEqual([await count(), await links()], [before + 3, linksBefore]);
      assert.equal((await importUrdb(t.db, createReadStream(join(URDB_DIR, 'sce-gs-2-tou-b.json')), 'gs2')).created, 1);
      const gs2 = await all('&documentTypes=URDB_RECORD&searchOn=sourceUrl&search=55fc81d7682bea28da64f9ae');
      assert.equal(gs2.length, 1);
      assert.equal(gs2[0]!.tariffs!.length, 2, 'the starter version and the imported one');

      // Two records naming one rates page (sourceparent) and one rate sheet (source): each document once, covering both.
      const record = (label: string) => ({
        label,
        name: `Test ${label}`,
        sector: 'Residential',
        startdate: 1609459200,
        uri: `https://apps.openei.org/IURDB/rate/view/${label}`,
        source: 'https://www.example-coop.org/rates/residential-2021.pdf',
        sourceparent: 'https://www.example-coop.org/rates/',
        energyratestructure: [[{ rate: 0.1 }]],
        energyweekdayschedule: Array(12).fill(Array(24).fill(0)),
        energyweekendschedule: Array(12).fill(Array(24).fill(0)),
      });
      const twoRecords = () =>
        Readable.from([
          JSON.stringify({ items: [record('aaaaaaaaaaaaaaaaaaaaaaa1'), record('aaaaaaaaaaaaaaaaaaaaaaa2')] }),
        ]);
      assert.equal((await importUrdb(t.db, twoRecords(), 'two.json', { lseId: 1000012 })).created, 2);
      const page = await all('&searchOn=sourceUrl&search=example-coop.org');
      assert.deepEqual(page.map((d) => [d.documentType, d.tariffs!.length, d.effectiveDate]).sort(), [
        ['RATE_INDEX', 2, null],
        ['RATE_SHEET', 2, '2021-01-01'],
      ]);
      assert.equal(
        (await all('&searchOn=sourceUrl&search=aaaaaaaaaaaaaaaaaaaaaaa')).length,
        2,
        'one URDB record document each',
      );
      const afterTwo = [await count(), await links()];
      assert.equal((await importUrdb(t.db, twoRecords(), 'two.json', { lseId: 1000012 })).unchanged, 2);
      assert.deepEqual([await count(), await links()], afterTwo);
    });

    it("creates documents from the original's tariff JSON `documents`, its ids kept, once however often imported", async () => {
      const document = {
        documentId: 9100501,
        documentTitle: 'Test Electric Co residential rate sheet',
        sourceUrl: 'https://www.test-electric.example/rates/r1.pdf',
        sourceContentType: 'application/pdf',
        lseId: 9100503,
        lseName: 'Test Electric Co',
        sequenceNumber: 1,
      };
      const tariff = (tariffId: number, effectiveDate: string, endDate: string | null) => ({
        tariffId,
        masterTariffId: 9100500,
        tariffName: 'Documented flat',
        lseId: 9100503,
        lseName: 'Test Electric Co',
        tariffType: 'DEFAULT',
        customerClass: 'RESIDENTIAL',
        effectiveDate,
        endDate,
        timeZone: 'America/Chicago',
        rates: [
          {
            tariffRateId: tariffId * 10,
            tariffId,
            rateGroupName: 'Energy',
            rateName: 'Energy',
            chargeType: 'CONSUMPTION_BASED',
            rateBands: [{ tariffRateBandId: tariffId * 10 + 1, rateAmount: 0.1 }],
          },
        ],
        documents: [
          { tariffId, documentId: 9100501, documentSectionId: null, document },
          {
            tariffId,
            documentId: 9100502,
            documentSectionId: null,
            document: { documentId: 9100502, documentTitle: 'No address', sourceUrl: 'r1.pdf' },
          },
          'not an entry',
        ],
      });
      const file = () =>
        Readable.from([
          JSON.stringify([tariff(9100511, '2020-01-01', '2021-01-01'), tariff(9100512, '2021-01-01', null)]),
        ]);
      const s = await importTariffJson(t.db, file(), 'documented.json');
      assert.equal(s.created, 2, JSON.stringify(s.skipped));
      const docs = await all('&lseId=9100503');
      assert.equal(docs.length, 1, 'an entry without an http(s) address names nothing to point to');
      assert.deepEqual(
        [
          docs[0]!.documentId,
          docs[0]!.documentTitle,
          docs[0]!.sourceUrl,
          docs[0]!.sourceContentType,
          docs[0]!.documentType,
          docs[0]!.lseName,
          docs[0]!.effectiveDate,
        ],
        [
          9100501,
          document.documentTitle,
          document.sourceUrl,
          'application/pdf',
          'RATE_SHEET',
          'Test Electric Co',
          null,
        ],
      );
      assert.deepEqual(
        docs[0]!.tariffs!.map((x) => x.tariffId),
        [9100511, 9100512],
      );
      const latest = (await json('/rest/public/tariffs/9100500?effectiveOn=2021-06-01&populateDocuments=true'))
        .results[0];
      assert.deepEqual(
        latest.documents.map((d: { tariffId: number; documentId: number }) => [d.tariffId, d.documentId]),
        [[9100512, 9100501]],
      );

      assert.equal((await importTariffJson(t.db, file(), 'documented.json')).unchanged, 2);
      const again = await all('&lseId=9100503');
      assert.deepEqual(again, docs, 'a second import adds nothing');
    });
  });
}
