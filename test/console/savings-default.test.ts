// The console's savings page preselects the place's default tariff by the analysis' own rule
// (src/modules/savings/default-tariff.ts): of the listed tariffs (those in effect), a DEFAULT one, the most customers,
// then the lowest id.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultOf } from '../../src/web/console/default-tariff.ts';

const tariff = (masterTariffId: number, tariffType: string, customerCount: number | null = null) => ({
  masterTariffId,
  tariffType,
  customerCount,
});

describe('the savings page’s default tariff', () => {
  it('is a DEFAULT tariff, never an alternative one', () => {
    assert.equal(defaultOf([tariff(1, 'ALTERNATIVE', 9000), tariff(2, 'DEFAULT', 10)])?.masterTariffId, 2);
  });
  it('of several DEFAULT tariffs, the one with most customers (an unknown count last), then the lowest id', () => {
    assert.equal(
      defaultOf([tariff(3, 'DEFAULT', 10), tariff(4, 'DEFAULT', 500), tariff(5, 'DEFAULT', null)])?.masterTariffId,
      4,
    );
    assert.equal(defaultOf([tariff(7, 'DEFAULT'), tariff(6, 'DEFAULT')])?.masterTariffId, 6);
  });
  it('is none when no DEFAULT tariff is listed (the analysis then says so in words)', () => {
    assert.equal(defaultOf([tariff(1, 'ALTERNATIVE')]), null);
    assert.equal(defaultOf([]), null);
  });
});
