// The battery's part of a CalculatedCost: what it saved against the same site without it, its energy totals, the
// optimiser's own figure and approximations, and (unless asked not to) the dispatch interval by interval.
import type { Static } from '@sinclair/typebox';
import { roundTo } from '../../engine/bill/money.ts';
import { socBand } from '../../engine/storage/battery.ts';
import type { StorageBill, StorageRequest } from '../../engine/storage/storage-bill.ts';
import type { StorageAnswer } from './storage.schemas.ts';

const sum = (a: Float64Array) => {
  let s = 0;
  for (const v of a) s += v;
  return s;
};
const kwh = (x: number) => roundTo(x, 6);
const series = (a: Float64Array) => Array.from(a, kwh);

export function storageAnswer(
  r: StorageBill,
  request: StorageRequest & { populateDispatch: boolean },
  fromDateTime: string,
  step: number,
): Static<typeof StorageAnswer> {
  const d = r.dispatch;
  const band = socBand(request.battery);
  const usable = band.ceiling - band.floor;
  const charge = sum(d.charge);
  const discharge = sum(d.discharge);
  const batteryAcIn =
    request.battery.coupling === 'AC' ? sum(d.solarToBattery) + sum(d.gridToBattery) : sum(d.gridToBattery);
  const solarDcIn = request.battery.coupling === 'DC' ? sum(d.solarToBattery) : 0;
  const end = d.soc.length ? d.soc[d.soc.length - 1]! : d.initialSoc;
  const out = sum(d.batteryToLoad) + sum(d.batteryToGrid);
  const answer: Static<typeof StorageAnswer> = {
    dispatchStrategy: request.strategy,
    strategyUsed: r.strategyUsed,
    totalCostWithoutBattery: r.withoutBattery.summary.totalCost,
    savings: roundTo(r.withoutBattery.summary.totalCost - r.bill.summary.totalCost, 2),
    chargeKwh: kwh(charge),
    dischargeKwh: kwh(discharge),
    solarToBatteryKwh: kwh(sum(d.solarToBattery)),
    gridToBatteryKwh: kwh(sum(d.gridToBattery)),
    batteryToLoadKwh: kwh(sum(d.batteryToLoad)),
    batteryToGridKwh: kwh(sum(d.batteryToGrid)),
    solarCurtailedKwh: kwh(sum(d.solarCurtailed)),
    lossKwh: kwh(batteryAcIn + solarDcIn - out - (end - d.initialSoc)),
    cycles: roundTo(usable > 0 ? discharge / usable : 0, 4),
    usableCapacityKwh: kwh(usable),
    endSoc: kwh(end),
    optimiser: r.optimiser && {
      billingPeriods: r.optimiser.periods,
      objective: roundTo(r.optimiser.objective, 6),
      approximations: r.optimiser.approximations,
    },
  };
  if (request.populateDispatch) {
    const solar = new Float64Array(d.net.length);
    for (let i = 0; i < solar.length; i++)
      solar[i] = d.solarToLoad[i]! + d.solarToGrid[i]! + (request.battery.coupling === 'AC' ? d.solarToBattery[i]! : 0);
    answer.intervals = {
      fromDateTime,
      duration: step,
      load: series(r.site.load),
      solar: series(solar),
      charge: series(d.charge),
      discharge: series(d.discharge),
      soc: series(d.soc),
      gridImport: series(d.gridImport),
      gridExport: series(d.gridExport),
      net: series(d.net),
    };
  }
  return answer;
}
