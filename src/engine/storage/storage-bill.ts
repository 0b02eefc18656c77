// A bill with a battery: the calculation's usage is the home's load (on the bill's own grid), the PV series is added
// behind the meter, the chosen strategy dispatches the battery, and the meter's net series is billed by the bill
// engine exactly as any usage is. Also bills the same site without the battery, so the answer can say what the
// battery saves. With two meters (buy all / sell all) the PV is on its own meter: the battery sits on the load's
// side and charges from the grid only.
import { calculateBill, placeBillUsage } from '../bill/calculate.ts';
import { exportRulesFor } from '../bill/export-credits.ts';
import { fitsGrid, type PreparedGrid, prepareGrid } from '../bill/prepared.ts';
import type { Assumption, BillInput, BillResult, UsageSeries } from '../bill/types.ts';
import { type GridUsage, placeUsage } from '../bill/usage.ts';
import { type Battery, roundTripEfficiency } from './battery.ts';
import { type OptimalPlan, type OptimiserInput, optimise } from './bill-optimal.ts';
import { carryOut, type DispatchResult, planned } from './dispatch-result.ts';
import type { LpSolver } from './linear-program.ts';
import { fixedSchedule, type Schedule, selfConsumption } from './policies.ts';
import { type SolarFlows, type StorageSite, solarFlows } from './site.ts';
import { tariffCosts } from './tariff-costs.ts';

export const STRATEGIES = ['SELF_CONSUMPTION', 'BILL_OPTIMAL', 'FIXED_SCHEDULE'] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** PV output as the caller sends it: kWh per `duration` ms from `from`, on the array's DC side or the AC side. */
export interface SolarSeries {
  from: number;
  duration: number;
  values: ArrayLike<number>;
  side: 'AC' | 'DC';
  dcToAcEfficiency: number;
  inverterAcKw: number | null;
}

export interface StorageRequest {
  battery: Battery;
  solar: SolarSeries | null;
  strategy: Strategy;
  /** FIXED_SCHEDULE's modes. */
  schedule: Schedule | null;
}

export interface StorageBill {
  bill: BillResult;
  withoutBattery: BillResult;
  dispatch: DispatchResult;
  site: StorageSite;
  /** The grid's step (ms): the dispatch's intervals (the last may be shorter). */
  step: number;
  /** The strategy whose dispatch was billed (BILL_OPTIMAL falls back to SELF_CONSUMPTION when that bills less). */
  strategyUsed: Strategy;
  /** BILL_OPTIMAL: the bill as the linear programs state it, and what they approximated. */
  optimiser: { objective: number; periods: number; approximations: string[] } | null;
  /** The grid the bills were made on (to pass back as `reuse`). */
  prepared: PreparedGrid;
}

const DAY = 86_400_000;

/** The site on the bill's grid: the usage's net per interval is the load (what it sends is more PV). */
export function siteOnGrid(
  input: BillInput,
  prepared: PreparedGrid,
  pv: SolarSeries | null,
): { site: StorageSite; flows: SolarFlows } {
  const { grid } = prepared;
  // The PV series is placed on the grid exactly as a usage series is (by time overlap).
  const solar = pv && {
    side: pv.side,
    kwh: placeUsage(grid, [], [pvSeries(pv)], () => null).imported,
    dcToAcEfficiency: pv.dcToAcEfficiency,
    inverterAcKw: pv.inverterAcKw,
  };
  const usage = placeBillUsage({ ...input, exportOverride: null }, prepared);
  const n = grid.n;
  const hours = new Float64Array(n);
  const load = new Float64Array(n);
  const extra = new Float64Array(n);
  const month = new Uint8Array(n);
  const hour = new Uint8Array(n);
  const weekday = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    hours[i] = (grid.bounds[i + 1]! - grid.bounds[i]!) / 3_600_000;
    const net = usage.imported[i]! - usage.exported[i]!;
    load[i] = Math.max(0, net);
    extra[i] = Math.max(0, -net);
    const day = grid.days[grid.day[i]!]!;
    month[i] = day.date.month;
    hour[i] = Math.floor(grid.minute[i]! / 60);
    weekday[i] = day.weekday;
  }
  const site: StorageSite = { hours, load, solar, month, hour, weekday };
  const flows = solarFlows(site);
  // Energy the usage itself sends (PV already netted into it) is PV on the panel's AC side.
  for (let i = 0; i < n; i++) {
    if (extra[i] === 0) continue;
    flows.ac[i]! += extra[i]!;
    flows.dc[i]! += extra[i]! / flows.efficiency;
  }
  return { site, flows };
}

