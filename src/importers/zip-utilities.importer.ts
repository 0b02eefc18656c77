// NREL's "U.S. Electric Utility Companies and Rates: Look-up by Zipcode" CSV (zip,eiaid,utility_name,state,
// service_type,ownership,...): each utility becomes an LSE (matched by its EIA id in `code`, created when new) and
// each of its states a SERVICE territory of ZIPCODE items ("Service area for XX"), merged with what is there: a ZIP
// code already in the territory is unchanged, a new one is added. The rates columns (average $/kWh by class) are
// not tariffs and are not loaded. One transaction per source; the rows are read as they stream, the ZIP codes of
// each utility and state are gathered before writing.
import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../db/database.ts';
import { insertInChunks } from '../db/insert-chunks.ts';
import { insertLse } from './new-lse.ts';
import { itemMatchKey } from '../domain/geography/place-keys.ts';
import { csvRecords } from './csv.ts';
import { ImportFormatError, linesOf } from './source-lines.ts';
import { emptySummary, type ImportSummary } from './summary.ts';
import { writeTransaction } from '../db/transaction.ts';

const REQUIRED = ['zip', 'eiaid', 'utility_name', 'state', 'service_type', 'ownership'];
const OWNERSHIP: Record<string, string> = {
  'investor owned': 'INVESTOR',
  cooperative: 'COOP',
  municipal: 'MUNI',
  federal: 'FEDERAL',
  'political subdivision': 'POLITICAL_SUBDIVISION',
  state: 'STATE',
  'retail power marketer': 'RETAIL_ENERGY_MARKETER',
  'wholesale power marketer': 'WHOLESALE_ENERGY_MARKETER',
  transmission: 'TRANSMISSION',
};
const OFFERING: Record<string, string> = { bundled: 'Bundle', delivery: 'Delivery', energy: 'Energy' };

interface Utility {
  eiaid: string;
  name: string;
  ownership: string | null;
  offering: string;
  /** state -> ZIP codes, each with the line that named it. */
  zips: Map<string, Map<string, number>>;
}

export async function importZipUtilities(
  db: Db,
  stream: Readable,
  source: string,
  onRecord: (count: number) => void = () => {},
): Promise<ImportSummary> {
  const summary = emptySummary('zip-utilities', source);
  const utilities = new Map<string, Utility>();
  for await (const record of csvRecords(linesOf(stream), source, REQUIRED)) {
    const v = record.values;
    const where = `${source} line ${record.line}`;
    if (!/^\d{3,5}$/.test(v.zip ?? '')) throw new ImportFormatError(where, `zip "${v.zip}" is not a ZIP code`);
    if (!/^\d+$/.test(v.eiaid ?? '')) throw new ImportFormatError(where, `eiaid "${v.eiaid}" is not an EIA utility id`);
    if (!v.utility_name) throw new ImportFormatError(where, 'utility_name is empty');
    if (!/^[A-Z]{2}$/.test(v.state ?? ''))
      throw new ImportFormatError(where, `state "${v.state}" is not a two-letter state code`);
    // Spreadsheets drop the leading zeros of New England's ZIP codes: 1001 is 01001.
    const zip = v.zip!.padStart(5, '0');
    const u = utilities.get(v.eiaid!) ?? {
      eiaid: v.eiaid!,
      name: v.utility_name,
      ownership: OWNERSHIP[(v.ownership ?? '').toLowerCase()] ?? null,
      offering: OFFERING[(v.service_type ?? '').toLowerCase()] ?? 'Bundle',
      zips: new Map(),
    };
    utilities.set(v.eiaid!, u);
    const zips = u.zips.get(v.state!) ?? u.zips.set(v.state!, new Map()).get(v.state!)!;
    // The list repeats a utility's ZIP code on rows that differ only in columns not loaded (its rates, its service
    // type): the first row places it, the others are counted as repeated.
    if (zips.has(zip)) summary.repeated++;
    else zips.set(zip, record.line);
    summary.records++;
    onRecord(summary.records);
  }
  await writeTransaction(db, async (trx) => {
    const known = new Map(
      (await trx.selectFrom('zipcodes').select(['zipcode', 'state', 'time_zone_id']).execute()).map((z) => [
        z.zipcode,
        z,
      ]),
    );
    for (const u of utilities.values()) {
      const lseId = await lseFor(trx, u, known, source);
      for (const [state, zips] of u.zips) {
        const usable = [...zips].filter(([zip, line]) => {
          const z = known.get(zip);
          if (z && z.state === state) return true;
          summary.skipped.push({
            label: `${zip} (${u.name}, line ${line})`,
            reason: z ? `ZIP code ${zip} is in ${z.state}, not ${state}` : `ZIP code ${zip} is not a known US ZIP code`,
          });
          return false;
        });
        if (!usable.length) continue;
        const added = await mergeServiceArea(
          trx,
          lseId,
          state,
          usable.map(([zip]) => zip),
          u,
          source,
        );
        summary.created += added;
        summary.unchanged += usable.length - added;
      }
    }
  });
  return summary;
}

