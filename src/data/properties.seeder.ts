// Loads the starter property keys (with choices) and the synthetic sample lookup series.
import { LookupsRepository } from '../domain/properties/lookups.repository.ts';
import { insertInChunks } from '../db/insert-chunks.ts';
import type { Seeder } from './seeder.ts';
import { keyDefinitionRow } from '../domain/properties/property-key-row.ts';
import { sampleHourlyPrices } from './starter/properties.data.ts';
import { ALL_STARTER_KEYS as STARTER_KEYS } from './starter/combined.ts';
import { TARIFF_LOOKUPS } from './starter/tariffs/index.ts';
import { lookupRowsByKey } from './starter/tariffs/lookup-rows.ts';

export const propertiesSeeder: Seeder = {
  name: 'starter-properties',
  // 2: the lookup keys Georgia Power's tariff 512 names. 3: keys and published lookup values of the starter tariffs.
  // 4: coincidentDemand, the demand key of coincident demand charges. 5: building types and vintages of baselines.
  // 6: the California baseline allowance type and Base Services Charge income tier keys.
  // 7: demand typed DEMAND, as the original API types it (was DECIMAL). 8: the export price keys (PG&E NBT).
  version: 8,
  async run(trx, db) {
    const names = STARTER_KEYS.map((k) => k.keyName);
    await trx.deleteFrom('property_key_choices').where('key_name', 'in', names).execute();
    await trx.deleteFrom('property_keys').where('key_name', 'in', names).execute();
    for (const k of STARTER_KEYS) {
      await trx.insertInto('property_keys').values(keyDefinitionRow(k)).execute();
      await insertInChunks(
        trx,
        'property_key_choices',
        (k.choices ?? []).map((value, sequence) => ({
          key_name: k.keyName,
          sequence,
          display_value: value,
          value,
          data_value: value,
          likelihood: null,
        })),
      );
    }
    const series = sampleHourlyPrices();
    await new LookupsRepository(db).replace(
      trx,
      'sampleHourlyPrice',
      '',
      series.map((v) => ({
        from_time: v.from,
        to_time: v.to,
        best_value: v.value,
        actual_value: v.value,
        best_accuracy: null,
        lse_forecast_value: null,
        lse_forecast_accuracy: null,
        forecast_value: null,
        forecast_accuracy: null,
      })),
      Date.UTC(2026, 10, 22),
    );
    const published = lookupRowsByKey(TARIFF_LOOKUPS, STARTER_KEYS);
    for (const { keyName, subKeyName, rows } of published)
      await new LookupsRepository(db).replace(trx, keyName, subKeyName, rows, Date.UTC(2026, 10, 22));
    return STARTER_KEYS.length + series.length + TARIFF_LOOKUPS.length;
  },
};
