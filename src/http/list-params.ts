// List parameters arrive comma-separated ("a,b"), repeated (?x=a&x=b), or both; this flattens them.
import { invalidArgument } from './errors.ts';

export function csvList(raw: string | string[] | undefined | null): string[] {
  if (raw === undefined || raw === null) return [];
  const parts = Array.isArray(raw) ? raw : [raw];
  return parts
    .flatMap((p) => String(p).split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Each allowed list's values by their upper case, made once per list (a portfolio job reads its options per bill). */
const canonical = new WeakMap<readonly string[], Map<string, string>>();

/** A list whose every value must be one of `allowed` (compared case-insensitively, returned canonical). */
export function enumList<T extends string>(
  name: string,
  raw: string | string[] | undefined | null,
  allowed: readonly T[],
): T[] {
  if (raw === undefined || raw === null) return [];
  let byUpper = canonical.get(allowed) as Map<string, T> | undefined;
  if (!byUpper) {
    byUpper = new Map(allowed.map((a) => [a.toUpperCase(), a]));
    canonical.set(allowed, byUpper);
  }
  return csvList(raw).map((value) => {
    const match = byUpper.get(value.toUpperCase());
    if (!match) throw invalidArgument(name, value, `${name} must be one of ${allowed.join(', ')}; "${value}" is not`);
    return match;
  });
}

/** A single value that must be one of `allowed`, or undefined when absent. */
export function enumValue<T extends string>(
  name: string,
  raw: string | undefined | null,
  allowed: readonly T[],
): T | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const list = enumList(name, raw, allowed);
  if (list.length !== 1) throw invalidArgument(name, raw, `${name} takes one of ${allowed.join(', ')}`);
  return list[0];
}
