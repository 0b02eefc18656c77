import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkRule } from '../../src/engine/calendar/event-rules.ts';
import { checkSeasonGroup } from '../../src/engine/time/seasons.ts';
import { checkPeriod, findCoverageProblem } from '../../src/engine/time/tou-periods.ts';
import { STARTER_LSES } from '../../src/data/starter/lses.data.ts';
import { STARTER_CALENDARS } from '../../src/data/starter/time.data.ts';
import {
  ALL_STARTER_SEASONS as STARTER_SEASONS,
  ALL_STARTER_TOU_GROUPS as STARTER_TOU_GROUPS,
} from '../../src/data/starter/combined.ts';

const seasonDef = (s: (typeof STARTER_SEASONS)[number]) => ({
  seasonId: s.seasonId,
  seasonName: s.seasonName,
  seasonFromMonth: s.from[0],
  seasonFromDay: s.from[1],
  seasonToMonth: s.to[0],
  seasonToDay: s.to[1],
});

describe('starter time data', () => {
  it('has season groups that each cover the year exactly once', () => {
    const groups = new Map<string, typeof STARTER_SEASONS>();
    for (const s of STARTER_SEASONS)
      groups.set(`${s.lseId}:${s.seasonGroupId}`, [...(groups.get(`${s.lseId}:${s.seasonGroupId}`) ?? []), s]);
    for (const [key, seasons] of groups) assert.doesNotThrow(() => checkSeasonGroup(seasons.map(seasonDef)), key);
  });
  it('has valid calendar rules, and synthetic calendars that say so', () => {
    for (const c of STARTER_CALENDARS) {
      for (const e of c.events) checkRule({ ...e, manualDates: e.stored?.map((d) => d.date) });
      if (c.calendarType !== 'HOLIDAY') assert.match(c.calendarName, /synthetic/, c.calendarName);
    }
  });
  it("has TOU groups that follow the coverage rules of private definitions, on their LSE's seasons", () => {
    const lseIds = new Set(STARTER_LSES.map((l) => l.lseId));
    const calendarIds = new Set(STARTER_CALENDARS.map((c) => c.calendarId));
    for (const g of STARTER_TOU_GROUPS) {
      assert.ok(lseIds.has(g.lseId));
      const named = new Set(g.tous.map((t) => t.seasonId).filter((s) => s !== null));
      const group = STARTER_SEASONS.filter((s) => named.has(s.seasonId));
      assert.ok(
        group.every((s) => s.lseId === g.lseId && s.seasonGroupId === group[0]!.seasonGroupId),
        `${g.lseId}/${g.touGroupId} seasons`,
      );
      const wholeGroup = STARTER_SEASONS.filter(
        (s) => s.lseId === g.lseId && s.seasonGroupId === group[0]?.seasonGroupId,
      );
      for (const t of g.tous) {
        t.periods.forEach(checkPeriod);
        if (t.calendarId !== null) assert.ok(calendarIds.has(t.calendarId), t.touName);
      }
      assert.equal(
        findCoverageProblem(
          g.tous,
          wholeGroup.map((s) => s.seasonId),
        ),
        null,
        `${g.lseId}/${g.touGroupId}`,
      );
    }
  });
  it('keeps period ids unique', () => {
    const ids = STARTER_TOU_GROUPS.flatMap((g) => g.tous.flatMap((t) => t.periods.map((p) => p.touPeriodId)));
    assert.equal(new Set(ids).size, ids.length);
  });
});

import { after, before } from 'node:test';
import { runSeeds } from '../../src/data/seed.ts';
import { timeSeeder } from '../../src/data/time.seeder.ts';
import { createTestDb, dialects, type TestDb } from '../helpers/dialects.ts';

for (const dialect of dialects) {
  describe(`re-seeding the time data on ${dialect}`, () => {
    let db: TestDb;
    before(async () => {
      db = await createTestDb(dialect);
      await runSeeds(db);
    });
    after(() => db.dispose());

    it('removes a retired starter season, so season groups stay whole', async () => {
      await db.kysely
        .insertInto('seasons')
        .values({
          season_id: 1000005,
          lse_id: 2756,
          season_group_id: 3,
          season_name: 'Winter',
          from_month: 10,
          from_day: 1,
          from_edge_predominance: null,
          to_month: 5,
          to_day: 31,
          to_edge_predominance: null,
          source: 'version 1',
        })
        .execute();
      await db.kysely.transaction().execute((trx) => timeSeeder.run(trx, db));
      const group = await db.kysely
        .selectFrom('seasons')
        .select('season_id')
        .where('lse_id', '=', 2756)
        .orderBy('season_id')
        .execute();
      assert.deepEqual(
        group.map((s) => s.season_id),
        [314, 315],
      );
    });
  });
}
