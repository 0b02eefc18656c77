// Loads the bundled hourly export prices (PG&E's Solar Billing Plan, 20 years of each vintage and component) as
// lookup values of their own LOOKUP keys, expanded from the compact tables of src/data/starter/export-prices/.
import type { Seeder } from './seeder.ts';
import { replaceSeries } from '../domain/properties/lookups.repository.ts';
import { EXPORT_PRICE_TABLES } from './starter/export-prices/export-price-keys.ts';
import { expandSeries } from './starter/export-prices/export-price-series.ts';

export const exportPricesSeeder: Seeder = {
  name: 'starter-export-prices',
  version: 1,
  async run(trx, db) {
    // The keys themselves are starter keys (propertiesSeeder, run before this one): only their values load here.
    let rows = 0;
    for (const { table } of EXPORT_PRICE_TABLES)
      for (const series of table.series) {
        const hours = expandSeries(table, series);
        await replaceSeries(trx, series.keyName, '', hours, Date.UTC(2026, 10, 27), db.dialect);
        rows += hours.length;
      }
    return rows;
  },
};
