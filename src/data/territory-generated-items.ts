// The items of a starter territory that are made at seed time from the ZIP code table rather than listed: every ZIP
// code of some counties, or the ZIP codes of some counties in given CEC building climate zones (a stand-in for a
// utility's own climate zone map). Pure: the ZIP codes come in, the items go out.
import { normalizePlace } from '../domain/geography/place-keys.ts';
import { CEC_ZONE_OF_ZIP } from './climate/cec-building-climate-zones.data.ts';
import type { ItemSpec, StarterTerritory } from './starter/territories.data.ts';

export interface ZipPlace {
  zipcode: string;
  state: string | null;
  county: string | null;
  city: string | null;
}

/** Whether a ZIP code lies in one of the counties (names normalized once by the caller) of the state. */
const inCounties = (z: ZipPlace, state: string, counties: ReadonlySet<string>) =>
  z.state === state && !!z.county && counties.has(normalizePlace(z.county));
const countySet = (names: readonly string[]) => new Set(names.map(normalizePlace));

/** Cities the other territories of the same utility list by name: their ZIP codes are theirs, not a stand-in's. */
function citiesOfSiblings(t: StarterTerritory, all: readonly StarterTerritory[]): Set<string> {
  return new Set(
    all
      .filter((x) => x.lseId === t.lseId && x.territoryId !== t.territoryId && x.usageType === t.usageType)
      .flatMap((x) => x.items.filter((i) => i.type === 'CITY' && !i.exclude).map((i) => normalizePlace(i.value))),
  );
}

export function generatedItems(
  t: StarterTerritory,
  all: readonly StarterTerritory[],
  zipcodes: readonly ZipPlace[],
): ItemSpec[] {
  const items: ItemSpec[] = [];
  if (t.zipcodesOfCounties) {
    const counties = countySet(t.zipcodesOfCounties);
    for (const z of zipcodes) if (inCounties(z, t.state, counties)) items.push({ type: 'ZIPCODE', value: z.zipcode });
  }
  if (t.zipcodesOfCecZones) {
    const { zones } = t.zipcodesOfCecZones;
    const counties = countySet(t.zipcodesOfCecZones.counties);
    const named = citiesOfSiblings(t, all);
    for (const z of zipcodes) {
      const zone = CEC_ZONE_OF_ZIP.get(z.zipcode);
      if (zone === undefined || !zones.includes(zone) || !inCounties(z, t.state, counties)) continue;
      if (z.city && named.has(normalizePlace(z.city))) continue;
      items.push({ type: 'ZIPCODE', value: z.zipcode, partial: true });
    }
  }
  return items;
}
