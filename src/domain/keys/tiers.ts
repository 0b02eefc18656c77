// Permission tiers beyond public reference data, and what each one grants.

export const TIERS = ['signal', 'enterprise', 'privateTou', 'admin'] as const;
export type Tier = (typeof TIERS)[number];

/** enterprise is the Enterprise Signal tier of the original service, so it includes signal. */
const IMPLIED: Partial<Record<Tier, Tier[]>> = { enterprise: ['signal'] };

export function parseTiers(values: string[]): Tier[] {
  const out = new Set<Tier>();
  for (const v of values) {
    const tier = TIERS.find((t) => t.toLowerCase() === v.trim().toLowerCase());
    if (!tier) throw new Error(`Unknown tier "${v}"; tiers are ${TIERS.join(', ')}`);
    out.add(tier);
  }
  return [...out];
}

/** Every tier held, implied ones included. */
export function effectiveTiers(granted: Iterable<Tier>): Set<Tier> {
  const out = new Set<Tier>();
  for (const t of granted) {
    out.add(t);
    for (const implied of IMPLIED[t] ?? []) out.add(implied);
  }
  return out;
}
