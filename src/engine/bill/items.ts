// Raw charges become the answer's items: split by time (groupBy), merged by the detail level, their costs to 8
// decimals. The totals come from the raw charges, so detail level and grouping only ever change the items' shape.
import type { Rate } from '../tariff/model.ts';
import { isAfterTax, type RawItem } from './charges.ts';
import type { Grid } from './grid.ts';
import { ITEM_DECIMALS, roundTo, toCents } from './money.ts';
import type { Selection } from './selection.ts';
import type { BillItem, BillSummary, DetailLevel, GroupBy } from './types.ts';

type Part = 'PRE_TAX' | 'TAX' | 'AFTER_TAX';
const partOf = (r: Rate): Part => (isAfterTax(r) ? 'AFTER_TAX' : r.chargeType === 'TAX' ? 'TAX' : 'PRE_TAX');

/** A raw item's share of one time group. */
interface Slice {
  raw: RawItem;
  group: string;
  from: number;
  to: number;
  quantity: number;
  cost: number;
  tierLower: number | null;
  tierUpper: number | null;
}

export interface ItemContext {
  grid: Grid;
  selection: Selection;
  imported: Float64Array;
  exported: Float64Array;
  touName(touId: number | null): { touName: string | null; touType: string | null };
  seasonName(seasonId: number | null): string | null;
}

const QUARTER_HOUR = 900_000;

/**
 * Splits an item over its piece's intervals, in proportion to its weight, into day, hour or quarter-hour groups. An
 * interval longer than a quarter hour (hourly data) is shared among its quarters by time: the data says nothing
 * finer, and the grid stays as it was so that grouping never moves a total.
 */
function sliceByTime(raw: RawItem, groupBy: 'DAY' | 'HOUR' | 'QTRHOUR', ctx: ItemContext): Slice[] {
  const { grid } = ctx;
  const { i0, i1 } = raw.piece;
  const match = ctx.selection.matcher(raw.rate);
  const weights = new Map<string, { w: number; from: number; to: number }>();
  let total = 0;
  for (let i = i0; i < i1; i++) {
    if (!match.season(i) || (raw.weight !== 'TIME' && !match.tou(i))) continue;
    const w =
      raw.weight === 'IMPORTED'
        ? ctx.imported[i]!
        : raw.weight === 'EXPORTED'
          ? ctx.exported[i]!
          : grid.bounds[i + 1]! - grid.bounds[i]!;
    const a = grid.bounds[i]!;
    const b = grid.bounds[i + 1]!;
    const add = (key: string, part: number, from: number, to: number) => {
      const g = weights.get(key) ?? { w: 0, from, to };
      g.w += part;
      g.to = to;
      weights.set(key, g);
    };
    // Hours and quarters by UTC time: the same as local ones in zones whose offset is whole quarter hours (all US
    // zones), and the repeated hour of a DST change stays two.
    if (groupBy === 'QTRHOUR') {
      for (let q = Math.floor(a / QUARTER_HOUR) * QUARTER_HOUR; q < b; q += QUARTER_HOUR)
        add(
          `q${q}`,
          (w * (Math.min(b, q + QUARTER_HOUR) - Math.max(a, q))) / (b - a),
          Math.max(a, q),
          Math.min(b, q + QUARTER_HOUR),
        );
    } else {
      add(groupBy === 'DAY' ? `${grid.days[grid.day[i]!]!.dayNumber}` : `h${Math.floor(a / 3_600_000)}`, w, a, b);
    }
    total += w;
  }
  if (weights.size === 0 || total === 0) {
    // Nothing to weigh by (no kWh in the selection): the item stays whole, in the group of the piece's start.
    const key = weights.keys().next().value ?? `${grid.days[grid.day[Math.min(i0, grid.n - 1)]!]!.dayNumber}`;
    return [
      {
        raw,
        group: key,
        from: raw.piece.from,
        to: raw.piece.to,
        quantity: raw.quantity,
        cost: raw.cost,
        tierLower: raw.tierLower,
        tierUpper: raw.tierUpper,
      },
    ];
  }
  return [...weights.entries()].map(([group, g]) => {
    const f = g.w / total;
    return {
      raw,
      group,
      from: g.from,
      to: g.to,
      quantity: raw.quantity * f,
      cost: raw.cost * f,
      tierLower: raw.tierLower,
      tierUpper: raw.tierUpper,
    };
  });
}

