// Rounding, decided once: every cost is computed in doubles at full precision; the bill's three parts (charges
// before tax, taxes, charges after tax) are each rounded to the cent, half away from zero, and the total is their
// sum. Items carry their cost to 8 decimals (as the original API does), so a one-hour calculation keeps its meaning;
// the items of a part add up to the part to within the half cent its rounding moved. Neither the detail level nor
// the grouping can move a total: totals are taken from the unrounded charges, never from the items.

/** The largest charge (dollars) a bill computes to the cent: its cents stay exact integers in a double (< 2^53). */
export const MAX_CHARGE = 1e12;

/** Cents, half away from zero; the tiny allowance keeps 1.005 (stored as 1.00499999...) from rounding down. */
export const toCents = (x: number): number => Math.sign(x) * Math.round(Math.abs(x) * 100 + 1e-7);

export const roundTo = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return (Math.sign(x) * Math.round(Math.abs(x) * f + 1e-7)) / f + 0;
};

/** Decimal places of an item's cost. */
export const ITEM_DECIMALS = 8;
