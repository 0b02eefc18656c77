// The starter incentives keep the data rules: each has sources with the day read, dates in order, a reason when it
// ended, an LSE that is loaded, and a key asked by several incentives is asked the same way (one kind of answer).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { STARTER_INCENTIVES } from '../../src/data/starter/incentives.data.ts';
import { STARTER_LSES } from '../../src/data/starter/lses.data.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

describe('starter incentives', () => {
  it('have unique ids, sources read on a date, and dates in order', () => {
    const ids = STARTER_INCENTIVES.map((i) => i.incentiveId);
    assert.equal(new Set(ids).size, ids.length);
    for (const i of STARTER_INCENTIVES) {
      assert.ok(i.sources.length > 0, `${i.incentiveName} has a source`);
      for (const s of i.sources) {
        assert.match(s.url, /^https?:\/\//, i.incentiveName);
        assert.match(s.dateRead, DATE, i.incentiveName);
      }
      for (const d of [i.startDate, i.endDate]) if (d !== null) assert.match(d, DATE, i.incentiveName);
      if (i.startDate && i.endDate) assert.ok(i.startDate < i.endDate, `${i.incentiveName}: start before end`);
      assert.equal(i.endDate !== null, i.endReason !== null, `${i.incentiveName}: an end has its reason`);
      assert.ok(i.rate > 0, i.incentiveName);
      if (i.rateUnit === 'PERCENTAGE') assert.ok(i.rate <= 100, i.incentiveName);
    }
  });

  it('name only loaded LSEs, with their names, and state every LSE incentive', () => {
    const lses = new Map(STARTER_LSES.map((l) => [l.lseId, l.name]));
    for (const i of STARTER_INCENTIVES) {
      if (i.lseId === null) continue;
      assert.equal(lses.get(i.lseId), i.lseName, i.incentiveName);
      assert.ok(i.state, `${i.incentiveName} has its state`);
    }
  });

  it('cite Public Law 119-21 for every federal credit that ended', () => {
    const federalEnded = STARTER_INCENTIVES.filter((i) => i.jurisdiction === 'FEDERAL' && i.endDate !== null);
    assert.ok(federalEnded.length >= 4);
    for (const i of federalEnded) assert.match(i.endReason!, /Public Law 119-21/, i.incentiveName);
    const solar = STARTER_INCENTIVES.find((i) => i.incentiveId === 1000001)!;
    assert.equal(solar.endDate, '2026-01-01');
    assert.match(solar.endReason!, /section 70506/);
  });

  it('ask each question key the same way wherever it is asked', () => {
    const kinds = new Map<string, string>();
    for (const i of STARTER_INCENTIVES)
      for (const q of i.applicabilities) {
        const kind = q.choices ? `choices:${q.choices.map((c) => c.dataValue).join(',')}` : `number:${q.quantityUnit}`;
        if (!kinds.has(q.applicabilityKey)) kinds.set(q.applicabilityKey, kind);
        assert.equal(kind, kinds.get(q.applicabilityKey), `${i.incentiveName}: ${q.applicabilityKey}`);
        if (q.choices && q.requiredValue)
          for (const v of q.requiredValue.split(','))
            assert.ok(
              q.choices.some((c) => c.dataValue === v),
              `${q.applicabilityKey}: ${v} is a choice`,
            );
      }
  });
});