function slices(raw: RawItem, groupBy: GroupBy | null, ctx: ItemContext): Slice[] {
  if (groupBy === 'DAY' || groupBy === 'HOUR' || groupBy === 'QTRHOUR') return sliceByTime(raw, groupBy, ctx);
  const start = ctx.grid.days[ctx.grid.day[Math.min(raw.piece.i0, ctx.grid.n - 1)]!]!.date;
  const group =
    groupBy === 'ALL'
      ? 'all'
      : groupBy === 'YEAR'
        ? `${start.year}`
        : groupBy === 'MONTH'
          ? `${start.year}-${start.month}`
          : `p${raw.piece.period}`;
  // The item covers the part of the piece where its rate applied (a rider or a rate with its own dates may start later).
  const from = Math.max(raw.piece.from, raw.rate.from ?? -Infinity);
  const to = Math.min(raw.piece.to, raw.rate.to ?? Infinity);
  return [
    {
      raw,
      group,
      from: to > from ? from : raw.piece.from,
      to: to > from ? to : raw.piece.to,
      quantity: raw.quantity,
      cost: raw.cost,
      tierLower: raw.tierLower,
      tierUpper: raw.tierUpper,
    },
  ];
}

function detailKey(s: Slice, level: DetailLevel, ctx: ItemContext): string {
  const r = s.raw.rate;
  const part = partOf(r);
  switch (level) {
    case 'ALL':
      return `${part}|${r.tariffId}|${r.tariffRateId}|${s.raw.band?.tariffRateBandId ?? ''}|${s.raw.quantityKey}`;
    case 'RATE':
      return `${part}|${r.tariffId}|${r.tariffRateId}|${s.raw.quantityKey}`;
    case 'CHARGE_TYPE_AND_TOU':
      return `${part}|${r.chargeType}|${ctx.touName(r.touId).touType ?? ''}`;
    case 'QUANTITY_KEY':
      return `${part}|${s.raw.quantityKey}`;
    default:
      return `${part}|${r.chargeType}`;
  }
}

function toItem(group: Slice[], level: DetailLevel, ctx: ItemContext): BillItem & { rawCost: number; part: Part } {
  const first = group[0]!.raw;
  const r = first.rate;
  const quantity = group.reduce((a, s) => a + s.quantity, 0);
  const cost = group.reduce((a, s) => a + s.cost, 0);
  const from = Math.min(...group.map((s) => s.from));
  const to = Math.max(...group.map((s) => s.to));
  const byRate = level === 'ALL' || level === 'RATE';
  const sameAmount = group.every((s) => s.raw.amount === first.amount);
  const sum = (pick: (s: Slice) => number | null) =>
    group.some((s) => pick(s) === null) ? null : group.reduce((a, s) => a + pick(s)!, 0);
  const tou = ctx.touName(r.touId);
  const raws = [...new Set(group.map((s) => s.raw))];
  const peak = group.reduce<Slice | null>(
    (best, s) => (s.raw.demandAt !== null && (best === null || s.raw.quantity > best.raw.quantity) ? s : best),
    null,
  );
  // By quantity key, rates of several classes and TOU periods merge: the item names every class, a period only when shared.
  const byKey = level === 'QUANTITY_KEY';
  const classes = [...new Set(raws.flatMap((x) => x.rate.chargeClass))];
  const periods = new Set(raws.map((x) => ctx.touName(x.rate.touId).touType));
  return {
    part: partOf(r),
    rawCost: cost,
    tariffId: r.tariffId,
    tariffRateId: byRate ? r.tariffRateId : null,
    tariffRateBandId: level === 'ALL' ? (first.band?.tariffRateBandId ?? null) : null,
    rateSequenceNumber: byRate ? r.tariffSequenceNumber : null,
    rateGroupName: byRate ? r.rateGroupName : byKey ? first.quantityKey : r.chargeType,
    rateName: byRate
      ? r.rateName
      : byKey
        ? first.quantityKey
        : level === 'CHARGE_TYPE_AND_TOU' && tou.touType
          ? `${r.chargeType} ${tou.touType}`
          : r.chargeType,
    fromDateTime: from,
    toDateTime: to,
    quantityKey: first.quantityKey,
    rateType: first.band?.rateUnit ?? 'COST_PER_UNIT',
    rateAmount: level === 'ALL' && sameAmount ? first.amount : quantity === 0 ? first.amount : cost / quantity,
    tierLowerLimit:
      level === 'ALL' ? (sum((s) => s.tierLower) === null ? null : roundTo(sum((s) => s.tierLower)!, 6)) : null,
    tierUpperLimit:
      level === 'ALL' ? (sum((s) => s.tierUpper) === null ? null : roundTo(sum((s) => s.tierUpper)!, 6)) : null,
    itemQuantity: roundTo(quantity, 6),
    cost,
    // Summed over the pieces merged: the charge periods (months) the item covers.
    rateProration:
      byRate && raws.every((x) => x.proration !== null)
        ? roundTo(
            raws.reduce((a, x) => a + x.proration!, 0),
            6,
          )
        : null,
    chargeType: r.chargeType,
    chargeClass: byKey
      ? classes.length
        ? classes.join(',')
        : null
      : r.chargeClass.length
        ? r.chargeClass.join(',')
        : null,
    period: byKey ? (periods.size === 1 ? tou.touType : null) : tou.touType,
    demandInterval: peak?.raw.demandAt ?? null,
    duration: to - from,
    touId: byRate || level === 'CHARGE_TYPE_AND_TOU' ? r.touId : null,
    touName: byRate || level === 'CHARGE_TYPE_AND_TOU' ? tou.touName : null,
    seasonId: byRate ? r.seasonId : null,
    seasonName: byRate ? ctx.seasonName(r.seasonId) : null,
    transactionType: r.transactionType,
  };
}

