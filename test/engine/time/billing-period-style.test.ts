import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BILLING_PERIOD_STYLES,
  representationOf,
  toLseDates,
  toStandardDates,
} from '../../../src/engine/time/billing-period-style.ts';

const january = { fromDate: '2024-01-01', toDate: '2024-02-01' };

describe('billing period styles', () => {
  it('writes January as each style says', () => {
    assert.deepEqual(toLseDates(january, representationOf('ServiceStyle')), january);
    assert.deepEqual(toLseDates(january, representationOf('InclusiveToDate')), {
      fromDate: '2024-01-01',
      toDate: '2024-01-31',
    });
    assert.deepEqual(toLseDates(january, representationOf('ExclusiveFromDateAndInclusiveToDate')), {
      fromDate: '2023-12-31',
      toDate: '2024-01-31',
    });
    assert.deepEqual(toLseDates(january, representationOf('Unknown')), january, 'Unknown is treated as standard');
  });
  it('converts back to the standard style, across month ends and leap days', () => {
    const feb = { fromDate: '2024-02-01', toDate: '2024-03-01' };
    for (const style of BILLING_PERIOD_STYLES) {
      const r = representationOf(style);
      assert.deepEqual(toStandardDates(toLseDates(feb, r), r), feb, style);
      assert.deepEqual(toStandardDates(toLseDates(january, r), r), january, style);
    }
    assert.deepEqual(toLseDates(feb, representationOf('InclusiveToDate')).toDate, '2024-02-29');
  });
  it('uses the offsets it is given, as the rule says', () => {
    const custom = { fromDateOffset: 2, toDateOffset: 1, style: 'ServiceStyle' as const };
    assert.deepEqual(toLseDates(january, custom), { fromDate: '2024-01-03', toDate: '2024-02-02' });
    assert.deepEqual(toStandardDates({ fromDate: '2024-01-03', toDate: '2024-02-02' }, custom), january);
  });
  it('refuses what is not a date', () => {
    assert.throws(
      () => toLseDates({ fromDate: '2024-13-01', toDate: '2024-02-01' }, representationOf('ServiceStyle')),
      RangeError,
    );
  });
});
