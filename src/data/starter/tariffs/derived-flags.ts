// The flags and charge-type list of a starter tariff version follow from its rates.
import type { StarterTariff } from './starter-tariff.ts';

const CHARGE_TYPE_ORDER = [
  'FIXED_PRICE',
  'CONSUMPTION_BASED',
  'DEMAND_BASED',
  'QUANTITY',
  'MINIMUM',
  'MAXIMUM',
  'TAX',
  'NET_EXCESS_GENERATION',
];

export function derivedTariffFlags(t: StarterTariff) {
  const types = new Set(t.rates.map((r) => r.chargeType));
  return {
    chargeTypes: CHARGE_TYPE_ORDER.filter((c) => types.has(c as never)).join(','),
    hasTimeOfUseRates: t.rates.some((r) => r.touId !== undefined),
    hasTieredRates: t.rates.some((r) => r.bands.some((b) => b.upTo !== undefined || b.demandUpTo !== undefined)),
    hasRateApplicability: t.rates.some((r) => r.applicabilityKey !== undefined),
  };
}
