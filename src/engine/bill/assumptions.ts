// What a calculation assumes when the caller did not say: the list of assumptions (each recorded once), the value of
// an applicability property (the caller's, else the tariff's default), and the territory of territory-based rates.
import type { Rate, TariffVersion } from '../tariff/model.ts';
import type { Assumption } from './types.ts';

export type Assume = (a: Omit<Assumption, 'displayName'> & { displayName?: string | null }) => void;

export function assumptionList(): { assumptions: Assumption[]; assume: Assume } {
  const assumptions: Assumption[] = [];
  const assume: Assume = (a) => {
    if (
      !assumptions.some(
        (x) => x.keyName === a.keyName && x.description === a.description && x.dataValue === a.dataValue,
      )
    )
      assumptions.push({ displayName: null, ...a });
  };
  return { assumptions, assume };
}

/** The value of an applicability key: the caller's, else the tariff's default (recorded as an assumption). */
export function applicabilityResolver(properties: ReadonlyMap<string, string>, assume: Assume) {
  return (key: string, version: TariffVersion): string | null => {
    const given = properties.get(key);
    if (given !== undefined) return given;
    const fallback = version.propertyDefaults.get(key) ?? null;
    assume({
      keyName: key,
      dataValue: fallback,
      description:
        fallback === null
          ? 'Not given and the tariff has no default: rates that depend on it are left out'
          : "Not given: the tariff's default is assumed",
      fromDateTime: null,
      toDateTime: null,
      accuracy: fallback === null ? 50 : 90,
    });
    return fallback;
  };
}

/** The territory whose rates apply: the given one when the rates name it, else the first they name (assumed). */
export function territoryAmong(rates: readonly Rate[], given: number | null, assume: Assume): number | null {
  const own = [...new Set(rates.map((r) => r.territoryId).filter((t): t is number => t !== null))].sort(
    (a, b) => a - b,
  );
  if (own.length === 0) return null;
  if (given !== null && own.includes(given)) return given;
  const why =
    given === null
      ? "No territory given, and the address (if any) is in none of the tariff's territories whose places Ratebook holds"
      : `Territory ${given} has no rates of its own in this tariff`;
  assume({
    keyName: 'territoryId',
    dataValue: String(own[0]),
    description: `${why}: the tariff's first territory, ${own[0]}, is assumed. Ratebook places an address only in the territories it holds places for (ZIP codes or cities a source lists, or a stand-in such as the ZIP code's climate zone; the utilities publish no ZIP code list of their baseline territories), so some addresses are not placed; give territoryId to choose one of the tariff's territories (${own.join(', ')})`,
    fromDateTime: null,
    toDateTime: null,
    accuracy: 75,
  });
  return own[0]!;
}
