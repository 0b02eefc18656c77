// The LOOKUP property keys of the bundled export prices: one per utility, vintage and component, owned by the
// utility's LSE (so the lookups importer reads a CSV of them in the utility's zone).
import type { KeyDefinition } from '../../../domain/properties/property-key-row.ts';
import type { ExportPriceTable } from './export-price-series.ts';
import { PGE_NBT_EXPORT_PRICES } from './pge-nbt.data.ts';

const PGE_LSE_ID = 734;

/** Every bundled export price table, with the LSE whose customers it prices. */
export const EXPORT_PRICE_TABLES: readonly { lseId: number; utility: string; table: ExportPriceTable }[] = [
  { lseId: PGE_LSE_ID, utility: 'PG&E', table: PGE_NBT_EXPORT_PRICES },
];

export const EXPORT_PRICE_KEYS: readonly KeyDefinition[] = EXPORT_PRICE_TABLES.flatMap(({ lseId, utility, table }) =>
  table.series.map((s) => {
    const vintage = s.vintage === null ? 'floating prices' : `${s.vintage} vintage`;
    const part = s.component === 'GENERATION' ? 'generation' : 'delivery';
    return {
      keyName: s.keyName,
      displayName: `${utility} Solar Billing Plan export price, ${part}, ${vintage}`,
      family: 'exportPrice',
      keyspace: 'tariff',
      description:
        `Hourly ${part} component of the ${utility} Net Billing Tariff energy export credit, ${vintage} ` +
        `(${s.publishedId}), $/kWh` +
        (s.component === 'GENERATION' ? '; paid to bundled customers only (a CCA or DA provider sets its own)' : ''),
      dataType: 'LOOKUP',
      quantityUnit: '$/kWh',
      entityId: lseId,
      source: `${utility} Solar Billing Plan Export Rates (see src/data/starter/export-prices/)`,
    };
  }),
);
