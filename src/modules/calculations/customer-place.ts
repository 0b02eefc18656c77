// Where a scenario's customer is. The address places them: its ZIP code, the tariff territory containing it (said,
// when the usage inputs name none) and the utility taxes there. A typical baseline is taken at the address, else at
// the territory's centre, else at the tariff's own place.
import { DateTime } from 'luxon';
import type { Assumption } from '../../engine/bill/types.ts';
import type { Rate, TariffVersion } from '../../engine/tariff/model.ts';
import { invalidArgument, missingArgument } from '../../http/errors.ts';
import { placedFromAddress } from '../territories/placement.ts';
import type { TerritoriesRepository } from '../territories/territories.repository.ts';
import type { UtilityTaxesRepository } from '../utility-taxes/utility-taxes.repository.ts';
import type { ZipRow } from '../zipcodes/zipcodes.repository.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { taxRate } from './rate-inputs.ts';
import { once, type RequestCache } from './request-cache.ts';
import type { Options } from './scenario-inputs.ts';
import { territoriesOf, type TariffContext } from './tariff-context.ts';

type PreparedNote = Omit<Assumption, 'displayName'>;

export interface CustomerPlace {
  /** The territory the usage inputs name, else the tariff's territory containing the address; null: neither. */
  territoryId: number | null;
  /** The address's ZIP code; null when no address was given. */
  addressZip: ZipRow | null;
  /** The utility taxes at the address as rates of the tariff (none unless they apply). */
  taxes: Rate[];
}

export class CustomerPlaces {
  constructor(
    private readonly zipcodes: ZipcodesService,
    private readonly territories: TerritoriesRepository,
    private readonly utilityTaxes: UtilityTaxesRepository,
  ) {}

  /** `territoryId`: the one the usage inputs name, if any; an address-placed territory is said in `noted`. */
  async place(
    options: Options,
    territoryId: number | null,
    tariff: TariffContext,
    versions: readonly TariffVersion[],
    range: { from: number; to: number },
    noted: PreparedNote[],
    cache: RequestCache,
  ): Promise<CustomerPlace> {
    const { from, to } = range;
    const zone = tariff.zone;
    const applyTax = options.applyUtilityTax ?? options.address !== undefined;
    if (applyTax && options.address === undefined)
      throw missingArgument('address', 'address is required when applyUtilityTax is true');
    const taxes: Rate[] = [];
    if (options.address === undefined) return { territoryId, addressZip: null, taxes };
    const address = options.address;
    const zip = await once(cache.zips, JSON.stringify(address), () => this.zipcodes.resolveAddress(address));
    if (!zip)
      throw invalidArgument(
        'address',
        null,
        'The address could not be placed: give addressString, zip, or lat and lon',
      );
    let placed = territoryId;
    if (placed === null) {
      const own = territoriesOf(versions);
      const covering = once(cache.covering, `${own.join(',')}|${zip.zipcode}`, () =>
        this.territories.coveringZip(own, zip),
      );
      placed = (await covering)[0] ?? null;
      if (placed !== null) noted.push(placedFromAddress(placed, zip.zipcode, from, to));
    }
    if (applyTax) {
      const date = (ms: number) => DateTime.fromMillis(ms, { zone }).toISODate()!;
      const midnight = (d: string, plus = 0) => DateTime.fromISO(d, { zone }).plus({ days: plus }).toMillis();
      // Keyed by the instants and the zone (the local dates they are read at follow from them).
      const key = `${zip.zipcode}|${tariff.customerClass}|${from}|${to}|${zone}`;
      for (const t of await once(cache.taxes, key, () =>
        this.utilityTaxes.coveringZip(zip, tariff.customerClass, date(from), date(to)),
      ))
        taxes.push(taxRate(t, versions[0]!.tariffId, midnight));
    }
    return { territoryId: placed, addressZip: zip, taxes };
  }

  /**
   * Where a typical baseline is taken: the address, else the territory given, else (as the original does) the
   * tariff's own place: the first of its territories with a centre, then its utility's service area. The last two
   * are said in the assumptions, since a whole territory's centre stands in for the customer.
   */
  async baselinePlace(
    addressZip: ZipRow | null,
    territoryId: number | null,
    tariff: TariffContext,
    versions: readonly TariffVersion[],
    range: { from: number; to: number },
  ): Promise<{
    place: { zipCode: string } | { lat: number; lng: number };
    noted: PreparedNote | null;
  }> {
    if (addressZip) return { place: { zipCode: addressZip.zipcode }, noted: null };
    const centre = territoryId === null ? null : (await this.territories.find(territoryId))?.centerPoint;
    if (centre) return { place: { lat: centre.latitude, lng: centre.longitude }, noted: null };
    if (territoryId === null) {
      const own = territoriesOf(versions);
      const listed = async (filters: { territoryIds?: number[]; lseId?: number; usageTypes: string[] }) =>
        (
          await this.territories.list(filters, {
            paging: { pageStart: 0, pageCount: Math.max(own.length, 10) },
            search: null,
            sort: [],
            ext: false,
          })
        ).rows;
      // The tariff's own territories in the order its rates name them (one read), then its utility's service area.
      const ownRows = new Map((await listed({ territoryIds: own, usageTypes: [] })).map((t) => [t.territoryId, t]));
      const found =
        own.map((id) => ownRows.get(id)).find((t) => t?.centerPoint) ??
        (await listed({ lseId: tariff.lseId, usageTypes: ['SERVICE'] })).find((t) => t.centerPoint);
      if (found?.centerPoint) {
        const whose = own.includes(found.territoryId) ? "the tariff's territory" : `${tariff.lseName}'s service area`;
        return {
          place: { lat: found.centerPoint.latitude, lng: found.centerPoint.longitude },
          noted: {
            keyName: 'territoryId',
            dataValue: String(found.territoryId),
            description: `No address: the typical baseline is placed at the centre of ${whose}, territory ${found.territoryId} (${found.territoryName}); give address for the customer's own weather`,
            fromDateTime: range.from,
            toDateTime: range.to,
            accuracy: 60,
          },
        };
      }
    }
    throw missingArgument(
      'address',
      'A typical baseline needs the place: give address (or a territoryId with a centre point); neither the tariff nor its utility has one',
    );
  }
}
