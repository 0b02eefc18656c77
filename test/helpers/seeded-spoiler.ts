// Seeded randomness for the fuzz tests: the same seed gives the same cases on every run and machine, so a failure
// names a case that can be run again.
export interface Spoiler {
  /** A number in [0, 1). */
  rnd(): number;
  pick<T>(xs: readonly T[]): T;
  /** Replaces one value somewhere in `value` (up to three levels down) with a copy of one of `junk`; returns it. */
  spoil(value: unknown): unknown;
}

/** `replaceChance`: at each level, the chance to replace the value there rather than go one level deeper. */
export function seededSpoiler(seed: number, junk: readonly unknown[], replaceChance = 0.5): Spoiler {
  let state = seed;
  const rnd = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const spoilAt = (v: unknown, depth: number): unknown => {
    if (depth > 3 || v === null || typeof v !== 'object' || Object.keys(v).length === 0)
      return structuredClone(pick(junk));
    const o = v as Record<string, unknown>;
    const k = pick(Object.keys(o));
    o[k] = rnd() < replaceChance ? structuredClone(pick(junk)) : spoilAt(o[k], depth + 1);
    return o;
  };
  return { rnd, pick, spoil: (v) => spoilAt(v, 0) };
}
