// One rule for URDB's dates (src/importers/urdb/urdb-dates.ts): startdate is the first day, enddate the last day, and
// Ratebook's endDate is exclusive. The importer and the starter tariffs taken from URDB records must agree on it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { STARTER_TARIFFS } from '../../src/data/starter/tariffs/index.ts';
import { convertUrdb } from '../../src/importers/urdb/convert.ts';
import { urdbDay, urdbEffectiveDate, urdbEndDate } from '../../src/importers/urdb/urdb-dates.ts';

const FLAT = {
  energyratestructure: [[{ rate: 0.1 }]],
  energyweekdayschedule: Array(12).fill(Array(24).fill(0)),
  energyweekendschedule: Array(12).fill(Array(24).fill(0)),
};

describe('URDB dates', () => {
  it('reads startdate as the first day and enddate as the last day, so the version ends the day after', () => {
    assert.equal(urdbEffectiveDate(1433116800), '2015-06-01'); // 2015-06-01 00:00 UTC
    assert.equal(urdbEndDate(1451520000), '2016-01-01'); // enddate 2015-12-31 00:00 UTC: last day 2015-12-31
    assert.equal(urdbEndDate(1703980800), '2024-01-01'); // 2023-12-31: across a year end
    assert.equal(urdbEndDate(1709078400), '2024-02-29'); // 2024-02-28: into a leap day
    assert.equal(urdbDay(-2_300_000_000), null); // 1897: not a date a rate has
    assert.equal(urdbEndDate(7_300_000_000), null); // 2201
  });

  it('the importer and the starter data give a URDB record the same version dates', () => {
    // A starter version ends at its record's end only where the utility closed the schedule (the last version, with
    // closedDate); elsewhere a version ends where its successor starts, whatever its record said (SMUD R's 2022 record
    // ends 2023-08-21, but its successor's figures start 2026-01-01: test/data/starter-tariffs.test.ts).
    const fromUrdb = STARTER_TARIFFS.filter(
      (t) => /OpenEI URDB record/.test(t.source) && t.closedDate !== undefined && t.endDate === t.closedDate,
    );
    assert.ok(fromUrdb.length >= 1, 'the last version of a closed schedule, from a URDB record with an enddate');
    for (const t of fromUrdb) {
      // The source of each such tariff quotes the record's dates; the importer reads the same record's dates.
      const startSeconds =
        Date.UTC(
          Number(t.effectiveDate.slice(0, 4)),
          Number(t.effectiveDate.slice(5, 7)) - 1,
          Number(t.effectiveDate.slice(8, 10)),
        ) / 1000;
      const lastDay = new Date(Date.parse(`${t.endDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      assert.match(
        t.source,
        new RegExp(`(enddate \\d+ = |end date )${lastDay}`),
        `${t.tariffName}: its source quotes URDB's enddate ${lastDay}`,
      );
      const converted = convertUrdb({
        label: 'x',
        name: t.tariffName,
        sector: 'Commercial',
        eiaid: 1,
        startdate: startSeconds,
        enddate: Date.parse(`${lastDay}T00:00:00Z`) / 1000,
        ...FLAT,
      });
      assert.equal(converted.effectiveDate, t.effectiveDate);
      assert.equal(converted.endDate, t.endDate, `${t.tariffName}`);
    }
  });
});