const pvSeries = (pv: SolarSeries): UsageSeries => ({
  keyName: 'consumption',
  from: pv.from,
  duration: pv.duration,
  values: Array.from(pv.values, (v) => Math.max(0, v)),
  exports: null,
});

/** The meter's series on the grid's own intervals (what the bill engine bills without re-placing anything). */
function meterSeries(prepared: PreparedGrid, values: Float64Array, exports: Float64Array | null = null): UsageSeries {
  return { keyName: 'consumption', from: prepared.grid.bounds[0]!, duration: prepared.grid.step, values, exports };
}

/** The bill input for a dispatch: the meter's net series (two meters: the load meter and the PV), demand readings. */
function billInputOf(input: BillInput, prepared: PreparedGrid, d: DispatchResult, pv: Float64Array | null): BillInput {
  const series = [meterSeries(prepared, d.net)];
  if (pv)
    series.push(
      meterSeries(
        prepared,
        pv.map((v) => -v),
      ),
    );
  return { ...input, series, readings: input.readings.filter((r) => r.keyName === 'demand') };
}

const usageOf = (d: DispatchResult): GridUsage => ({
  imported: d.gridImport,
  exported: d.gridExport,
  demandReadings: [],
  spreadFlat: false,
  // A dispatch's flows are differences of floating sums: not relied on to be free of a stray negative.
  signed: true,
});

/**
 * A storage bill up to the optimiser: the grid, the site and the bill without the battery are made; `optimiser` is
 * BILL_OPTIMAL's program input (plain data and typed arrays, so another thread can solve it; null for the other
 * strategies), and `finish` (called once) bills the dispatch (BILL_OPTIMAL: of the plan the optimiser made of
 * `optimiser`).
 */
export interface StorageBillStart {
  prepared: PreparedGrid;
  optimiser: OptimiserInput | null;
  finish(plan: OptimalPlan | null): StorageBill;
}

/**
 * `reuse`: the `prepared` grid of an earlier storage bill of the same tariff, range, step and PV grid (a savings
 * analysis bills each year of its term on year one's grid), so that its seasons, periods and prices are not made again.
 */
