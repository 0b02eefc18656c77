// Where an account is: its address resolved to a ZIP code (no geocoder is reachable offline: the ZIP code in the
// address, "City, ST", or the nearest ZIP code to a latitude/longitude), and the LSE that serves it.
import type { Static } from '@sinclair/typebox';
import { invalidArgument } from '../../http/errors.ts';
import type { AddressInput } from '../calculations/calculations.schemas.ts';
import type { LsesService } from '../lses/lses.service.ts';
import type { ZipRow } from '../zipcodes/zipcodes.repository.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';

export type Address = Static<typeof AddressInput>;

export async function placeOf(zipcodes: ZipcodesService, address: Address): Promise<ZipRow> {
  const zip = await zipcodes.resolveAddress(address);
  if (!zip)
    throw invalidArgument(
      'address',
      address.addressString ?? null,
      'The address names no ZIP code and no latitude/longitude, and Ratebook has no geocoder: give zip (or a ZIP code in addressString), "City, ST", or lat and lon',
    );
  return zip;
}

/**
 * The electricity LSE of a ZIP code for a customer class: of the LSEs serving it, the one with most customers of
 * that class (then most customers in all, then the lowest id), so the choice is stable. Null where none is loaded.
 */
export async function servingLse(
  lses: LsesService,
  zipCode: string,
  customerClass: string | null,
): Promise<{ lseId: number; name: string } | null> {
  const { rows } = await lses.list(
    { zipCode },
    { paging: { pageStart: 0, pageCount: 1000 }, search: null, sort: [], ext: false },
  );
  const electric = rows.filter((r) => !r.service_types || r.service_types.includes('ELECTRICITY'));
  const own = (r: (typeof rows)[number]) =>
    (customerClass === 'RESIDENTIAL' ? r.residential_customers : r.commercial_customers) ?? -1;
  const best = [...electric].sort(
    (a, b) => own(b) - own(a) || (b.total_customers ?? -1) - (a.total_customers ?? -1) || a.lse_id - b.lse_id,
  )[0];
  return best ? { lseId: best.lse_id, name: best.name } : null;
}
