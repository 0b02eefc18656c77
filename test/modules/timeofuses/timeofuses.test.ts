import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { dialects } from '../../helpers/dialects.ts';
import { readRecorded } from '../../helpers/reference.ts';
import type { NewCredentials } from '../../../src/modules/keys/keys.service.ts';
import { PRIVATE_ID_MAX, PRIVATE_ID_MIN } from '../../../src/domain/ids/private-ids.ts';

const hours = (i: { fromDateTime: string; toDateTime: string }) =>
  (Date.parse(i.toDateTime) - Date.parse(i.fromDateTime)) / 3_600_000;
const period = (fromDayOfWeek: number, fromHour: number, toDayOfWeek: number, toHour: number) => ({
  fromDayOfWeek,
  fromHour,
  fromMinute: 0,
  toDayOfWeek,
  toHour,
  toMinute: 0,
});

/** A private E-TOU-C-like definition on PG&E's public seasons 692/693. */
const definition = () => ({
  lseId: 734,
  timeOfUses: [
    { touName: 'My Summer Peak', touType: 'ON_PEAK', seasonId: 692, touPeriods: [period(0, 17, 4, 20)] },
    {
      touName: 'My Summer Off-Peak',
      touType: 'OFF_PEAK',
      seasonId: 692,
      calendarId: 1000002,
      touPeriods: [period(0, 20, 4, 17), period(5, 0, 6, 0)],
    },
    { touName: 'My Winter', touType: 'OFF_PEAK', seasonId: 693, touPeriods: [period(0, 0, 6, 0)] },
  ],
});