export function startStorageBill(
  given: BillInput,
  request: StorageRequest,
  reuse?: PreparedGrid,
  /** BILL_OPTIMAL's programs with import and export as columns wherever (bill-optimal.ts; the tests compare forms). */
  meterColumns = false,
): StorageBillStart {
  const { battery } = request;
  // The grid of the finest step of the usage and the PV (hourly at most); the meter series keep it.
  const withPv = request.solar ? { ...given, series: [...given.series, pvSeries(request.solar)] } : given;
  const prepared = reuse && fitsGrid(reuse, withPv) ? reuse : prepareGrid(withPv);
  const rules = exportRulesFor(prepared.input.versions, given.exportOverride);
  const twoMeters = rules?.arrangement === 'BUY_ALL_SELL_ALL';
  const { site, flows } = siteOnGrid(given, prepared, request.solar);
  // Two meters: the PV is billed on its own; the battery sees the load and no PV.
  const pv = twoMeters ? flows.ac.slice() : null;
  const batteryFlows = twoMeters ? solarFlows({ ...site, solar: null }) : flows;
  const bill = (d: DispatchResult) => {
    const input = billInputOf(given, prepared, d, pv);
    return calculateBill(input, fitsStep(prepared, input));
  };
  const without = carryOut(battery, site, () => {}, undefined, batteryFlows);
  const withoutBattery = bill(without);
  type Note = Omit<Assumption, 'displayName'>;
  /** Says a storage assumption into `list`. */
  const sayIn =
    (list: Note[]) =>
    (description: string, accuracy: number, dataValue: string | null = null) =>
      list.push({ keyName: 'storage', dataValue, description, fromDateTime: null, toDateTime: null, accuracy });
  const noted: Note[] = [];
  const say = sayIn(noted);

  const ranges = prepared.grid.n * prepared.grid.step > 366 * DAY && battery.capacityFadePerYear > 0;
  /** The bill of a dispatch with the assumptions said so far and the battery's own line. */
  const billed = (d: DispatchResult, used: Strategy) => {
    const notes = [...noted];
    const line = sayIn(notes);
    if (ranges) line('Capacity fade is applied for the whole range at the age the battery has at its start', 90);
    line(
      `Battery ${round(battery.capacityKwh)} kWh, ${round(battery.chargeKw)}/${round(battery.dischargeKw)} kW, ${battery.coupling}-coupled, round trip ${round(roundTripEfficiency(battery) * 100)} %, dispatched ${used}${used === 'BILL_OPTIMAL' ? ' (perfect foresight of each billing period)' : ''}`,
      100,
      request.strategy,
    );
    const input = billInputOf(given, prepared, d, pv);
    return calculateBill({ ...input, noted: [...(given.noted ?? []), ...notes] }, fitsStep(prepared, input));
  };
  const answer = (
    dispatch: DispatchResult,
    final: BillResult,
    strategyUsed: Strategy,
    optimiser: StorageBill['optimiser'],
  ) => ({ bill: final, withoutBattery, dispatch, site, step: prepared.grid.step, strategyUsed, optimiser, prepared });

  if (request.strategy !== 'BILL_OPTIMAL') {
    const policy =
      request.strategy === 'SELF_CONSUMPTION'
        ? selfConsumption(battery, site, batteryFlows)
        : fixedSchedule(battery, site, batteryFlows, scheduleOf(request));
    return {
      prepared,
      optimiser: null,
      finish: () => {
        const dispatch = carryOut(battery, site, policy, undefined, batteryFlows);
        return answer(dispatch, billed(dispatch, request.strategy), request.strategy, null);
      },
    };
  }
  const costs = tariffCosts(prepared, billInputOf(given, prepared, without, pv), usageOf(without));
  return {
    prepared,
    optimiser: { battery, site, solar: batteryFlows, costs, meterColumns },
    finish: (plan) => {
      if (!plan) throw new RangeError("BILL_OPTIMAL is billed from the optimiser's plan");
      let dispatch = carryOut(battery, site, planned(plan.decisions), undefined, batteryFlows);
      for (const a of costs.approximations) say(`Optimised dispatch, approximated: ${a}`, 90);
      const optimiser = { objective: plan.objective, periods: plan.periods, approximations: costs.approximations };
      let final = billed(dispatch, 'BILL_OPTIMAL');
      // Where the program approximated the tariff, the simple strategy can bill less: the better of the two is kept.
      // (The optimised dispatch's bill is billed once, with its assumptions: they do not change its total.)
      const simple = carryOut(battery, site, selfConsumption(battery, site, batteryFlows), undefined, batteryFlows);
      if (bill(simple).summary.totalCost >= final.summary.totalCost)
        return answer(dispatch, final, 'BILL_OPTIMAL', optimiser);
      dispatch = simple;
      say(
        "The optimised dispatch billed more than self-consumption (the program's approximations above): the self-consumption dispatch is billed",
        85,
      );
      final = billed(dispatch, 'SELF_CONSUMPTION');
      return answer(dispatch, final, 'SELF_CONSUMPTION', optimiser);
    },
  };
}

/** A storage bill in one go, BILL_OPTIMAL's programs solved here by `solve`. */
export function billWithStorage(
  given: BillInput,
  request: StorageRequest,
  solve?: LpSolver,
  reuse?: PreparedGrid,
  meterColumns = false,
): StorageBill {
  const start = startStorageBill(given, request, reuse, meterColumns);
  if (!start.optimiser) return start.finish(null);
  if (!solve) throw new RangeError('BILL_OPTIMAL needs a linear-program solver');
  return start.finish(optimise(start.optimiser, solve));
}

function scheduleOf(request: StorageRequest): Schedule {
  if (!request.schedule) throw new RangeError('FIXED_SCHEDULE needs a schedule');
  return request.schedule;
}

const round = (x: number) => Math.round(x * 100) / 100;

/** The prepared grid when the bill's series keep its step (they always do: one value per grid interval). */
const fitsStep = (prepared: PreparedGrid, input: BillInput): PreparedGrid | undefined =>
  input.series.every((s) => s.duration === prepared.grid.step) ? prepared : undefined;
