// An LSE an import names but the database lacks: created with what the source says and nothing invented (website,
// ownership, class service types unknown stay null; the billing-period style is "Unknown", as for starter LSEs).
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.ts';

export interface NewLse {
  /** The source's own id (original-API JSON), else the next free id from 1,000,001. */
  lseId?: number;
  name: string;
  code: string | null;
  offeringType?: string;
  ownership?: string | null;
  serviceTypes?: string;
  /** Service types offered to every customer class, when the source says so. */
  classServiceTypes?: string | null;
  timeZone: string | null;
  source: string;
}

export async function insertLse(trx: Transaction<Database>, lse: NewLse): Promise<number> {
  let lseId = lse.lseId;
  if (lseId === undefined) {
    const max = Number(
      (
        await trx
          .selectFrom('lses')
          .select((eb) => eb.fn.max('lse_id').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    );
    lseId = Math.max(max + 1, 1_000_001);
  }
  const classes = lse.classServiceTypes ?? null;
  await trx
    .insertInto('lses')
    .values({
      lse_id: lseId,
      name: lse.name,
      code: lse.code,
      website_home: null,
      offering_type: lse.offeringType ?? 'Bundle',
      ownership: lse.ownership ?? null,
      service_types: lse.serviceTypes ?? 'ELECTRICITY',
      residential_service_types: classes,
      commercial_service_types: classes,
      industrial_service_types: classes,
      transportation_service_types: null,
      bpr_from_date_offset: 0,
      bpr_to_date_offset: 0,
      bpr_style: 'Unknown',
      time_zone_id: lse.timeZone,
      source: lse.source,
    })
    .execute();
  return lseId;
}
