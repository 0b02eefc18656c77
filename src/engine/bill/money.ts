// Rounding, decided once: every cost is computed in doubles at full precision; the bill's three parts (charges
// before tax, taxes, charges after tax) are each rounded to the cent, half away from zero; the items of each part
// are rounded to cents so that they add up exactly to that part (largest remainder). So items always sum to the
// total, and neither the detail level nor the grouping can move the total by a cent.

/** The largest charge (dollars) a bill computes to the cent: its cents stay exact integers in a double (< 2^53). */
export const MAX_CHARGE = 1e12;

/** Cents, half away from zero; the tiny allowance keeps 1.005 (stored as 1.00499999...) from rounding down. */
export const toCents = (x: number): number => Math.sign(x) * Math.round(Math.abs(x) * 100 + 1e-7);

export const roundTo = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.sign(x) * Math.round(Math.abs(x) * f + 1e-7) / f + 0;
};

/** Cents for each raw amount, summing exactly to `target` cents (the rounded sum of the raw amounts). */
export function allocateCents(raw: readonly number[], target: number): number[] {
  const cents = raw.map(toCents);
  let diff = target - cents.reduce((a, b) => a + b, 0);
  if (diff === 0) return cents;
  // Rounding loses at most half a cent per item: a larger gap means amounts beyond exact cents (the caller bounds them).
  if (!(Math.abs(diff) <= raw.length)) throw new Error(`Cents cannot be allocated: ${diff} cents apart over ${raw.length} items`);
  // Move single cents where rounding lost (or gained) the most.
  const order = raw.map((x, i) => ({ i, residual: x * 100 - cents[i]! })).sort((a, b) => (diff > 0 ? b.residual - a.residual : a.residual - b.residual));
  for (let k = 0; diff !== 0 && order.length; k = (k + 1) % order.length) {
    const step = Math.sign(diff);
    cents[order[k]!.i]! += step;
    diff -= step;
  }
  return cents;
}
