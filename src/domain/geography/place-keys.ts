// Coverage is computed by comparing normalized keys: a territory item's key with the keys of a ZIP code.
// ZIPCODE items: Z:94110; STATE: S:CA; COUNTY: C:CA:san francisco; CITY: T:CA:oakland.

/** "City and County of San Francisco" and "San Francisco County" both become "san francisco". */
export function normalizePlace(name: string): string {
  return name
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/^(city and county of|city and borough of|municipality of|city of|town of|village of)\s+/, '')
    .replace(/\s+(county|parish|borough|census area|municipality|city and borough)$/, '')
    .replace(/^saint\s+/, 'st ')
    .replace(/\s+/g, ' ')
    .trim();
}

export type ItemType = 'STATE' | 'COUNTY' | 'CITY' | 'ZIPCODE';

export function itemMatchKey(type: ItemType, value: string, state: string | null): string {
  switch (type) {
    case 'ZIPCODE':
      return `Z:${value.trim()}`;
    case 'STATE':
      return `S:${value.trim().toUpperCase()}`;
    case 'COUNTY':
      return `C:${(state ?? '').toUpperCase()}:${normalizePlace(value)}`;
    case 'CITY':
      return `T:${(state ?? '').toUpperCase()}:${normalizePlace(value)}`;
  }
}

export interface ZipPlace {
  zipcode: string;
  state: string | null;
  county: string | null;
  city: string | null;
}

/** Every key under which a territory item can name this ZIP code. */
export function zipMatchKeys(zip: ZipPlace): string[] {
  const keys = [itemMatchKey('ZIPCODE', zip.zipcode, null)];
  if (zip.state) {
    keys.push(itemMatchKey('STATE', zip.state, null));
    if (zip.county) keys.push(itemMatchKey('COUNTY', zip.county, zip.state));
    if (zip.city) keys.push(itemMatchKey('CITY', zip.city, zip.state));
  }
  return keys;
}
