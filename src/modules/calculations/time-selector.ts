// What a tariff's time data (seasons, TOUs, lookup series) is loaded for. Its own module because the tariff
// context loads it and the demand keys add their ratchets' lookbacks to it, and the context reads the demand keys.
import type { Rate } from '../../engine/tariff/model.ts';

/** The seasons, TOUs and lookup keys that rates (or a ratchet's lookback) name. */
export type TimeSelector = Pick<Rate, 'seasonId' | 'touId' | 'variableRateKey' | 'variableRateSubKey'>;
