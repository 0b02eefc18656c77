// The formulaDetail of a ratchet key (a DEMAND property key with a lookback): how much of the highest demand over the
// lookback the billing demand must reach. Written "0.8 * #demand" (80 %), or "#demand" for all of it; the one form
// the importers write and the calculation reads.

/** The formula for a factor (0 < factor <= 1). */
export const ratchetFormula = (factor: number): string => (factor === 1 ? '#demand' : `${factor} * #demand`);

/** The factor a formula names; null when the text is not of that form or the factor is not in (0, 1]. */
export function ratchetFactor(formula: string | null): number | null {
  if (formula === null || formula.trim() === '') return 1;
  const m = /^\s*(?:(\d+(?:\.\d+)?)\s*\*\s*#demand|#demand\s*\*\s*(\d+(?:\.\d+)?)|#demand)\s*$/.exec(formula);
  if (!m) return null;
  const factor = Number(m[1] ?? m[2] ?? 1);
  return factor > 0 && factor <= 1 ? factor : null;
}
