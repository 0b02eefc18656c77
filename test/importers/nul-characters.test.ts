// A NUL character in an imported file is a malformed file (a 400 naming its line or record, nothing stored), on both
// engines: PostgreSQL text cannot hold one, and that must not surface as a database error.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects } from '../helpers/dialects.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const schedule = Array(12).fill(Array(24).fill(0));
const CASES: [format: string, contentType: string, body: string, where: RegExp][] = [
  [
    'lookups',
    'text/csv',
    'keyName,subKeyName,fromDateTime,toDateTime,actualValue\nnulKey,,2024-01-01,2024-02-01,0.1\nbad\u0000key,,2024-02-01,2024-03-01,0.2\n',
    /line 3: contains a NUL/,
  ],
  [
    'zip-utilities',
    'text/csv',
    'zip,eiaid,utility_name,state,service_type,ownership,comm_rate,ind_rate,res_rate\n94110,99999,Bad\u0000Name,CA,Bundled,Municipal,0,0,0\n',
    /line 2: contains a NUL/,
  ],
  [
    'urdb',
    'application/json',
    JSON.stringify([
      {
        name: 'Nul test',
        sector: 'Commercial',
        startdate: 1609459200,
        eiaid: 15466,
        energyratestructure: [[{ rate: 0.1 }]],
        energyweekdayschedule: schedule,
        energyweekendschedule: schedule,
      },
      { name: 'x\u0000y', sector: 'Commercial' },
    ]),
    /record 2: name contains a NUL/,
  ],
  [
    'tariffs',
    'application/json',
    JSON.stringify({ tariffId: 99001, masterTariffId: 99001, tariffName: 'a\u0000b', lseId: 734 }),
    /line 1: tariffName contains a NUL/,
  ],
];

for (const dialect of dialects) {
  describe(`NUL characters in imported files on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true });
    });
    after(() => t.close());

    it('answers 400 naming where, and stores nothing of the file', async () => {
      const admin = await t.credentials(['admin']);
      const tariffs = async () =>
        Number(
          (
            await t.db.kysely
              .selectFrom('tariffs')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await tariffs();
      for (const [format, contentType, body, where] of CASES) {
        const res = await t.inject({
          method: 'POST',
          url: `/rest/admin/import/${format}`,
          headers: { authorization: t.authHeader(admin), 'content-type': contentType },
          payload: body,
        });
        assert.equal(res.statusCode, 400, `${format}: ${res.body}`);
        assert.match(res.json().results[0].message, where, format);
      }
      assert.equal(await tariffs(), before, "the URDB file's first record was rolled back");
      assert.equal(
        await t.db.kysely
          .selectFrom('property_keys')
          .select('key_name')
          .where('key_name', '=', 'nulKey')
          .executeTakeFirst(),
        undefined,
      );
    });
  });
}