export function buildItems(
  raw: readonly RawItem[],
  level: DetailLevel,
  groupBy: GroupBy | null,
  ctx: ItemContext,
): { items: BillItem[]; summary: Omit<BillSummary, 'kWh' | 'kW'> } {
  const parts: Record<Part, number> = { PRE_TAX: 0, TAX: 0, AFTER_TAX: 0 };
  let excess = 0;
  // The summary's shares of the bill, each from the charges themselves: the minimum and maximum adjustments before
  // tax, and the charges classed NON_BYPASSABLE (which export credit cannot offset).
  let minimum = 0;
  let maximum = 0;
  let nonBypassable = 0;
  for (const x of raw) {
    const part = partOf(x.rate);
    parts[part] += x.cost;
    if (x.rate.chargeType === 'NET_EXCESS_GENERATION') excess += x.cost;
    if (part === 'PRE_TAX' && x.rate.chargeType === 'MINIMUM') minimum += x.cost;
    if (part === 'PRE_TAX' && x.rate.chargeType === 'MAXIMUM') maximum += x.cost;
    if (x.rate.chargeClass.includes('NON_BYPASSABLE')) nonBypassable += x.cost;
  }
  const dollars = (x: number) => toCents(x) / 100 + 0;
  const cents = { PRE_TAX: toCents(parts.PRE_TAX), TAX: toCents(parts.TAX), AFTER_TAX: toCents(parts.AFTER_TAX) };
  const total = cents.PRE_TAX + cents.TAX + cents.AFTER_TAX;
  const summary = {
    subTotalCost: cents.PRE_TAX / 100,
    preTaxMinimumCost: dollars(minimum),
    preTaxMaximumCost: dollars(maximum),
    taxCost: cents.TAX / 100,
    totalCost: total / 100,
    adjustedTotalCost: (total - toCents(excess)) / 100,
    nonBypassableCost: dollars(nonBypassable),
  };
  if (level === 'TOTAL') return { items: [], summary };

  const groups = new Map<string, Slice[]>();
  for (const x of raw) {
    for (const s of slices(x, groupBy, ctx)) {
      const key = `${s.group}#${detailKey(s, level, ctx)}`;
      (groups.get(key) ?? groups.set(key, []).get(key)!).push(s);
    }
  }
  const items = [...groups.values()].map((g) => toItem(g, level, ctx));
  // Items keep their cost unrounded to 8 decimals, as the original answers (one hour of a $10 monthly charge is
  // 0.01344086); only the totals are rounded to the cent.
  for (const x of items) x.cost = roundTo(x.rawCost, ITEM_DECIMALS);
  items.sort(
    (a, b) =>
      a.fromDateTime - b.fromDateTime ||
      (a.rateSequenceNumber ?? 0) - (b.rateSequenceNumber ?? 0) ||
      (a.tariffRateId ?? 0) - (b.tariffRateId ?? 0),
  );
  return { items: items.map(({ rawCost: _r, part: _p, ...item }) => item), summary };
}
