// Tariffs, rates and property entries as the routes send them: the service's objects (every field, null when unset)
// less the fields the original API omits when unset (lists and reasons in tariffs.schemas.ts). Copies, never edits:
// the objects may be read again after the answer is shaped (the account service reuses the service's tariffs).
import type { Static } from '@sinclair/typebox';
import type { TariffPropertyKey } from './tariff-questions.ts';
import {
  BAND_OMITTED_WHEN_UNSET,
  PROPERTY_KEY_OMITTED_WHEN_UNSET,
  PROPERTY_OMITTED_WHEN_UNSET,
  RATE_OMITTED_WHEN_UNSET,
  type TariffPropertyKeyWireSchema,
  type TariffPropertySchema,
  type TariffPropertyWireSchema,
  type TariffRateBandSchema,
  type TariffRateBandWireSchema,
  type TariffRateSchema,
  type TariffRateWireSchema,
  type TariffSchema,
  type TariffWireSchema,
} from './tariffs.schemas.ts';

type Tariff = Static<typeof TariffSchema>;
type TariffRate = Static<typeof TariffRateSchema>;
type TariffRateBand = Static<typeof TariffRateBandSchema>;
type TariffProperty = Static<typeof TariffPropertySchema>;
export type TariffWire = Static<typeof TariffWireSchema>;
export type TariffRateWire = Static<typeof TariffRateWireSchema>;
type TariffRateBandWire = Static<typeof TariffRateBandWireSchema>;
type TariffPropertyWire = Static<typeof TariffPropertyWireSchema>;
type TariffPropertyKeyWire = Static<typeof TariffPropertyKeyWireSchema>;

/** Unset: null, or an empty list (a rate's prorationRules; no listed field is a list whose emptiness says anything). */
const unset = (v: unknown) => v === null || (Array.isArray(v) && v.length === 0);

/** A copy of `o` without those of `keys` that are unset. */
function withoutUnset<T extends object>(o: T, keys: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!(keys.has(k) && unset(v))) out[k] = v;
  return out;
}

const RATE_KEYS: ReadonlySet<string> = new Set(RATE_OMITTED_WHEN_UNSET);
const BAND_KEYS: ReadonlySet<string> = new Set(BAND_OMITTED_WHEN_UNSET);
const PROPERTY_KEYS: ReadonlySet<string> = new Set(PROPERTY_OMITTED_WHEN_UNSET);
const PROPERTY_KEY_KEYS: ReadonlySet<string> = new Set(PROPERTY_KEY_OMITTED_WHEN_UNSET);

const wireBand = (b: TariffRateBand) => withoutUnset(b, BAND_KEYS) as TariffRateBandWire;

export const wireRate = (r: TariffRate): TariffRateWire =>
  ({ ...withoutUnset(r, RATE_KEYS), rateBands: r.rateBands.map(wireBand) }) as TariffRateWire;

const wireProperty = (p: TariffProperty) => withoutUnset(p, PROPERTY_KEYS) as TariffPropertyWire;

export function wireTariff(t: Tariff): TariffWire {
  const { properties, rates, ...rest } = t;
  return {
    ...rest,
    ...(properties ? { properties: properties.map(wireProperty) } : {}),
    ...(rates ? { rates: rates.map(wireRate) } : {}),
  };
}

export const wirePropertyKey = (k: TariffPropertyKey) => withoutUnset(k, PROPERTY_KEY_KEYS) as TariffPropertyKeyWire;
