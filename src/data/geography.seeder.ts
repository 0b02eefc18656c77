// Loads the starter LSEs, territories (items, LSEs, centre points) and utility taxes. Re-running it rewrites
// exactly the starter records: LSEs are upserted (so data imported against them survives), starter
// territories and taxes are replaced.
import type { Insertable, Transaction } from 'kysely';
import type { Database, TerritoryItemsTable } from '../db/database.ts';
import { itemMatchKey, zipMatchKeys, type ItemType } from '../domain/geography/place-keys.ts';
import { centroid } from '../domain/geography/centroid.ts';
import { insertInChunks } from '../db/insert-chunks.ts';
import type { Seeder } from './seeder.ts';
import { generatedItems } from './territory-generated-items.ts';
import { STARTER_LSES, type StarterLse } from './starter/lses.data.ts';
import { STARTER_TERRITORIES, type ItemSpec } from './starter/territories.data.ts';
import { STARTER_UTILITY_TAXES } from './starter/utility-taxes.data.ts';

function lseRow(l: StarterLse): Insertable<Database['lses']> {
  // Every class is offered what the utility offers; transportation service is not documented, so null.
  return {
    lse_id: l.lseId,
    name: l.name,
    code: l.code,
    website_home: l.websiteHome,
    offering_type: l.offeringType,
    ownership: l.ownership,
    service_types: l.serviceTypes,
    residential_service_types: l.serviceTypes,
    commercial_service_types: l.serviceTypes,
    industrial_service_types: l.serviceTypes,
    transportation_service_types: null,
    bpr_from_date_offset: 0,
    bpr_to_date_offset: 0,
    bpr_style: 'Unknown',
    time_zone_id: l.timeZone,
    source: l.source,
  };
}

interface ZipPoint {
  zipcode: string;
  state: string | null;
  county: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
}

async function writeLses(trx: Transaction<Database>): Promise<void> {
  for (const l of STARTER_LSES) {
    const row = lseRow(l);
    const { lse_id: _id, ...update } = row;
    await trx
      .insertInto('lses')
      .values(row)
      .onConflict((oc) => oc.column('lse_id').doUpdateSet(update))
      .execute();
  }
}

export const geographySeeder: Seeder = {
  name: 'starter-geography',
  // 2: PG&E baseline territories P - Z, SCE baseline regions, SDG&E climate zones (TARIFF territories).
  // 3: SCE's regions and SDG&E's zones place ZIP codes by their CEC building climate zone.
  version: 3,
  async run(trx) {
    const territoryIds = STARTER_TERRITORIES.map((t) => t.territoryId);
    await trx
      .deleteFrom('utility_taxes')
      .where(
        'utility_tax_id',
        'in',
        STARTER_UTILITY_TAXES.map((x) => x.utilityTaxId),
      )
      .execute();
    await trx.deleteFrom('territory_lses').where('territory_id', 'in', territoryIds).execute();
    await trx.deleteFrom('territory_items').where('territory_id', 'in', territoryIds).execute();
    await trx.deleteFrom('territories').where('territory_id', 'in', territoryIds).execute();
    await writeLses(trx);

    const zipcodes: ZipPoint[] = await trx
      .selectFrom('zipcodes')
      .select(['zipcode', 'state', 'county', 'city', 'latitude', 'longitude'])
      .execute();
    const zipKeys = zipcodes.map((z) => ({ z, keys: zipMatchKeys(z) }));
    const offering = new Map(STARTER_LSES.map((l) => [l.lseId, l.offeringType]));
    let rows = 0;

    for (const t of STARTER_TERRITORIES) {
      const items: ItemSpec[] = [...t.items, ...generatedItems(t, STARTER_TERRITORIES, zipcodes)];
      const itemRows: Insertable<TerritoryItemsTable>[] = items.map((i) => ({
        territory_id: t.territoryId,
        territory_type: i.type,
        value: i.value,
        state: i.type === 'ZIPCODE' ? null : t.state,
        exclude: i.exclude ?? false,
        partial: i.partial ?? false,
        match_key: itemMatchKey(i.type as ItemType, i.value, t.state),
      }));
      const include = new Set(itemRows.filter((i) => !i.exclude).map((i) => i.match_key));
      const exclude = new Set(itemRows.filter((i) => i.exclude).map((i) => i.match_key));
      const covered = zipKeys
        .filter(({ keys }) => keys.some((k) => include.has(k)) && !keys.some((k) => exclude.has(k)))
        .map(({ z }) => z);
      const center = centroid(covered);
      const itemTypes = [...new Set(items.map((i) => i.type))].join(',');
      await trx
        .insertInto('territories')
        .values({
          territory_id: t.territoryId,
          territory_name: t.territoryName,
          lse_id: t.lseId,
          parent_territory_id: t.parentTerritoryId,
          usage_type: t.usageType,
          item_types: itemTypes || null,
          dereg_res: t.deregRes,
          dereg_candi: t.deregCandi,
          center_latitude: center?.latitude ?? null,
          center_longitude: center?.longitude ?? null,
          source: t.source,
        })
        .execute();
      await insertInChunks(trx, 'territory_items', itemRows);
      if (t.usageType === 'SERVICE') {
        const owner = offering.get(t.lseId);
        // Coverage percentages are not published for the starter utilities: null.
        const lses = [
          {
            lseId: t.lseId,
            distribution: owner !== 'Energy',
            supplierResidential: owner !== 'Delivery',
            supplierGeneral: owner !== 'Delivery',
          },
          ...(t.otherLses ?? []),
        ];
        await insertInChunks(
          trx,
          'territory_lses',
          lses.map((l) => ({
            territory_id: t.territoryId,
            lse_id: l.lseId,
            distribution: l.distribution,
            supplier_residential: l.supplierResidential,
            supplier_general: l.supplierGeneral,
            residential_coverage: null,
            general_coverage: null,
          })),
        );
      }
      rows += 1 + itemRows.length;
    }

    await insertInChunks(
      trx,
      'utility_taxes',
      STARTER_UTILITY_TAXES.map((x) => ({
        utility_tax_id: x.utilityTaxId,
        rate_name: x.rateName,
        from_date: x.fromDate,
        to_date: x.toDate,
        rate_amount_electricity: x.rateAmountElectricity,
        rate_amount_gas: x.rateAmountGas,
        territory_id: x.territoryId,
        customer_classes: x.customerClasses.join(','),
        source: x.source,
      })),
    );
    return STARTER_LSES.length + rows + STARTER_UTILITY_TAXES.length;
  },
};
