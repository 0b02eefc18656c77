// Which hourly export prices a net billing customer's exports are credited at. A customer's vintage (the year of
// the interconnection application) locks that vintage's prices for nine years; later years take the floating prices.
// A SELL rate names one vintage's key of a bundled export price table (src/data/starter/export-prices/); the
// calculation's vintage replaces it, year by year, with the key of the customer's vintage or the floating one.
// The nine years are taken as calendar years (vintage to vintage + 8): PG&E counts them from permission to operate.
import { EXPORT_PRICE_TABLES } from '../../data/starter/export-prices/export-price-keys.ts';
import { DateTime } from 'luxon';
import type { ExportRules } from '../../engine/tariff/model.ts';

export const LOCKED_YEARS = 9;

/**
 * Whether a customer of `vintage` keeps net metering on a tariff whose net billing is for new solar customers from
 * `newSolarFrom`: an interconnection application of an earlier year (California's NEM 2.0 customers, before
 * 2023-04-15). The year of the cut-over itself counts as net billing: its vintage's prices are published.
 */
export function keepsNetMetering(rules: ExportRules | null | undefined, vintage: number | undefined): boolean {
  if (!rules?.newSolarFrom || vintage === undefined) return false;
  return vintage < Number(rules.newSolarFrom.slice(0, 4));
}

interface Family {
  utility: string;
  component: string;
  /** Vintage -> key name. */
  vintages: Map<number, string>;
  floating: string | null;
}

/** Every bundled export price key, with its family (the same utility and component, every vintage). */
const FAMILIES = new Map<string, Family>();
for (const { utility, table } of EXPORT_PRICE_TABLES) {
  const byComponent = new Map<string, Family>();
  for (const s of table.series) {
    let f = byComponent.get(s.component);
    if (!f) {
      f = { utility, component: s.component, vintages: new Map(), floating: null };
      byComponent.set(s.component, f);
    }
    if (s.vintage === null) f.floating = s.keyName;
    else f.vintages.set(s.vintage, s.keyName);
    FAMILIES.set(s.keyName, f);
  }
}

export const isExportPriceKey = (keyName: string | null): keyName is string =>
  keyName !== null && FAMILIES.has(keyName);

export interface PriceSegment {
  keyName: string;
  from: number;
  to: number;
}

export interface VintagePlan {
  segments: PriceSegment[];
  /** The published vintage used (the nearest one when the customer's is not published). */
  used: number;
  utility: string;
  /** Local year from which the floating prices apply. */
  floatingFrom: number;
}

/** The keys that price [from, to) for a customer of `vintage`, with the local year boundaries between them. */
export function vintagePlan(keyName: string, vintage: number, zone: string, from: number, to: number): VintagePlan {
  const f = FAMILIES.get(keyName)!;
  const published = [...f.vintages.keys()].sort((a, b) => a - b);
  const used = f.vintages.has(vintage)
    ? vintage
    : vintage > published.at(-1)!
      ? published.at(-1)!
      : vintage < published[0]!
        ? published[0]!
        : published.filter((v) => v <= vintage).at(-1)!;
  const floatingFrom = used + LOCKED_YEARS;
  const boundary = DateTime.fromObject({ year: floatingFrom, month: 1, day: 1 }, { zone }).toMillis();
  const locked = f.vintages.get(used)!;
  const segments: PriceSegment[] = [];
  if (from < boundary) segments.push({ keyName: locked, from, to: Math.min(to, boundary) });
  if (to > boundary) segments.push({ keyName: f.floating ?? locked, from: Math.max(from, boundary), to });
  return { segments, used, utility: f.utility, floatingFrom };
}
