// The 20-scenario mass calculation the benches send: a year of the synthetic hourly load (8,760 values, each scenario
// scaled differently) on PG&E E-TOU-C with a TOU demand charge as a rate input; about 1 MB of JSON.
import { BENCH_DEMAND_RATE, BENCH_TARIFF, syntheticLoad, YEAR } from '../synthetic-load.ts';

export function massBody(): string {
  const hourly = syntheticLoad(60);
  return JSON.stringify({
    fromDateTime: YEAR.from,
    toDateTime: YEAR.to,
    scenarios: Array.from({ length: 20 }, (_, k) => ({
      scenarioName: `s${k}`,
      masterTariffId: BENCH_TARIFF,
      propertyInputs: [
        {
          keyName: 'consumption',
          dataSeries: hourly.map((v) => Math.round(v * (800 + k * 20)) / 1000),
          duration: 3_600_000,
        },
        { keyName: 'territoryId', dataValue: 3538 },
      ],
      rateInputs: [BENCH_DEMAND_RATE],
    })),
  });
}
