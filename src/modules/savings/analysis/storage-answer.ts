// What the answer adds for a battery (#38): the storage scenario (its inputs and assumptions), the summary's
// storage-only figures (what the battery saves beyond the PV alone, in year one and over the term, and its energy),
// and on the after bill's months of year one the kWh the battery took in and gave out and its cycles.
import { monthFigures } from '../../../engine/savings/month-figures.ts';
import { escalation } from '../../../engine/savings/term.ts';
import type { YearOneSpan } from './assumptions.ts';
import { DEFAULT_ROUND_TRIP, type AnalysisPlan, type StoragePlan } from './inputs.ts';
import type { StorageYears } from './storage-years.ts';
import { note, type AccountAnalysis, type Assumption, type Usage } from './types.ts';

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

export function addStorage(
  answer: AccountAnalysis,
  plan: AnalysisPlan & { storage: StoragePlan },
  years: StorageYears,
  span: YearOneSpan,
  months: readonly number[],
  usage: Usage,
): void {
  const { storage } = plan;
  // Without the battery less with it, each year, escalated as the utility's bills are (to the cent each year, as the
  // lifetime bills are summed).
  const saved = years.byYear.map((y, n) => years.withoutBatteryByYear[n]! - y.cost);
  const lifetime = saved.reduce((sum, s, n) => sum + round(s * escalation(plan.utilityInflation, n), 2), 0);
  const charged = monthFigures(null, years.charged, usage, months).map((m) => m.kwh);
  const discharged = monthFigures(null, years.discharged, usage, months).map((m) => m.kwh);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  Object.assign(answer.summary, {
    storageAvoidedCost: round(saved[0]!, 2),
    lifetimeStorageAvoidedCost: round(lifetime, 2),
    storageChargedKWh: round(sum(charged), 3),
    storageDischargedKWh: round(sum(discharged), 3),
    storageCycles: round(sum(discharged) / years.capacityKwh, 1),
  });
  const afterMonths = answer.series.find((s) => s.scenario === 'after' && s.seriesPeriod === 'MONTH')!.seriesId;
  answer.seriesData
    .filter((d) => d.seriesId === afterMonths)
    .forEach((d, k) => {
      d.chargedKWh = round(charged[k] ?? 0, 3);
      d.dischargedKWh = round(discharged[k] ?? 0, 3);
      d.cycles = round((discharged[k] ?? 0) / years.capacityKwh, 2);
    });
  answer.scenarios.push({
    name: 'storage',
    masterTariffId: null,
    tariffName: null,
    inputs: plan.echo.storage,
    assumptions: storageAssumptions(storage, span),
  });
}

function storageAssumptions(s: StoragePlan, { from, to, at }: YearOneSpan): Assumption[] {
  const out = [
    note(
      'storageDispatch',
      s.strategy,
      s.strategy === 'BILL_OPTIMAL'
        ? "Each billing period's dispatch is the one that bills least on the after tariff, knowing the period's load and PV output (perfect foresight)"
        : s.strategy === 'FIXED_SCHEDULE'
          ? `The battery charges in the charge windows of storageSchedule (${s.gridCharging ? 'from PV output the home does not use, then from the grid' : 'from PV output the home does not use'}) and discharges in its discharge windows to cover the load, by local time; it idles otherwise unless the schedule says SELF_CONSUMPTION`
          : 'The battery charges from PV output the home does not use and discharges to cover the load',
      at(from),
      at(to),
      s.strategy === 'BILL_OPTIMAL' ? 70 : 85,
    ),
    note(
      'storageRoundTripEfficiency',
      String(round(s.roundTripEfficiency * 100, 2)),
      `Round trip ${round(s.roundTripEfficiency * 100, 2)} % AC to AC, lost half charging and half discharging (${round(Math.sqrt(s.roundTripEfficiency) * 100, 2)} % each way)`,
      null,
      null,
      s.defaulted.includes('storageRoundTripEfficiency') ? 60 : 90,
    ),
    s.coupling === 'DC'
      ? note(
          'storageCoupling',
          'DC',
          "The battery is DC-coupled: it stores the array's DC output (PVWatts v8's) before the PV inverter, what the inverter would clip too; what passes through the inverter, from the array or the battery, is taken at its nominal efficiency and limited to its AC rating; storageAvoidedCost compares the bills with and without the battery on that same inverter, while a design without a battery takes PVWatts' part-load inverter curve",
          null,
          null,
          75,
        )
      : note(
          'storageCoupling',
          'AC',
          "The battery is AC-coupled: it stores the PV system's AC output, not what its inverter would clip",
          null,
          null,
          90,
        ),
  ];
  if (s.defaulted.includes('storageRoundTripEfficiency'))
    out[1]!.description += ` (not given: ${DEFAULT_ROUND_TRIP * 100} %, a lithium-ion home battery's specification)`;
  if (s.defaulted.includes('storageReserve'))
    out.push(note('storageReserve', '0', 'No backup reserve given: the whole capacity is dispatched', null, null, 70));
  if (s.defaulted.includes('storageDegradation'))
    out.push(
      note(
        'storageDegradation',
        '0',
        'No storageDegradation given: the battery keeps its capacity through the term',
        null,
        null,
        50,
      ),
    );
  else
    out.push(
      note(
        'storageDegradation',
        String(round(s.fadePerYear * 100, 3)),
        `The battery loses ${round(s.fadePerYear * 100, 3)} % of its capacity a year, compounding`,
        null,
        null,
        85,
      ),
    );
  if (!s.gridCharging)
    out.push(
      note(
        'storageGridCharging',
        'false',
        'The battery charges from the PV output only, never from the grid',
        null,
        null,
        90,
      ),
    );
  return out;
}
