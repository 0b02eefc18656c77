// The accounts the jobs benches bill: a residential account in San Francisco on a tariff, and its profile with a year
// of hourly readings from 2026-03-01 (synthetic: a daily shape with an evening peak, scaled by the account's number).

/** The body of POST /rest/v1/accounts and of POST /rest/v1/profiles for account `k`. */
export function benchAccount(k: number, masterTariffId: number): { account: object; profile: object } {
  const pid = `bench-${k}`;
  const t0 = Date.parse('2026-03-01T08:00:00Z');
  return {
    account: {
      providerAccountId: pid,
      address: { zip: '94110' },
      properties: { customerClass: { dataValue: 'RESIDENTIAL' } },
      tariffs: [{ masterTariffId, effectiveDate: '2026-01-01' }],
    },
    profile: {
      providerAccountId: pid,
      providerProfileId: `${pid}-meter`,
      source: { sourceId: 'ReadingEntry' },
      readingData: Array.from({ length: 8760 }, (_, h) => ({
        fromDateTime: new Date(t0 + h * 3_600_000).toISOString(),
        toDateTime: new Date(t0 + (h + 1) * 3_600_000).toISOString(),
        quantityUnit: 'kWh',
        quantityValue:
          Math.round((0.3 + (h % 24 >= 16 && h % 24 < 21 ? 0.9 : 0.3)) * (0.6 + (k % 10) / 10) * 1000) / 1000,
      })),
    },
  };
}
