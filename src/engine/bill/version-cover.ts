// Time of a calculation that no tariff version covers (before the first version took effect, after the last one
// ended, between two that do not meet) was once billed nothing, silently. It is billed on the nearest version
// instead, and each stretch is reported so the bill can say so: a tariff is taken to stay as it was until a new
// version replaces it, so a gap goes to the version before it; time before the first version goes to the first.
import type { TariffVersion } from '../tariff/model.ts';

export interface Stretch {
  version: TariffVersion;
  from: number;
  to: number;
}

/** The versions (in order of taking effect) stretched so that together they cover [from, to), and the stretches. */
export function coverRange(
  versions: readonly TariffVersion[],
  from: number,
  to: number,
): { versions: TariffVersion[]; stretches: Stretch[] } {
  const sorted = [...versions].sort((a, b) => a.from - b.from);
  const stretches: Stretch[] = [];
  const out = sorted.map((v, k) => {
    const next = sorted[k + 1];
    const start = k === 0 && v.from > from ? from : v.from;
    const end = next ? (v.to === null || v.to > next.from ? v.to : next.from) : v.to !== null && v.to < to ? to : v.to;
    if (start < v.from) stretches.push({ version: v, from: start, to: Math.min(v.from, to) });
    if (end !== v.to && v.to !== null && end !== null)
      stretches.push({ version: v, from: Math.max(v.to, from), to: Math.min(end, to) });
    return start === v.from && end === v.to ? v : { ...v, from: start, to: end };
  });
  return { versions: out, stretches: stretches.filter((s) => s.to > s.from) };
}
