// The storage step of the savings analysis (#38): each year of the term billed with the battery behind the meter.
// The year's usage is the home's load and its PV output the AC series the battery charges from; the engine
// (engine/storage) dispatches the battery by the plan's strategy and bills the meter's net series on the after
// tariff, and also bills the same year without the battery: the difference is what the battery saves that year.
// The battery loses capacity year by year (storageDegradation); the PV degrades as without it (term-years.ts).
import { BATTERY_DEFAULTS, type Battery } from '../../../engine/storage/battery.ts';
import type { OptimalPlan } from '../../../engine/storage/bill-optimal.ts';
import { type StorageBillStart, startStorageBill } from '../../../engine/storage/storage-bill.ts';
import { total, yearOutput } from '../../../engine/savings/term.ts';
import type { PreparedGrid } from '../../../engine/bill/prepared.ts';
import type { BillResult } from '../../../engine/bill/types.ts';
import type { PreparedBill } from '../../calculations/scenario-preparation.ts';
import { invalidArgument } from '../../../http/errors.ts';
import type { OptimiserLanes } from '../../storage/optimiser-threads.ts';
import { sentOf, usageSeries } from './after-year-input.ts';
import type { AfterYears } from './after-years.ts';
import type { StoragePlan } from './inputs.ts';
import { type TermYear, yearPv } from './term-years.ts';
import { withYearPrices } from './export-years.ts';
import type { ExportYears, Production, Usage } from './types.ts';

/** What the battery did in year one, interval by interval on the usage's grid, and what it saved each year. */
export interface StorageYears extends AfterYears {
  /** kWh AC into the battery (from PV and grid) and out of it (to load and grid), per interval of year one. */
  charged: Float64Array;
  discharged: Float64Array;
  /** Usable capacity in year one, kWh (the cycles' denominator). */
  capacityKwh: number;
  /** Each year's after bill without the battery (PV only), before escalation. */
  withoutBatteryByYear: number[];
}

/** The plan's battery in year `n` of the term: its round trip split evenly between charging and discharging. */
export function batteryOf(plan: StoragePlan, n: number): Battery {
  const oneWay = Math.sqrt(plan.roundTripEfficiency);
  return {
    ...BATTERY_DEFAULTS,
    capacityKwh: plan.capacityKwh * (1 - plan.fadePerYear) ** n,
    chargeKw: plan.powerKw,
    dischargeKw: plan.powerKw,
    acToDcEfficiency: oneWay,
    dcToAcEfficiency: oneWay,
    inputEfficiency: 1,
    reserve: plan.reserve,
    gridCharging: plan.gridCharging,
    gridExport: false,
  };
}

/** Years whose programs are out on the lanes at once, per lane (a year started holds its site and costs). */
const AHEAD_PER_LANE = 2;

/**
 * BILL_OPTIMAL's years are solved on `lanes` (optimiser-threads.ts): each year's programs go to a lane as soon as the
 * year is set up, lane by lane in turn (year k on lane k mod count, so a lane's later year starts from the basis of its
 * earlier one), while this thread sets up the next years and bills those whose plans have come back, in order.
 */
