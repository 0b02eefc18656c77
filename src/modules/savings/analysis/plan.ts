// The plan step of the savings analysis: the request's inputs read into a plan, and each design's (the request's
// inputs with the design's over them). Designs share the usage and the tariff before solar, so a design that gives
// them is a 400 naming its input; profile inputs need an account, and a solar profile is the whole PV.
import { invalidArgument } from '../../../http/errors.ts';
import {
  placedInputs,
  PROFILE_KEYS,
  readPlan,
  type AnalysisPlan,
  type Placed,
  type PropertyInput,
  type RateInput,
} from './inputs.ts';
import type { AccountSource, Body } from './types.ts';

/** Keys of the usage: a design may not give them (nor masterTariffId tagged before, nor a usage profile). */
const USAGE_KEYS = ['consumption', 'baselineType', 'buildingId', 'loadSize', 'customerClass'];

export interface DesignPlan {
  /** The design's id (its position when it gives none); null when the request has no designs. */
  designId: string | null;
  plan: AnalysisPlan;
}

export interface Plans {
  /** The request's own inputs, placed (the account step reads which keys were given). */
  given: { properties: Placed<PropertyInput>[]; rates: Placed<RateInput>[] };
  /** The request's plan: the usage, the tariff before solar and the term are read from it. */
  plan: AnalysisPlan;
  /** Each design's plan (the request's own when it has no designs), in the request's order. */
  designs: DesignPlan[];
  /** Every distinct plan: the request's, then the designs' own. */
  all: AnalysisPlan[];
}

export function plansOf(body: Body, account: AccountSource | null): Plans {
  const given = placedInputs(body, null);
  const plan = readPlan(given.properties, given.rates);
  const designs = (body.designs ?? [null]).map((d, k): DesignPlan => {
    if (d === null) return { designId: null, plan };
    const own = placedInputs(body, k);
    const usageKey = (d.propertyInputs ?? []).findIndex(
      (p) =>
        USAGE_KEYS.includes(p.keyName) ||
        (p.keyName === 'masterTariffId' && (p.scenarios ?? '').toLowerCase().includes('before')) ||
        (PROFILE_KEYS.includes(p.keyName) && !(p.scenarios ?? '').toLowerCase().includes('solar')),
    );
    if (usageKey >= 0)
      throw invalidArgument(
        `designs[${k}].propertyInputs[${usageKey}].keyName`,
        d.propertyInputs![usageKey]!.keyName,
        'Designs share the usage and the tariff before solar: give them once, outside designs',
      );
    return { designId: d.designId ?? String(k), plan: readPlan(own.properties, own.rates) };
  });
  const all = [plan, ...designs.filter((d) => d.plan !== plan).map((d) => d.plan)];
  checkProfileInputs(all, account);
  return { given, plan, designs, all };
}

/** Profile inputs need an account, and a solar profile is the whole PV: no system or output besides it. */
export function checkProfileInputs(plans: readonly AnalysisPlan[], account: AccountSource | null): void {
  for (const p of plans) {
    const named = p.profiles.usage ?? p.profiles.solar;
    if (named && !account)
      throw invalidArgument(
        `${named.path}.keyName`,
        named.input.keyName,
        `${named.input.keyName} names a profile of an account: give the account (accountId or providerAccountId)`,
      );
    const sized = p.pv.production?.path ?? (p.pv.sizePath === null ? null : p.pv.sizePath.replace(/\.dataValue$/, ''));
    if (p.profiles.solar && sized)
      throw invalidArgument(
        `${p.profiles.solar.path}.keyName`,
        p.profiles.solar.input.keyName,
        `Give the PV once: a solar profile, or the system (systemSize, solarPvLoadOffset) or its output (solarProduction), not both (also at ${sized})`,
      );
  }
}
