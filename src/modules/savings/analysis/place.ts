// The place step of the savings analysis: the ZIP code the analysis is of, from the request's address (coordinates
// take the nearest ZIP code, when it is near), else from the account's address. Only places in the US states have
// weather and tariffs here: others are a 400 naming the input.
import { greatCircleKm } from '../../../data/climate/climate-zones.ts';
import { invalidArgument, missingArgument } from '../../../http/errors.ts';
import type { ZipRow } from '../../zipcodes/zipcodes.repository.ts';
import type { ZipcodesService } from '../../zipcodes/zipcodes.service.ts';
import type { AccountSource, Body } from './types.ts';

/** A place given by coordinates farther than this from every US ZIP code is not in the US. */
export const MAX_ZIP_DISTANCE_KM = 100;

/** Military post offices abroad (no state, or AA, AE, AP) are not places with weather and tariffs here. */
const notInAState = (zip: ZipRow) => !zip.state || ['AA', 'AE', 'AP'].includes(zip.state);

export class PlaceStep {
  constructor(private readonly zipcodes: Pick<ZipcodesService, 'resolveAddress' | 'repo'>) {}

  /** The request's address; without one, the account's. */
  of(body: Body, account: AccountSource | null): Promise<ZipRow> {
    return account && body.address === undefined ? this.ofAccount(account) : this.ofAddress(body.address);
  }

  /** The address's ZIP code (coordinates take the nearest, when it is near). */
  async ofAddress(address: Body['address']): Promise<ZipRow> {
    const missing = () =>
      missingArgument('address', 'The analysis needs the place: address with zip, addressString, or lat and lon');
    if (!address) throw missing();
    const zip = await this.zipcodes.resolveAddress(address);
    if (!zip) throw missing();
    const field =
      address.zip !== undefined
        ? 'address.zip'
        : address.addressString !== undefined
          ? 'address.addressString'
          : address.lat !== undefined
            ? 'address.lat'
            : 'address';
    const far =
      field === 'address.lat' &&
      zip.latitude !== null &&
      zip.longitude !== null &&
      greatCircleKm(address.lat!, address.lon!, zip.latitude, zip.longitude) > MAX_ZIP_DISTANCE_KM;
    if (far || notInAState(zip)) {
      throw invalidArgument(
        field,
        field === 'address.lat' ? String(address.lat) : zip.zipcode,
        `Ratebook covers places in the US states: ${far ? `no US ZIP code lies within ${MAX_ZIP_DISTANCE_KM} km of that point` : `ZIP code ${zip.zipcode} is not in one`}`,
      );
    }
    return zip;
  }

  /** The account's place: the ZIP code its address resolved to. */
  async ofAccount(source: AccountSource): Promise<ZipRow> {
    const code = source.account.row.zip_code;
    const zip = code ? await this.zipcodes.repo.find(code) : undefined;
    if (!zip)
      throw missingArgument(
        'address',
        `Account ${source.value} has no address: give the account one (PUT /rest/v1/accounts), or the analysis an address`,
      );
    if (notInAState(zip))
      throw invalidArgument(
        source.field,
        source.value,
        `Ratebook covers places in the US states: the account's ZIP code ${zip.zipcode} is not in one`,
      );
    return zip;
  }
}