export async function billStorageYears(
  bill: PreparedBill,
  grid: Pick<Usage, 'from' | 'duration'>,
  years: Iterable<TermYear>,
  plan: StoragePlan,
  lanes: OptimiserLanes | undefined,
  prices: ExportYears | null,
  dc: Production['dc'],
): Promise<StorageYears> {
  type YearOne = { result: BillResult; net: Float64Array; charged: Float64Array; discharged: Float64Array };
  // (Set by `finish`, a closure: the assertion keeps the compiler from taking it as always null below.)
  let first = null as YearOne | null;
  const byYear: { cost: number; kwh: number }[] = [];
  const withoutBatteryByYear: number[] = [];
  if (plan.coupling === 'DC' && !dc)
    throw invalidArgument(
      `${plan.couplingPath}.dataValue`,
      'DC',
      "A DC-coupled battery stores the array's DC output, which only a PV system the analysis models has (systemSize or solarPvLoadOffset, by PVWatts): a given solarProduction or a profile's readings are AC",
    );
  // Every year is billed on year one's grid: prepared by the first year's bill, reused by the others.
  let grid1: PreparedGrid | undefined;
  /** A year set up, its plan on the way; null: a year whose bills are year one's. */
  const started: ({ start: StorageBillStart; plan: Promise<OptimalPlan | null>; intervals: number } | null)[] = [];
  const finish = async () => {
    const year = started.shift()!;
    if (!year) {
      byYear.push({ ...byYear[0]! });
      withoutBatteryByYear.push(withoutBatteryByYear[0]!);
      return;
    }
    const billed = year.start.finish(await year.plan);
    const { dispatch } = billed;
    if (dispatch.net.length !== year.intervals)
      throw new RangeError("The battery's dispatch is not on the usage's grid");
    byYear.push({ cost: billed.bill.summary.totalCost, kwh: total(dispatch.net) });
    withoutBatteryByYear.push(billed.withoutBattery.summary.totalCost);
    if (!first) {
      const charged = new Float64Array(dispatch.net.length);
      const discharged = new Float64Array(dispatch.net.length);
      for (let i = 0; i < charged.length; i++) {
        charged[i] = dispatch.solarToBattery[i]! + dispatch.gridToBattery[i]!;
        discharged[i] = dispatch.batteryToLoad[i]! + dispatch.batteryToGrid[i]!;
      }
      first = { result: billed.bill, net: dispatch.net, charged, discharged };
    }
  };
  let k = 0;
  for (const year of years) {
    // A year whose energy, battery and export prices are year one's has year one's bills.
    if (k > 0 && year.repeatsYearOne && plan.fadePerYear === 0 && !prices) started.push(null);
    else {
      const start = startYear(bill, grid, year, plan, prices, dc, grid1);
      grid1 ??= start.prepared;
      const planned = start.optimiser && lanes ? lanes.plan(start.optimiser, k) : Promise.resolve(null);
      // Awaited in order below; a year still out when an earlier one fails must not be an unhandled rejection.
      planned.catch(() => {});
      started.push({ start, plan: planned, intervals: year.usage.length });
    }
    k++;
    while (started.length > AHEAD_PER_LANE * (lanes?.count ?? 1)) await finish();
  }
  while (started.length > 0) await finish();
  if (!first) throw new RangeError('A term has at least one year');
  return {
    yearOne: first.result,
    grid: grid1!,
    yearOneNet: first.net,
    yearOneSent: sentOf(first.net),
    byYear,
    charged: first.charged,
    discharged: first.discharged,
    capacityKwh: plan.capacityKwh,
    withoutBatteryByYear,
  };
}

/** A year of the term set up for its storage bill: its usage, PV and battery, and its export prices. */
function startYear(
  bill: PreparedBill,
  grid: Pick<Usage, 'from' | 'duration'>,
  year: TermYear,
  plan: StoragePlan,
  prices: ExportYears | null,
  dc: Production['dc'],
  grid1: PreparedGrid | undefined,
): StorageBillStart {
  const input = { ...withYearPrices(bill.input, prices, year.n), series: [usageSeries(grid, year.usage)] };
  // AC-coupled, the battery stores the PV's AC output; DC-coupled, the array's DC output that year (degraded as
  // the AC is), through the PV inverter at its nominal efficiency and AC rating (so it can store what is clipped).
  const solar =
    plan.coupling === 'DC' && dc
      ? {
          from: grid.from,
          duration: grid.duration,
          values: yearOutput(dc.values, year.share),
          side: 'DC' as const,
          dcToAcEfficiency: dc.efficiency,
          inverterAcKw: dc.inverterAcKw,
        }
      : {
          from: grid.from,
          duration: grid.duration,
          values: yearPv(year),
          side: 'AC' as const,
          dcToAcEfficiency: 1,
          inverterAcKw: null,
        };
  const battery = batteryOf(plan, year.n);
  return startStorageBill(input, { battery, solar, strategy: plan.strategy, schedule: plan.schedule }, grid1);
}
