// The tariff before solar: the one given; else the account's on the first day of year one; else the place's default
// tariff on the day of the request (for an account, said in the assumptions).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tariffsInRange } from '../../../../src/modules/accounts/tariff-timeline.ts';
import { BeforeTariff } from '../../../../src/modules/savings/analysis/before-tariff.ts';
import type { AccountSource, Assumption, BillRequest, Body } from '../../../../src/modules/savings/analysis/types.ts';
import { planOf, refuses, zipRow } from './fixtures.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
/** Two DEFAULT tariffs of the place: 522 in effect now, 700 from 2027. */
const tariffs = {
  list: async () => ({
    rows: [
      { masterTariffId: 700, tariffName: 'Later', lseName: 'PG&E', effectiveDate: '2027-01-01', endDate: null },
      { masterTariffId: 522, tariffName: 'E-1', lseName: 'PG&E', effectiveDate: '2020-01-01', endDate: null },
    ],
  }),
};
/** An account's tariffs as stored: on 9400001 from 2026-06-01. */
const accounts = {
  zoneOf: () => 'America/Los_Angeles',
  timeline: async (
    account: { tariffs: { effective_date: string; master_tariff_id: number }[] },
    from: string,
    to: string,
  ) => tariffsInRange(account.tariffs, from, to).map((part) => ({ part, source: 'ACCOUNT' })),
};
const step = new BeforeTariff(accounts as never, tariffs as never, () => NOW);
const account = (held: { effective_date: string; master_tariff_id: number }[]): AccountSource =>
  ({ field: 'accountId', value: 'a-1', account: { tariffs: held } }) as never;
const request = (source: AccountSource | null, from = '2027-01-01'): BillRequest =>
  ({ body: {} as Body, zip: zipRow(), orgId: 1, account: source, yearOne: { from, to: '2028-01-01' } }) as never;
const plain = planOf([{ keyName: 'systemSize', dataValue: 4 }]);

describe('the tariff before solar', () => {
  it('is masterTariffId tagged before when given', async () => {
    const notes: Assumption[] = [];
    const given = planOf([{ keyName: 'masterTariffId', dataValue: 9, scenarios: 'before' }]);
    assert.equal(await step.of(request(null), given, 'RESIDENTIAL', notes), 9);
    assert.deepEqual(notes, []);
  });

  it("is the place's default tariff in effect today, said only for an account", async () => {
    const notes: Assumption[] = [];
    assert.equal(await step.of(request(null), plain, 'RESIDENTIAL', notes), 522);
    assert.deepEqual(notes, []);
    const said: Assumption[] = [];
    assert.equal(await step.of(request(account([])), plain, 'RESIDENTIAL', said), 522);
    assert.match(
      said[0]!.description ?? '',
      /The account has no tariff set: the RESIDENTIAL default tariff of its place \(PG&E\), E-1 \(522\)/,
    );
  });

  it("is the account's tariff on the first day of year one, and refuses a year one before the account's first", async () => {
    const notes: Assumption[] = [];
    const held = account([{ effective_date: '2026-06-01', master_tariff_id: 9400001 }]);
    assert.equal(await step.of(request(held), plain, 'RESIDENTIAL', notes), 9400001);
    assert.match(
      notes[0]!.description ?? '',
      /The account's tariff on 2027-01-01, the start of year one \(set from 2026-06-01\)/,
    );
    await refuses(() => step.of(request(held, '2026-01-01'), plain, 'RESIDENTIAL', []), 'masterTariffId');
  });
});