for (const dialect of dialects) {
  describe(`time of use on ${dialect}`, () => {
    let t: TestApp;
    let c: NewCredentials;
    before(async () => {
      t = await buildTestApp(dialect, { seed: true, now: () => new Date('2026-11-22T12:00:00Z') });
      c = await t.credentials();
    });
    after(() => t.close());

    it("answers Georgia Power's group as the recorded original", async (ctx) => {
      const recorded = readRecorded('timeofuse-group.json');
      if (!recorded) return ctx.skip('../shared/reference is absent');
      const body = await t.json(recorded.request.path, c);
      assert.equal(body.type, 'TimeOfUseGroup');
      const expected = recorded.response.results[0];
      const got = body.results[0];
      assert.deepEqual([got.lseId, got.touGroupId], [expected.lseId, expected.touGroupId]);
      for (const tou of expected.timeOfUses) {
        const mine = got.timeOfUses.find((x: { touId: number }) => x.touId === tou.touId);
        for (const key of Object.keys(tou)) assert.deepEqual(mine[key], tou[key], `${tou.touName}.${key}`);
      }
    });

    it('gets one TOU, with privacy under fields=ext', async () => {
      const one = await t.json('/rest/public/timeofuses/1000002', c);
      assert.equal(one.type, 'TimeOfUse');
      assert.equal(one.results[0].touName, 'Summer Peak');
      assert.ok(!('privacy' in one.results[0]));
      assert.equal((await t.json('/rest/public/timeofuses/1000002?fields=ext', c)).results[0].privacy, 'PUBLIC');
      assert.equal((await t.get('/rest/public/timeofuses/999999', c)).statusCode, 404);
    });

    it('makes intervals across the DST changes with days of 23 and 25 hours', async () => {
      const fall = (
        await t.json(
          '/rest/public/timeofuses/734/1000001/intervals?fromDateTime=2025-11-01T21:00&toDateTime=2025-11-02T21:00',
          c,
        )
      ).results;
      assert.deepEqual(
        fall.map((i: { touName: string }) => i.touName),
        ['Winter Off-Peak', 'Winter Peak'],
      );
      assert.equal(hours(fall[0]), 20, '9 pm to 4 pm across the fall-back night: 19 wall-clock hours, 20 real ones');
      assert.equal(fall[0].toDateTime, '2025-11-02T16:00:00-08:00');
      const spring = (
        await t.json(
          '/rest/public/timeofuses/734/1000001/intervals?fromDateTime=2025-03-08T21:00&toDateTime=2025-03-09T21:00',
          c,
        )
      ).results;
      assert.equal(hours(spring[0]), 18);
      assert.equal(spring[0].fromDateTime, '2025-03-08T21:00:00-08:00');
      assert.equal(spring[1].fromDateTime, '2025-03-09T16:00:00-07:00');
    });

    it("lets holidays change the day: SCE's July 4 is mid-peak, not on-peak", async () => {
      const friday = (
        await t.json(
          '/rest/public/timeofuses/1000001/1000001/intervals?fromDateTime=2025-07-04&toDateTime=2025-07-05',
          c,
        )
      ).results;
      assert.deepEqual(
        friday.map((i: { touName: string }) => i.touName),
        ['Summer Off-Peak', 'Summer Mid-Peak', 'Summer Off-Peak'],
      );
      const thursday = (
        await t.json(
          '/rest/public/timeofuses/1000001/1000001/intervals?fromDateTime=2025-07-03&toDateTime=2025-07-04',
          c,
        )
      ).results;
      assert.equal(thursday[1].touName, 'Summer On-Peak');
    });

    it("defaults to a week from now in the LSE's zone, pages, and answers one TOU's intervals with its type", async () => {
      const week = await t.json('/rest/public/timeofuses/734/1000001/intervals?pageCount=100', c);
      assert.equal(week.results[0].fromDateTime, '2026-11-22T04:00:00-08:00', 'from now (12:00 UTC)');
      assert.equal(week.results.at(-1).toDateTime, '2026-11-29T04:00:00-08:00', 'one week later');
      assert.equal(week.count, 15);
      const paged = await t.json('/rest/public/timeofuses/734/1000001/intervals?pageCount=5&pageStart=5', c);
      assert.deepEqual(
        [paged.count, paged.results.length, paged.results[0].fromDateTime],
        [15, 5, week.results[5].fromDateTime],
      );
      const peaks = await t.json('/rest/public/timeofuses/intervals/1000004', c);
      assert.equal(peaks.type, 'TimeOfUseIntervals');
      assert.equal(peaks.count, 7);
      assert.ok(
        peaks.results.every(
          (i: { touType: string; touId: number }) =>
            i.touType === 'ON_PEAK' && i.touId === 1000004 && hours(i as never) === 5,
        ),
      );
    });

    it("lists an LSE's groups", async () => {
      assert.deepEqual(
        (await t.json('/rest/public/lses/1000008/tougroups', c)).results.map(
          (g: { touGroupId: number }) => g.touGroupId,
        ),
        [1000001],
      );
      assert.equal((await t.get('/rest/public/lses/42/tougroups', c)).statusCode, 404);
    });

    // The original's list (its Java client's getTimeOfUseGroups: GET public/timeofuses with lseId and paging).
    it('lists the groups of every LSE, or of one by lseId, paged', async () => {
      const all = await t.json('/rest/public/timeofuses?pageCount=500', c);
      const keys = all.results.map((g: { lseId: number; touGroupId: number }) => [g.lseId, g.touGroupId]);
      assert.ok(keys.some(([lse, group]: number[]) => lse === 1000008 && group === 1000001));
      assert.deepEqual(
        keys,
        [...keys].sort((a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]!),
        'by lseId, then touGroupId',
      );
      assert.equal(all.count, keys.length);
      const one = await t.json('/rest/public/timeofuses?lseId=1000008', c);
      assert.deepEqual(
        one.results.map((g: { touGroupId: number; timeOfUses: unknown[] }) => [g.touGroupId, g.timeOfUses.length > 0]),
        [[1000001, true]],
      );
      const second = await t.json('/rest/public/timeofuses?pageStart=1&pageCount=1', c);
      assert.deepEqual([second.count, second.results.length], [all.count, 1]);
      assert.deepEqual([second.results[0].lseId, second.results[0].touGroupId], keys[1]);
      assert.equal((await t.get('/rest/public/timeofuses?lseId=42', c)).statusCode, 404);
      await t.expectBadParameters('/rest/public/timeofuses', c, [
        ['lseId=abc', 'lseId'],
        ['sortOn=price', 'sortOn'],
      ]);
    });

    it('400 names each bad parameter of the reads', async () => {
      await t.expectBadParameters('/rest/public/timeofuses/734/1000001/intervals', c, [
        ['fromDateTime=noon', 'fromDateTime'],
        ['fromDateTime=2025-02-01&toDateTime=2025-01-01', 'toDateTime'],
        ['fromDateTime=2025-01-01&toDateTime=2026-06-01', 'toDateTime'],
        ['sortOn=price', 'sortOn'],
      ]);
      assert.equal((await t.get('/rest/public/timeofuses/734/x', c)).json().results[0].propertyName, 'touGroupId');
      assert.equal((await t.get('/rest/public/timeofuses/734/77', c)).statusCode, 404);
    });

    describe('private definitions', () => {
      let mine: NewCredentials;
      let other: NewCredentials;
      before(async () => {
        mine = await t.credentials(['privateTou'], 'owner-org');
        other = await t.credentials(['privateTou'], 'other-org');
      });
      const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: NewCredentials, payload?: object) =>
        t.inject({
          method,
          url,
          payload,
          headers: { authorization: t.authHeader(who), ...(payload ? { 'content-type': 'application/json' } : {}) },
        });

      it('needs the privateTou tier', async () => {
        assert.equal((await send('POST', '/rest/timeofuses', c, definition())).statusCode, 403);
      });

      it('creates, reads only for its organization, updates and deletes', async () => {
        const publicGroups = (await t.json('/rest/public/lses/734/tougroups', other)).count;
        const created = await send('POST', '/rest/timeofuses', mine, definition());
        assert.equal(created.statusCode, 201, created.body);
        const group = created.json().results[0];
        assert.ok(group.touGroupId > 1000001);
        assert.equal(created.headers.location, `/rest/public/timeofuses/734/${group.touGroupId}`);
        assert.ok(
          group.timeOfUses.every((x: { touId: number; privacy: string }) => x.touId > 0 && x.privacy === 'PRIVATE'),
        );
        const url = `/rest/public/timeofuses/734/${group.touGroupId}`;

        assert.equal((await t.get(url, mine)).statusCode, 200);
        assert.equal((await t.get(url, other)).statusCode, 404, 'another organization does not see it');
        assert.equal((await t.get(`/rest/public/timeofuses/${group.timeOfUses[0].touId}`, other)).statusCode, 404);
        assert.equal((await t.get(`${url}/intervals`, other)).statusCode, 404);
        assert.equal((await t.json('/rest/public/lses/734/tougroups', other)).count, publicGroups);
        assert.equal((await t.json('/rest/public/lses/734/tougroups', mine)).count, publicGroups + 1);

        const july = (await t.json(`${url}/intervals?fromDateTime=2025-07-03&toDateTime=2025-07-05`, mine)).results;
        assert.deepEqual(
          july.map((i: { touName: string }) => i.touName),
          ['My Summer Off-Peak', 'My Summer Peak', 'My Summer Off-Peak'],
          'July 4 (PG&E holiday) is off-peak',
        );

        const update = {
          ...definition(),
          touGroupId: group.touGroupId,
          timeOfUses: definition().timeOfUses.map((x, i) => ({ ...x, touId: group.timeOfUses[i].touId })),
        };
        update.timeOfUses[0]!.touPeriods = [period(0, 16, 4, 21)];
        update.timeOfUses[1]!.touPeriods = [period(0, 21, 4, 16), period(5, 0, 6, 0)];
        const updated = await send('PUT', '/rest/timeofuses', mine, update);
        assert.equal(updated.statusCode, 200, updated.body);
        assert.equal(updated.json().results[0].timeOfUses[0].touPeriods[0].fromHour, 16);
        assert.equal((await send('PUT', '/rest/timeofuses', other, update)).statusCode, 404);
        assert.equal((await send('DELETE', `/rest/timeofuses/734/${group.touGroupId}`, other)).statusCode, 404);

        const deleted = await send('DELETE', `/rest/timeofuses/734/${group.touGroupId}`, mine);
        assert.equal(deleted.statusCode, 200);
        assert.equal(deleted.json().results[0].touGroupId, group.touGroupId);
        assert.equal((await t.get(url, mine)).statusCode, 404);
      });

      it('refuses to change public groups', async () => {
        assert.equal((await send('DELETE', '/rest/timeofuses/734/1000001', mine)).statusCode, 403);
      });

      it('names the first gap or overlap, with day, time and TOUs', async () => {
        const gap = definition();
        gap.timeOfUses[0]!.touPeriods = [period(0, 17, 4, 19)];
        const res = await send('POST', '/rest/timeofuses', mine, gap);
        assert.equal(res.statusCode, 400);
        const item = res.json().results[0];
        assert.equal(item.propertyName, 'timeOfUses');
        assert.match(item.message, /^Gap: no TOU covers Monday 19:00 in season High Price Period/);
        const overlap = definition();
        overlap.timeOfUses[0]!.touPeriods = [period(0, 16, 4, 20)];
        assert.match(
          (await send('POST', '/rest/timeofuses', mine, overlap)).json().results[0].message,
          /^Overlap: My Summer Peak and My Summer Off-Peak both cover Monday 16:00/,
        );
        const noWinter = definition();
        noWinter.timeOfUses.pop();
        assert.match(
          (await send('POST', '/rest/timeofuses', mine, noWinter)).json().results[0].message,
          /no TOU covers Monday 00:00 in season Low Price Period/,
        );
        assert.equal(
          (await t.json('/rest/public/lses/734/tougroups', mine)).count,
          (await t.json('/rest/public/lses/734/tougroups', other)).count,
          'nothing was stored',
        );
      });

      it('creates several groups at once, each with its own ids', async () => {
        const created = await Promise.all(
          Array.from({ length: 5 }, () => send('POST', '/rest/timeofuses', mine, definition())),
        );
        assert.deepEqual(
          created.map((r) => r.statusCode),
          [201, 201, 201, 201, 201],
          created.map((r) => r.body).join('\n'),
        );
        const ids = created.map((r) => r.json().results[0].touGroupId);
        assert.equal(new Set(ids).size, 5);
        for (const id of ids) assert.equal((await send('DELETE', `/rest/timeofuses/734/${id}`, mine)).statusCode, 200);
      });

      it("private ids are drawn at random from the private range: they do not count other organizations' groups", async () => {
        type Group = { touGroupId: number; timeOfUses: { touId: number; touPeriods: { touPeriodId: number }[] }[] };
        const create = async (who: NewCredentials): Promise<Group> => {
          const res = await send('POST', '/rest/timeofuses', who, definition());
          assert.equal(res.statusCode, 201, res.body);
          return res.json().results[0];
        };
        const idsOf = (g: Group) => ({
          group: [g.touGroupId],
          tous: g.timeOfUses.map((x) => x.touId),
          periods: g.timeOfUses.flatMap((x) => x.touPeriods.map((p) => p.touPeriodId)),
        });
        // The owner makes a group, the other organization three, the owner another: with ids counted up, the owner's
        // second group would be its first + 4 and its TOUs and periods as far on, telling it the other made three.
        const first = idsOf(await create(mine));
        const others = [await create(other), await create(other), await create(other)].map(idsOf);
        const second = idsOf(await create(mine));
        for (const g of [first, second, ...others])
          for (const id of [...g.group, ...g.tous, ...g.periods])
            assert.ok(
              Number.isInteger(id) && id >= PRIVATE_ID_MIN && id <= PRIVATE_ID_MAX,
              `${id} in the private range`,
            );
        for (const kind of ['group', 'tous', 'periods'] as const) {
          // Any two of these ids as far apart as counting would put them (a few hundred at most) happens by chance
          // about once in a million runs: 1.15e9 possible ids.
          const gap = Math.min(...second[kind].flatMap((b) => first[kind].map((a) => Math.abs(b - a))));
          assert.ok(gap > 1000, `the owner's ${kind} ids ${first[kind]} then ${second[kind]}: ${gap} apart`);
          const all = [first, second, ...others].flatMap((g) => g[kind]);
          assert.equal(new Set(all).size, all.length, `${kind} ids all different`);
        }
        // Its own group is read by id and replaced as before; the other organization still sees none of them.
        const own = `/rest/public/timeofuses/734/${second.group[0]}`;
        assert.equal((await t.get(own, mine)).statusCode, 200);
        assert.equal((await t.get(own, other)).statusCode, 404);
        assert.equal((await t.get(`/rest/public/timeofuses/${second.tous[0]}`, other)).statusCode, 404);
        for (const [who, g] of [[mine, first], [mine, second], ...others.map((o) => [other, o] as const)] as const)
          assert.equal((await send('DELETE', `/rest/timeofuses/734/${g.group[0]}`, who)).statusCode, 200);
      });

      it('lists a private group only for its organization in the list of all groups', async () => {
        const created = await send('POST', '/rest/timeofuses', mine, definition());
        assert.equal(created.statusCode, 201, created.body);
        const id = created.json().results[0].touGroupId;
        const listed = async (who: NewCredentials) =>
          (await t.json('/rest/public/timeofuses?lseId=734&pageCount=1000', who)).results.some(
            (g: { touGroupId: number }) => g.touGroupId === id,
          );
        assert.deepEqual([await listed(mine), await listed(other)], [true, false]);
        assert.equal((await send('DELETE', `/rest/timeofuses/734/${id}`, mine)).statusCode, 200);
      });

      it('400 names each bad field of the body', async () => {
        const cases: [object, string][] = [
          [{ ...definition(), touGroupId: 5 }, 'touGroupId'],
          [{ ...definition(), timeOfUses: [{ ...definition().timeOfUses[0], touId: 3 }] }, 'timeOfUses[0].touId'],
          [{ ...definition(), lseId: 99 }, 'lseId'],
          [
            { ...definition(), timeOfUses: [{ ...definition().timeOfUses[0], touType: 'HAPPY_HOUR' }] },
            'timeOfUses[0].touType',
          ],
          [
            { ...definition(), timeOfUses: [{ ...definition().timeOfUses[0], seasonId: 1000001 }] },
            'timeOfUses[0].seasonId',
          ],
          [
            { ...definition(), timeOfUses: [{ ...definition().timeOfUses[0], calendarId: 34 }] },
            'timeOfUses[0].calendarId',
          ],
          [
            {
              ...definition(),
              timeOfUses: [{ ...definition().timeOfUses[0], touPeriods: [{ ...period(0, 24, 0, 0) }] }],
            },
            'timeOfUses[0].touPeriods[0].fromHour',
          ],
          [
            { ...definition(), timeOfUses: [{ ...definition().timeOfUses[0], touPeriods: [] }] },
            'timeOfUses[0].touPeriods',
          ],
          [{ lseId: 734 }, 'timeOfUses'],
        ];
        for (const [body, name] of cases) {
          const res = await send('POST', '/rest/timeofuses', mine, body);
          assert.equal(res.statusCode, 400, name);
          assert.equal(res.json().results[0].propertyName, name, res.body);
        }
        const put = await send('PUT', '/rest/timeofuses', mine, definition());
        assert.equal(put.json().results[0].propertyName, 'touGroupId');
      });
    });
  });
}
