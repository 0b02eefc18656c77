// Loads the bundled hourly export prices (PG&E's Solar Billing Plan, 20 years of each vintage and component) as
// lookup values of their own LOOKUP keys, expanded from the compact tables of src/data/starter/export-prices/.
import type { Seeder } from './seeder.ts';
import { LookupsRepository } from '../domain/properties/lookups.repository.ts';
import { EXPORT_PRICE_TABLES } from './starter/export-prices/export-price-keys.ts';
import { expandSeries } from './starter/export-prices/export-price-series.ts';

export const exportPricesSeeder: Seeder = {
  name: 'starter-export-prices',
  version: 1,
  async run(trx, db) {
    // The keys themselves are starter keys (propertiesSeeder, run before this one): only their values load here.
    const repo = new LookupsRepository(db);
    let rows = 0;
    for (const { table } of EXPORT_PRICE_TABLES)
      for (const series of table.series) {
        const hours = expandSeries(table, series);
        await repo.replace(
          trx,
          series.keyName,
          '',
          // Only the columns that hold something: the accuracies and forecasts default to null, and six columns a
          // row let each INSERT carry twice the rows of eleven (the statements stay under the parameter limit).
          hours.map((h) => ({ from_time: h.from, to_time: h.to, best_value: h.value, actual_value: h.value })),
          Date.UTC(2026, 10, 27),
        );
        rows += hours.length;
      }
    return rows;
  },
};
