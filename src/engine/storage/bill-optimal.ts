// BILL_OPTIMAL: the dispatch that minimises each billing period's bill, knowing the period's load and PV (perfect
// foresight, as SAM's and REopt's optimising modes assume), solved as one linear program per period:
//   minimise   sum_t (importCost_t imp_t + exportCost_t exp_t) + tier blocks + demand blocks + minimum shortfall
//   subject to the battery's state of charge (e_t = e_t-1 + input efficiency x DC in - DC out), its band and power,
//              the meter's balance in each interval (imp - exp = load - PV + battery in - battery out),
//              grid charging and battery export where they are not allowed, the PV inverter's rating (DC coupling).
// An AC-coupled battery that may neither charge from the grid nor export has the meter's sign fixed in each interval
// (it charges only from the PV's surplus, discharges only into the load's deficit): import and export are then the
// deficit less what the battery gives and the surplus less what it takes, written into the rows where they appear
// instead of being columns of their own with a balance row, a run of intervals where the battery can move only one way
// has one state of charge, and the run's intervals alike for the bill share one column (interval-groups.ts): the same
// optimum in a fraction of the program. Where a later year's runs and classes are the same, its program starts from
// the last basis (only bounds, costs and the offset move); where they are not, it is solved afresh, which a small
// program makes cheap.
// What the battery holds when a period ends is worth what it saves the next day: each program looks one day into the
// next period (its energy prices, not its tiers or demand) and keeps only its own period's decisions. The periods are
// solved in order, each starting from the state of charge the previous one ended with.
import { type Battery, socBand } from './battery.ts';
import { type Decisions, emptyDecisions } from './dispatch-result.ts';
import { intervalGroups } from './interval-groups.ts';
import { LpBuilder, type LpSolver } from './linear-program.ts';
import type { SolarFlows, StorageSite } from './site.ts';
import type { PeriodCosts, TariffCosts } from './tariff-costs.ts';

/** $/kWh on every kWh moved in or out: breaks the ties that would let the program cycle energy for nothing. */
const TIE_BREAK = 1e-6;
/** How far a program looks into the next period to value the energy it leaves there. */
const LOOK_AHEAD_HOURS = 24;
const INF = Number.POSITIVE_INFINITY;

export interface OptimalPlan {
  decisions: Decisions;
  /** Sum of the periods' objectives: the bill as the program states it (tie-breaks and wear left out). */
  objective: number;
  periods: number;
}

export class OptimiserError extends Error {}

/**
 * What the optimiser needs, as plain data and typed arrays (a structured clone carries it to another thread whole):
 * the battery, the site, the PV's flows the battery sees, and the tariff's costs.
 */
export interface OptimiserInput {
  battery: Battery;
  site: StorageSite;
  solar: SolarFlows;
  costs: TariffCosts;
  /** Import and export as columns even where the sign is fixed (the tests compare the two forms). */
  meterColumns: boolean;
}

/** `billOptimal` of an optimiser input. */
export const optimise = (input: OptimiserInput, solve: LpSolver): OptimalPlan =>
  billOptimal(input.battery, input.site, input.solar, input.costs, solve, undefined, input.meterColumns);

/** Adds `coefficient` x column to a row's terms, to the column's term when it is one of the last two. */
function addTerm(terms: [number, number][], column: number, coefficient: number): void {
  for (let k = terms.length - 1; k >= 0 && k >= terms.length - 2; k--)
    if (terms[k]![0] === column) {
      terms[k]![1] += coefficient;
      return;
    }
  terms.push([column, coefficient]);
}