/** The LSE with this EIA id, or a new one (its zone: the most common one of its ZIP codes). */
async function lseFor(
  trx: Transaction<Database>,
  u: Utility,
  known: Map<string, { time_zone_id: string | null }>,
  source: string,
): Promise<number> {
  const existing = await trx
    .selectFrom('lses')
    .select('lse_id')
    .where('code', '=', u.eiaid)
    .orderBy('lse_id')
    .executeTakeFirst();
  if (existing) return existing.lse_id;
  const zones = new Map<string, number>();
  for (const zips of u.zips.values())
    for (const zip of zips.keys()) {
      const zone = known.get(zip)?.time_zone_id;
      if (zone) zones.set(zone, (zones.get(zone) ?? 0) + 1);
    }
  const zone = [...zones].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  return insertLse(trx, {
    name: u.name,
    code: u.eiaid,
    offeringType: u.offering,
    ownership: u.ownership,
    classServiceTypes: 'ELECTRICITY',
    timeZone: zone,
    source: `NREL ZIP-to-utility list: ${source}`,
  });
}

/** Adds the ZIP codes the LSE's SERVICE territory of the state lacks (creating it when missing); how many were added. */
async function mergeServiceArea(
  trx: Transaction<Database>,
  lseId: number,
  state: string,
  zips: string[],
  u: Utility,
  source: string,
): Promise<number> {
  const name = `Service area for ${state}`;
  let territory = await trx
    .selectFrom('territories')
    .select('territory_id')
    .where('lse_id', '=', lseId)
    .where('usage_type', '=', 'SERVICE')
    .where('territory_name', '=', name)
    .orderBy('territory_id')
    .executeTakeFirst();
  if (!territory) {
    const max = Number(
      (
        await trx
          .selectFrom('territories')
          .select((eb) => eb.fn.max('territory_id').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    );
    territory = { territory_id: Math.max(max + 1, 1_000_001) };
    await trx
      .insertInto('territories')
      .values({
        territory_id: territory.territory_id,
        territory_name: name,
        lse_id: lseId,
        parent_territory_id: null,
        usage_type: 'SERVICE',
        item_types: 'ZIPCODE',
        dereg_res: false,
        dereg_candi: false,
        center_latitude: null,
        center_longitude: null,
        source: `NREL ZIP-to-utility list: ${source}`,
      })
      .execute();
    await trx
      .insertInto('territory_lses')
      .values({
        territory_id: territory.territory_id,
        lse_id: lseId,
        distribution: u.offering !== 'Energy',
        supplier_residential: u.offering !== 'Delivery',
        supplier_general: u.offering !== 'Delivery',
        residential_coverage: null,
        general_coverage: null,
      })
      .execute();
  }
  const id = territory.territory_id;
  const present = new Set(
    (await trx.selectFrom('territory_items').select('match_key').where('territory_id', '=', id).execute()).map(
      (r) => r.match_key,
    ),
  );
  const fresh = zips.filter((zip) => !present.has(itemMatchKey('ZIPCODE', zip, null)));
  await insertInChunks(
    trx,
    'territory_items',
    fresh.map((zip) => ({
      territory_id: id,
      territory_type: 'ZIPCODE',
      value: zip,
      state: null,
      exclude: false,
      partial: false,
      match_key: itemMatchKey('ZIPCODE', zip, null),
    })),
  );
  return fresh.length;
}
