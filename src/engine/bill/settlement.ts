// Charges settled once per billing period over all its pieces: the minimum bill (the shortfall below the sum of
// each piece's prorated minimum), a maximum, and net excess generation (credit for a period's net export); and
// annual minimums, once per calendar year: the year's charges before tax against the minimum, the shortfall added
// to the year's last period (December), as OpenEI URDB and NREL SAM define them.
import type { Rate } from '../tariff/model.ts';
import type { LocalClock } from '../time/local-clock.ts';
import { applicableBands, effective, isAfterTax, periodsHeld, type PieceContext, type RawItem } from './charges.ts';
import type { Piece } from './piece.ts';

const preTax = (items: readonly RawItem[]) =>
  items.reduce((sum, x) => (x.rate.chargeType === 'TAX' || isAfterTax(x.rate) ? sum : sum + x.cost), 0);

/** Pieces of one period with their rates; the last piece carries the period's settlement items. */
export function settlePeriod(
  pieces: readonly { piece: Piece; rates: readonly Rate[]; items: RawItem[] }[],
  ctx: PieceContext,
  minimums: boolean,
): void {
  const last = pieces.at(-1)!;
  const limit = (type: 'MINIMUM' | 'MAXIMUM') => {
    let total = 0;
    let rate: Rate | null = null;
    for (const { piece, rates } of pieces) {
      for (const r of rates) {
        if (r.chargeType !== type || r.chargePeriod === 'ANNUALLY') continue;
        const band = applicableBands(r, ctx, piece.version)[0];
        if (!band) continue;
        total += effective(band) * periodsHeld(r, piece, ctx.selection.measure(r, piece.i0, piece.i1).activeMs);
        rate = r;
      }
    }
    return rate ? { total, rate } : null;
  };
  const minimum = minimums ? limit('MINIMUM') : null;
  const maximum = limit('MAXIMUM');
  // The period's charges before tax, against its limits: summed only when it has one (most tariffs have none).
  const subtotal = minimum || maximum ? preTax(pieces.flatMap((p) => p.items)) : 0;
  if (minimum && subtotal < minimum.total) {
    last.items.push({
      piece: last.piece,
      rate: minimum.rate,
      band: minimum.rate.bands[0] ?? null,
      quantityKey: 'minimum',
      quantity: 1,
      amount: minimum.total,
      cost: minimum.total - subtotal,
      tierLower: null,
      tierUpper: null,
      proration: null,
      demandAt: null,
      weight: 'TIME',
    });
  }
  if (maximum && subtotal > maximum.total) {
    last.items.push({
      piece: last.piece,
      rate: maximum.rate,
      band: maximum.rate.bands[0] ?? null,
      quantityKey: 'maximum',
      quantity: 1,
      amount: maximum.total,
      cost: maximum.total - subtotal,
      tierLower: null,
      tierUpper: null,
      proration: null,
      demandAt: null,
      weight: 'TIME',
    });
  }
  // Net excess generation: the period's export beyond its import, credited at the rate.
  for (const r of last.rates) {
    if (r.chargeType !== 'NET_EXCESS_GENERATION') continue;
    const band = applicableBands(r, ctx, last.piece.version)[0];
    if (!band) continue;
    let net = 0;
    for (const { piece } of pieces) {
      const m = ctx.selection.measure(r, piece.i0, piece.i1);
      net += m.imported - m.exported;
    }
    if (net >= 0) continue;
    const amount = effective(band);
    last.items.push({
      piece: last.piece,
      rate: r,
      band,
      quantityKey: 'consumption',
      quantity: -net,
      amount,
      cost: net * amount,
      tierLower: null,
      tierUpper: null,
      proration: null,
      demandAt: null,
      weight: 'EXPORTED',
    });
  }
}

type SettledPiece = { piece: Piece; rates: readonly Rate[]; items: RawItem[] };

/**
 * Annual minimums over each local calendar year the range covers whole. Returns whether the tariff has an annual
 * minimum that some part of the range could not be compared with (a year covered only in part).
 */
export function settleYears(
  periods: readonly (readonly SettledPiece[])[],
  yearOf: (instant: number) => number,
  clock: LocalClock,
  ctx: PieceContext,
): boolean {
  const byYear = new Map<number, SettledPiece[]>();
  for (const period of periods)
    for (const s of period)
      (byYear.get(yearOf(s.piece.from)) ?? byYear.set(yearOf(s.piece.from), []).get(yearOf(s.piece.from))!).push(s);
  let partial = false;
  for (const [year, pieces] of byYear) {
    const annual = pieces.flatMap((s) =>
      s.rates.filter((r) => r.chargeType === 'MINIMUM' && r.chargePeriod === 'ANNUALLY').map((r) => ({ s, r })),
    );
    if (!annual.length) continue;
    const start = clock.instantOf(Date.UTC(year, 0, 1) / 86_400_000, 0);
    const end = clock.instantOf(Date.UTC(year + 1, 0, 1) / 86_400_000, 0);
    const covered =
      Math.min(...pieces.map((s) => s.piece.from)) <= start && Math.max(...pieces.map((s) => s.piece.to)) >= end;
    if (!covered) {
      partial = true;
      continue;
    }
    const { r } = annual.at(-1)!;
    const band = applicableBands(r, ctx, annual.at(-1)!.s.piece.version)[0];
    if (!band) continue;
    const minimum = effective(band);
    const subtotal = preTax(pieces.flatMap((s) => s.items));
    if (subtotal >= minimum) continue;
    const last = pieces.reduce((a, b) => (b.piece.to > a.piece.to ? b : a));
    last.items.push({
      piece: last.piece,
      rate: r,
      band,
      quantityKey: 'minimum',
      quantity: 1,
      amount: minimum,
      cost: minimum - subtotal,
      tierLower: null,
      tierUpper: null,
      proration: null,
      demandAt: null,
      weight: 'TIME',
    });
  }
  return partial;
}
