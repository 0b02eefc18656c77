// How a scenario's exports are credited where its tariff bills new solar customers under net billing: a customer
// whose exportVintage predates that keeps net metering (grandfathered); else the SELL rates naming a bundled export
// price key take the hourly prices of the customer's vintage (vintageExportPrices). Each is said as an assumption.
import { lookupKey, type Assumption, type LookupSeries } from '../../engine/bill/types.ts';
import type { ExportRules, Rate, TariffVersion } from '../../engine/tariff/model.ts';
import { exportPricesByYear, type ExportPricesOfYear } from './export-prices-by-year.ts';
import { fromDayNumber } from '../../engine/calendar/civil-date.ts';
import { localClock } from '../../engine/time/local-clock.ts';
import { isExportPriceKey, keepsNetMetering, LOCKED_YEARS, vintagePlan, type VintagePlan } from './export-vintage.ts';
import type { RequestCache } from './request-cache.ts';
import { exportOverrideOf, type Scenario } from './scenario-inputs.ts';
import type { TariffContextLoader } from './tariff-context.ts';

type PreparedNote = Omit<Assumption, 'displayName'>;

/** A vintage's export prices: as lookups keyed as the bill reads them, and a later year's on year one's hours. */
export interface VintagePrices {
  lookups: Map<string, LookupSeries>;
  ofYear: ExportPricesOfYear;
}

/**
 * A customer whose exportVintage predates the tariff's net billing (NEM 2.0 in California) keeps net metering:
 * the export override that bills so, said; null when the customer does not, or names an arrangement.
 */
export function grandfathered(
  s: Scenario,
  versions: readonly TariffVersion[],
  from: number,
  to: number,
  noted: PreparedNote[],
): Partial<ExportRules> | null {
  const rules = versions.at(-1)?.exportRules;
  if (s.exportArrangement !== undefined || !keepsNetMetering(rules, s.exportVintage)) return null;
  noted.push({
    keyName: 'exportArrangement',
    dataValue: 'NET_METERING',
    description: `An interconnection application of ${s.exportVintage} predates ${rules!.newSolarFrom}, from when a new solar customer takes ${rules!.arrangement}: the customer keeps net metering, billed here on this tariff's import rates (a net metering customer may be on another rate schedule; give exportArrangement to choose)`,
    fromDateTime: from,
    toDateTime: to,
    accuracy: 60,
  });
  return { ...exportOverrideOf(s, ''), arrangement: 'NET_METERING' };
}

/**
 * Net billing's hourly export prices for the customer's vintage (exportVintage, default the year the range starts):
 * the SELL rates naming a bundled export price key are priced by that vintage's locked prices, then the floating
 * ones; the vintage and, when the version says from when a new solar customer gets it, the arrangement are said.
 */
export async function vintageExportPrices(
  loader: TariffContextLoader,
  s: Scenario,
  path: string,
  rates: readonly Rate[],
  versions: readonly TariffVersion[],
  zone: string,
  from: number,
  to: number,
  noted: PreparedNote[],
  cache: RequestCache,
): Promise<VintagePrices | null> {
  const priced = rates.filter((r) => isExportPriceKey(r.variableRateKey));
  const rules = versions.at(-1)?.exportRules ?? null;
  // A customer who keeps net metering is credited by kWh, not at export prices (grandfathered says so).
  if (s.exportArrangement === undefined && keepsNetMetering(rules, s.exportVintage)) return null;
  if (rules?.newSolarFrom && s.exportArrangement === undefined)
    noted.push({
      keyName: 'exportArrangement',
      dataValue: rules.arrangement,
      description: `Exports are billed under ${rules.arrangement}, the arrangement this tariff gives a new solar customer whose interconnection application is dated ${rules.newSolarFrom} or later (give exportArrangement to bill another)`,
      fromDateTime: from,
      toDateTime: to,
      accuracy: 90,
    });
  if (!priced.length) return null;
  const startYear = fromDayNumber(localClock(zone, from, from).dayOf(from)).year;
  const vintage = s.exportVintage ?? startYear;
  const out = new Map<string, LookupSeries>();
  let said = false;
  for (const r of priced) {
    const { plan, key } = planOf(r.variableRateKey!, vintage, zone, from, to);
    if (!cache.spliced.has(key)) cache.spliced.set(key, loader.splicedLookups(plan.segments));
    out.set(lookupKey(r), await cache.spliced.get(key)!);
    if (said) continue;
    said = true;
    const given =
      s.exportVintage === undefined ? `the year the range starts (give ${path}exportVintage to choose)` : 'as given';
    const nearest =
      plan.used === vintage
        ? ''
        : `; ${plan.utility} publishes no ${vintage} vintage: its nearest, ${plan.used}, is used`;
    noted.push({
      keyName: 'exportVintage',
      dataValue: String(vintage),
      description: `Exports are credited at ${plan.utility}'s hourly export prices of the ${plan.used} vintage through ${plan.floatingFrom - 1} (locked for ${LOCKED_YEARS} years, counted in calendar years), then at its floating prices; vintage ${vintage}, ${given}${nearest}`,
      fromDateTime: from,
      toDateTime: to,
      accuracy: plan.used === vintage ? 90 : 50,
    });
  }
  return { lookups: out, ofYear: exportPricesByYear(loader, priced, vintage, zone, from, to) };
}

/** Plans by their arguments, with their segments as a key: a job's every account on a tariff asks for the same few. */
const plans = new Map<string, { plan: VintagePlan; key: string }>();
const MAX_PLANS = 1024;

/** vintagePlan's answer (a function of its arguments and the bundled vintages alone), made once per process. */
function planOf(keyName: string, vintage: number, zone: string, from: number, to: number) {
  const id = `${keyName}|${vintage}|${zone}|${from}|${to}`;
  let known = plans.get(id);
  if (!known) {
    const plan = vintagePlan(keyName, vintage, zone, from, to);
    known = { plan, key: JSON.stringify(plan.segments) };
    if (plans.size >= MAX_PLANS) plans.clear();
    plans.set(id, known);
  }
  return known;
}