/** One period's program, its columns named by what they hold. */
function periodProgram(
  battery: Battery,
  site: StorageSite,
  solar: SolarFlows,
  costs: PeriodCosts,
  startSoc: number,
  next: PeriodCosts | undefined,
  meterColumns: boolean,
) {
  const { i0, i1 } = costs;
  const n = i1 - i0;
  // The look-ahead: intervals of the next period, up to a day of them, priced by its energy prices.
  let ahead = 0;
  for (let hours = 0; next && ahead < next.i1 - next.i0 && hours < LOOK_AHEAD_HOURS; ahead++)
    hours += site.hours[i1 + ahead]!;
  const importCost = (t: number) => (t < n ? costs.importCost[t]! : next!.importCost[t - n]!);
  const exportCost = (t: number) => (t < n ? costs.exportCost[t]! : next!.exportCost[t - n]!);
  const band = socBand(battery);
  const lp = new LpBuilder();
  const dc = battery.coupling === 'DC';
  const { acToDcEfficiency: inEff, dcToAcEfficiency: outEff, inputEfficiency: cellEff } = battery;
  const m = n + ahead;
  const cols = {
    acIn: new Int32Array(m).fill(-1),
    solarIn: new Int32Array(m).fill(-1),
    toInverter: new Int32Array(m).fill(-1),
    out: new Int32Array(m).fill(-1),
    soc: new Int32Array(m),
    imp: new Int32Array(m).fill(-1),
    exp: new Int32Array(m).fill(-1),
  };
  const signFixed = !meterColumns && !dc && !battery.gridCharging && !battery.gridExport;
  // Without the battery: what the load lacks after the PV, and what the PV has over the load (one of them is 0).
  const deficits = new Float64Array(m);
  const surpluses = new Float64Array(m);
  for (let t = 0; t < m; t++) {
    const i = t + i0;
    surpluses[t] = Math.max(0, solar.ac[i]! - site.load[i]!);
    deficits[t] = site.load[i]! - Math.min(site.load[i]!, solar.ac[i]!);
  }
  // The sign fixed: each interval's share of its run's discharge and charge (interval-groups.ts).
  const outShare = new Float64Array(m);
  const inShare = new Float64Array(m);
  let offset = costs.constant;
  const wear = TIE_BREAK + battery.degradationCostPerKwh;
  if (signFixed) {
    // Import = deficit - outEff x out and export = surplus - acIn, their prices moved onto the battery's columns: a
    // state of charge a run and a column a class of the run (interval-groups.ts), discharging in a run of deficit and
    // charging in one of surplus, its power limit its intervals' summed.
    const outCapOf = (t: number) => Math.min(battery.dischargeKw * site.hours[t + i0]!, deficits[t]! / outEff);
    const inCapOf = (t: number) => Math.min((battery.chargeKw * site.hours[t + i0]!) / inEff, surpluses[t]!);
    const { runs, classOf, classFirst } = intervalGroups(
      costs,
      next,
      ahead,
      deficits,
      surpluses,
      importCost,
      exportCost,
    );
    const classCap = new Float64Array(classFirst.length);
    for (let t = 0; t < m; t++) {
      offset += importCost(t) * deficits[t]! + exportCost(t) * surpluses[t]!;
      const c = classOf[t]!;
      if (c >= 0) classCap[c]! += deficits[t]! > 0 ? outCapOf(t) : inCapOf(t);
    }
    const classCol = new Int32Array(classFirst.length);
    let before = -1;
    for (const run of runs) {
      const socTerms: [number, number][] = before >= 0 ? [[before, -1]] : [];
      for (let c = run.classes[0]; c < run.classes[1]; c++) {
        const t = classFirst[c]!;
        const discharging = deficits[t]! > 0;
        classCol[c] = discharging
          ? lp.column(wear - importCost(t) * outEff, 0, classCap[c]!)
          : lp.column(TIE_BREAK - exportCost(t), 0, classCap[c]!);
        socTerms.push([classCol[c]!, discharging ? 1 : -cellEff * inEff]);
      }
      const soc = lp.column(0, band.floor, band.ceiling);
      socTerms.push([soc, 1]);
      lp.row(socTerms, before < 0 ? startSoc : 0, before < 0 ? startSoc : 0);
      for (let t = run.first; t < run.end; t++) {
        cols.soc[t] = soc;
        const c = classOf[t]!;
        if (c < 0) continue;
        const cap = classCap[c]!;
        if (deficits[t]! > 0) {
          cols.out[t] = classCol[c]!;
          outShare[t] = cap > 0 ? outCapOf(t) / cap : 0;
        } else {
          cols.acIn[t] = classCol[c]!;
          inShare[t] = cap > 0 ? inCapOf(t) / cap : 0;
        }
      }
      before = soc;
    }
  }
  for (let t = 0; t < m && !signFixed; t++) {
    const i = t + i0;
    const h = site.hours[i]!;
    const load = site.load[i]!;
    const solarAc = solar.ac[i]!;
    const surplus = surpluses[t]!;
    const deficit = deficits[t]!;
    const chargeDc = battery.chargeKw * h;
    // DC out: its power, and (no battery export) no more than the load lacks after the PV.
    const outCap = Math.min(battery.dischargeKw * h, battery.gridExport ? INF : deficit / outEff);
    const out = lp.column(wear, 0, outCap);
    const soc = lp.column(0, band.floor, band.ceiling);
    const imp = lp.column(importCost(t));
    const exp = lp.column(exportCost(t));
    cols.out[t] = out;
    cols.soc[t] = soc;
    cols.imp[t] = imp;
    cols.exp[t] = exp;
    // Each row's terms in column order (the builder copies those straight in): the hour before's charge, then this
    // hour's columns as made (out, soc, imp, exp, then the charging and inverter columns).
    const socTerms: [number, number][] = t > 0 ? [[cols.soc[t - 1]!, -1]] : [];
    socTerms.push([out, 1], [soc, 1]);
    if (!dc) {
      // AC coupling: the battery's inverter draws AC from the panel (the PV's surplus only, without grid charging).
      const acIn = lp.column(TIE_BREAK, 0, Math.min(chargeDc / inEff, battery.gridCharging ? INF : surplus));
      cols.acIn[t] = acIn;
      socTerms.push([acIn, -cellEff * inEff]);
      lp.row(
        [
          [out, outEff],
          [imp, 1],
          [exp, -1],
          [acIn, -1],
        ],
        load - solarAc,
        load - solarAc,
      );
    } else {
      // DC coupling: the array's DC splits between the battery and the shared inverter (whose AC rating it shares
      // with the battery's output); without grid charging, the battery takes only DC the load does not need.
      const spare = Math.max(0, solar.dc[i]! - Math.min(load, solarAc) / solar.efficiency);
      const solarIn = lp.column(TIE_BREAK, 0, Math.min(chargeDc, battery.gridCharging ? solar.dc[i]! : spare));
      const toInverter = lp.column(0, 0, solar.dc[i]!);
      cols.solarIn[t] = solarIn;
      cols.toInverter[t] = toInverter;
      socTerms.push([solarIn, -cellEff]);
      const meter: [number, number][] = [
        [out, outEff],
        [imp, 1],
        [exp, -1],
        [toInverter, solar.efficiency],
      ];
      if (battery.gridCharging) {
        const acIn = lp.column(TIE_BREAK, 0, chargeDc / inEff);
        cols.acIn[t] = acIn;
        socTerms.push([acIn, -cellEff * inEff]);
        meter.push([acIn, -1]);
        lp.row(
          [
            [solarIn, 1],
            [acIn, inEff],
          ],
          -INF,
          chargeDc,
        );
      }
      lp.row(meter, load, load);
      lp.row(
        [
          [solarIn, 1],
          [toInverter, 1],
        ],
        -INF,
        solar.dc[i]!,
      );
      const limit = solar.acLimit[i]!;
      if (Number.isFinite(limit))
        lp.row(
          [
            [out, outEff],
            [toInverter, solar.efficiency],
          ],
          -INF,
          limit,
        );
    }
    lp.row(socTerms, t === 0 ? startSoc : 0, t === 0 ? startSoc : 0);
  }
  // The meter's import (times importCoef) and export (times exportCoef) in interval t, added to a row's terms; what
  // they add beside the columns (the sign fixed: the deficit's and the surplus's share), for the row's bounds.
  const addMeter = (terms: [number, number][], t: number, importCoef: number, exportCoef: number): number => {
    if (!signFixed) {
      terms.push([cols.imp[t]!, importCoef]);
      if (exportCoef) terms.push([cols.exp[t]!, exportCoef]);
      return 0;
    }
    // A class's intervals are all in a row or none: their shares add up to the class's one term.
    if (cols.out[t]! >= 0) addTerm(terms, cols.out[t]!, -importCoef * outEff * outShare[t]!);
    if (exportCoef && cols.acIn[t]! >= 0) addTerm(terms, cols.acIn[t]!, -exportCoef * inShare[t]!);
    return importCoef * deficits[t]! + exportCoef * surpluses[t]!;
  };
  const minimumTerms: [number, number][] = [];
  let minimumConstant = 0;
  const min = costs.minimum;
  if (min)
    for (let t = 0; t < n; t++)
      minimumConstant += addMeter(minimumTerms, t, min.preTaxImport[t]!, min.preTaxExport[t]!);
  for (const block of costs.tiers) {
    const terms: [number, number][] = [];
    block.widths.forEach((width, j) => {
      const y = lp.column(block.prices[j]!, j === 0 && block.side === 'NET' ? -INF : 0, width);
      terms.push([y, 1]);
      if (min && block.preTax) minimumTerms.push([y, block.prices[j]! / block.weight]);
    });
    // The intervals' columns first, the blocks' (made after them) last: the row comes in column order, unsorted.
    const meter: [number, number][] = [];
    let constant = 0;
    for (const t of block.intervals) constant += addMeter(meter, t, -1, block.side === 'NET' ? 1 : 0);
    lp.row(meter.concat(terms), -constant, -constant);
  }
  for (const block of costs.demands) {
    const peak: [number, number][] = block.widths.map((width, j) => {
      const z = lp.column(block.prices[j]!, 0, width);
      if (min && block.preTax) minimumTerms.push([z, block.prices[j]! / block.weight]);
      return [z, 1];
    });
    for (const w of block.windows) {
      const terms: [number, number][] = [];
      let constant = 0;
      for (const t of w.intervals) constant += addMeter(terms, t, -1 / w.hours, 0);
      lp.row(terms.concat(peak), -constant, INF);
    }
  }
  // The next period's tiers and demand charges over the look-ahead day, at a day's share of their widths and prices:
  // a day of the next month uses a day of its (baseline) allowance, and the day's peak is not the month's.
  const aheadColumns: [number, number][] = [];
  if (next && ahead > 0) {
    let hours = 0;
    for (let t = 0; t < ahead; t++) hours += site.hours[i1 + t]!;
    let periodHours = 0;
    for (let i = next.i0; i < next.i1; i++) periodHours += site.hours[i]!;
    const share = hours / periodHours;
    for (const block of next.tiers) {
      const intervals = Array.from(block.intervals).filter((t) => t < ahead);
      if (!intervals.length) continue;
      const terms: [number, number][] = block.widths.map((width, j) => {
        const y = lp.column(block.prices[j]!, j === 0 && block.side === 'NET' ? -INF : 0, width * share);
        aheadColumns.push([y, block.prices[j]!]);
        return [y, 1];
      });
      const meter: [number, number][] = [];
      let constant = 0;
      for (const t of intervals) constant += addMeter(meter, t + n, -1, block.side === 'NET' ? 1 : 0);
      lp.row(meter.concat(terms), -constant, -constant);
    }
    for (const block of next.demands) {
      const windows = block.windows.filter((w) => w.intervals.every((t) => t < ahead));
      if (!windows.length) continue;
      const peak: [number, number][] = block.widths.map((width, j) => {
        const z = lp.column(block.prices[j]! * share, 0, width);
        aheadColumns.push([z, block.prices[j]! * share]);
        return [z, 1];
      });
      for (const w of windows) {
        const terms: [number, number][] = [];
        let constant = 0;
        for (const t of w.intervals) constant += addMeter(terms, t + n, -1 / w.hours, 0);
        lp.row(terms.concat(peak), -constant, INF);
      }
    }
  }
  if (min) {
    const shortfall = lp.column(min.multiplier, 0, INF);
    lp.row([[shortfall, 1], ...minimumTerms], min.amount - min.preTaxConstant - minimumConstant, INF);
  }
  lp.offset = offset;
  // What the battery and the meter do in interval t of a solution: their columns, or (the sign fixed) the interval's
  // share of its run's.
  const flowsOf = (x: Float64Array, t: number) => {
    if (signFixed) {
      const out = cols.out[t]! >= 0 ? outShare[t]! * x[cols.out[t]!]! : 0;
      const acIn = cols.acIn[t]! >= 0 ? inShare[t]! * x[cols.acIn[t]!]! : 0;
      return { acIn, solarIn: 0, out, imp: deficits[t]! - outEff * out, exp: surpluses[t]! - acIn };
    }
    const col = (c: number) => (c >= 0 ? x[c]! : 0);
    return {
      acIn: col(cols.acIn[t]!),
      solarIn: col(cols.solarIn[t]!),
      out: x[cols.out[t]!]!,
      imp: x[cols.imp[t]!]!,
      exp: x[cols.exp[t]!]!,
    };
  };
  return { lp: lp.build(), cols, n, m, importCost, exportCost, aheadColumns, flowsOf };
}

