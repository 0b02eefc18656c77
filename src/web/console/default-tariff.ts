// The place's default tariff among the tariffs a ZIP code lists for a customer class, by the savings analysis' own
// rule (src/modules/savings/default-tariff.ts): a DEFAULT tariff in effect (the list holds only those), the one with
// most customers, then the lowest id. Pure: no DOM (unit tested by test/console/savings-default.test.ts).

export interface Countable {
  masterTariffId: number;
  tariffType: string | null;
  customerCount?: number | null;
}

/** The place's default tariff of a list (null when it holds no DEFAULT tariff). */
export function defaultOf<T extends Countable>(tariffs: T[]): T | null {
  const defaults = tariffs.filter((t) => t.tariffType === 'DEFAULT');
  defaults.sort((a, b) => (b.customerCount ?? -1) - (a.customerCount ?? -1) || a.masterTariffId - b.masterTariffId);
  return defaults[0] ?? null;
}
