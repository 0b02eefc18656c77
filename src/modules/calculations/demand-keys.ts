// Stored DEMAND property keys as the bill engine reads them: a key with a lookback of billing periods is a ratchet
// (its formula gives the share of the lookback's highest demand), a key with a lookbackIntervalQuantity measures
// demand over intervals of that many minutes; any other key is a demand the caller gives.
import { isDemandInterval, MAX_LOOKBACK_PERIODS } from '../../engine/bill/billing-demand.ts';
import type { DemandKey } from '../../engine/bill/types.ts';
import { ratchetFactor } from '../../engine/tariff/ratchet-formula.ts';
import type { PropertyKeyRow } from '../tariffs/tariffs.repository.ts';
import type { TimeSelector } from './time-selector.ts';

/** Lookback periods the engine counts: billing periods (the original API also shows an empty string for them). */
const BILLING_PERIOD = new Set(['BILLING_PERIOD', '']);

export function toDemandKey(k: PropertyKeyRow): DemandKey {
  const periods = k.lookback_quantity;
  const factor = ratchetFactor(k.formula_detail);
  const ratchet =
    k.data_type === 'DEMAND' &&
    periods !== null &&
    periods >= 0 &&
    periods <= MAX_LOOKBACK_PERIODS &&
    BILLING_PERIOD.has(k.lookback_period ?? '') &&
    factor !== null;
  const minutes = k.lookback_interval_quantity;
  const intervalMinutes = k.data_type === 'DEMAND' && isDemandInterval(minutes) ? minutes : null;
  return {
    keyName: k.key_name,
    displayName: k.display_name,
    formula: k.formula_detail,
    intervalMinutes,
    lookback: ratchet ? { periods, factor, seasonId: k.lookback_season_id, touId: k.lookback_tou_id } : null,
  };
}

/** The seasons and TOUs that ratchets count demand in: loaded with the rates' own time data. */
export const lookbackSelectors = (keys: ReadonlyMap<string, DemandKey>): TimeSelector[] =>
  [...keys.values()].flatMap((k) =>
    k.lookback
      ? [{ seasonId: k.lookback.seasonId, touId: k.lookback.touId, variableRateKey: null, variableRateSubKey: null }]
      : [],
  );