/** The program's dispatch over all periods, each solved from the state of charge the one before ended with. */
export function billOptimal(
  battery: Battery,
  site: StorageSite,
  solar: SolarFlows,
  costs: TariffCosts,
  solve: LpSolver,
  startSoc = socBand(battery).initial,
  /** Import and export as columns with a balance row even where the sign is fixed (the tests compare the two forms). */
  meterColumns = false,
): OptimalPlan {
  const decisions = emptyDecisions(site.load.length);
  const band = socBand(battery);
  let soc = startSoc;
  let objective = 0;
  costs.periods.forEach((period, k) => {
    const { lp, cols, n, m, importCost, exportCost, aheadColumns, flowsOf } = periodProgram(
      battery,
      site,
      solar,
      period,
      soc,
      costs.periods[k + 1],
      meterColumns,
    );
    const solution = solve(lp, k);
    if (solution.status !== 'OPTIMAL')
      throw new OptimiserError(`The dispatch program of billing period ${k + 1} ended ${solution.status}`);
    const x = solution.x;
    // The objective less what is not the bill: tie-breaks, wear, and the look-ahead day's energy.
    let notBill = 0;
    for (let t = 0; t < m; t++) {
      const f = flowsOf(x, t);
      notBill += TIE_BREAK * (f.acIn + f.solarIn + f.out) + battery.degradationCostPerKwh * f.out;
      if (t >= n) notBill += importCost(t) * f.imp + exportCost(t) * f.exp;
      else {
        const i = t + period.i0;
        decisions.acIn[i] = f.acIn;
        decisions.solarDcIn[i] = f.solarIn;
        decisions.dcOut[i] = f.out;
      }
    }
    for (const [col, cost] of aheadColumns) notBill += cost * x[col]!;
    // The next period starts where this one ended (kept inside the band against the solver's tolerances).
    if (n > 0) soc = Math.min(band.ceiling, Math.max(band.floor, x[cols.soc[n - 1]!]!));
    objective += solution.objective - notBill;
  });
  return { decisions, objective, periods: costs.periods.length };
}
