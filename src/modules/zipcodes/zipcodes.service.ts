// ZIP code look-ups, and the location resolution other resources share: a ZIP code, an address string
// ("... 94110", or "Oakland, CA") or a latitude/longitude pair becomes one ZIP code row.
import type { Db } from '../../db/database.ts';
import { invalidArgument, missingArgument, notFound } from '../../http/errors.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { centroid } from '../../domain/geography/centroid.ts';
import { ZipcodesRepository, type ZipRow } from './zipcodes.repository.ts';

export const ZIP_PATTERN = /^\d{5}$/;

export interface LocationInput {
  zipCode?: string;
  postCode?: string;
  country?: string;
  addressString?: string;
  address?: string;
  lat?: number;
  lng?: number;
}

/** An address as calculations and analyses take it (spec "Address"): its string, or its parts, or coordinates. */
export interface AddressParts {
  addressString?: string;
  address1?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  lat?: number;
  lon?: number;
}

export class ZipcodesService {
  readonly repo: ZipcodesRepository;

  constructor(db: Db) {
    this.repo = new ZipcodesRepository(db);
  }

  async get(zipCode: string, param = 'zipCode'): Promise<ZipRow> {
    if (!ZIP_PATTERN.test(zipCode)) throw invalidArgument(param, zipCode, `${param} must be a five-digit ZIP code`);
    const row = await this.repo.find(zipCode);
    if (!row) throw notFound('Zipcode', param, zipCode);
    return row;
  }

  list(filters: { zipCode?: string; state?: string }, options: ListOptions) {
    if (filters.zipCode !== undefined && !/^\d{1,5}$/.test(filters.zipCode)) {
      throw invalidArgument('zipCode', filters.zipCode, 'zipCode must be 1 to 5 digits (a ZIP code or its prefix)');
    }
    if (filters.state !== undefined && !/^[A-Za-z]{2}$/.test(filters.state))
      throw invalidArgument('state', filters.state, 'state must be a two-letter abbreviation');
    return this.repo.list({ zipPrefix: filters.zipCode, state: filters.state?.toUpperCase() }, options);
  }

  /**
   * The ZIP code a location names, or null when none was given. An address string is placed by the first
   * five-digit ZIP code in it (ZIP+4 accepted), else by a trailing "City, ST" (the city's ZIP code nearest its
   * centre); an address that cannot be placed is a 400.
   */
  /** The ZIP code of an address: its zip, else its string (or its parts joined into one), else its coordinates. */
  resolveAddress(a: AddressParts): Promise<ZipRow | null> {
    const parts = [a.address1, a.city, a.state].filter(Boolean).join(', ');
    return this.resolve({
      zipCode: a.zip,
      addressString: a.addressString ?? (parts || undefined),
      lat: a.lat,
      lng: a.lon,
      country: a.country,
    });
  }

  /**
   * The place a typicals query names (zipCode or postCode, addressString, or lat and lng; 400 naming zipCode when
   * none is given), with the parameter that named it (what a later 400 about the place names).
   */
  async placeOfQuery(q: Omit<LocationInput, 'address'>): Promise<{ zip: ZipRow; param: string }> {
    const zip = await this.resolve({
      zipCode: q.zipCode,
      postCode: q.postCode,
      country: q.country,
      addressString: q.addressString,
      lat: q.lat,
      lng: q.lng,
    });
    if (!zip) throw missingArgument('zipCode', 'Give the place: zipCode (or postCode), addressString, or lat and lng');
    const param = q.zipCode ? 'zipCode' : q.postCode ? 'postCode' : q.addressString ? 'addressString' : 'lat';
    return { zip, param };
  }

  async resolve(input: LocationInput): Promise<ZipRow | null> {
    const country = input.country?.trim().toUpperCase();
    const zip = input.zipCode ?? input.postCode;
    const zipParam = input.zipCode !== undefined ? 'zipCode' : 'postCode';
    if (country && country !== 'US' && country !== 'USA') {
      throw invalidArgument('country', input.country, 'Only US locations are loaded (country US)');
    }
    if (zip !== undefined && zip !== '') {
      const trimmed = zip.trim();
      // ZIP+4 is accepted and read as its five-digit ZIP code.
      return this.get(/^\d{5}-\d{4}$/.test(trimmed) ? trimmed.slice(0, 5) : trimmed, zipParam);
    }
    const address = input.addressString ?? input.address;
    if (address !== undefined && address !== '')
      return this.placeAddress(address, input.addressString !== undefined ? 'addressString' : 'address');
    if (input.lat !== undefined || input.lng !== undefined) {
      if (input.lat === undefined) throw invalidArgument('lat', null, 'lat and lng must be sent together');
      if (input.lng === undefined) throw invalidArgument('lng', null, 'lat and lng must be sent together');
      if (Math.abs(input.lat) > 90) throw invalidArgument('lat', input.lat, 'lat must be from -90 to 90');
      if (Math.abs(input.lng) > 180) throw invalidArgument('lng', input.lng, 'lng must be from -180 to 180');
      const row = await this.repo.nearest(input.lat, input.lng);
      if (!row) throw invalidArgument('lat', input.lat, 'No ZIP code is loaded near that point');
      return row;
    }
    return null;
  }

  /** The ZIP code nearest a point that has a climate zone (where typical loads are chosen by it). */
  nearestWithClimateZone(lat: number, lng: number): Promise<ZipRow | undefined> {
    return this.repo.nearest(lat, lng, true);
  }

  private async placeAddress(address: string, param: string): Promise<ZipRow> {
    const zip = /\b(\d{5})(?:-\d{4})?\b/.exec(address);
    if (zip) {
      const row = await this.repo.find(zip[1]!);
      if (row) return row;
    }
    const cityState = /([A-Za-z][A-Za-z .'-]*?)\s*,\s*([A-Za-z]{2})\b\.?\s*(?:,?\s*(?:US|USA))?\s*$/i.exec(
      address.trim(),
    );
    if (cityState) {
      const rows = await this.repo.byCity(cityState[1]!.trim(), cityState[2]!);
      const centre = centroid(rows);
      if (centre) {
        const located = rows.filter((r) => r.latitude !== null && r.longitude !== null);
        const distance = (r: ZipRow) => (r.latitude! - centre.latitude) ** 2 + (r.longitude! - centre.longitude) ** 2;
        return located.reduce((best, r) => (distance(r) < distance(best) ? r : best));
      }
    }
    throw invalidArgument(
      param,
      address,
      'The address could not be placed: include a five-digit ZIP code, or end it with "City, ST"',
    );
  }
}
