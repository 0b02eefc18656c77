// Regular expressions for search (isRegex=true) matched by a linear-time engine. JavaScript's RegExp backtracks: a
// pattern such as ^(([a-z]+)+)+[0-9]$ held the event loop for half a minute over the ZIP codes' cities, and every
// other request waited. RE2 (re2js, a pure JavaScript port) matches in time linear in the text, so no pattern can do
// that. It has no lookaround and no backreferences and refuses them. SQLite's REGEXP function and the in-memory lists
// both match through here.
import { RE2JS } from 're2js';

/** Longest pattern accepted: enough for any search, short enough that compiling stays in milliseconds. */
export const MAX_PATTERN_LENGTH = 256;

export interface LinearRegex {
  test(text: string): boolean;
}

const compiled = new Map<string, LinearRegex>();

/** The pattern compiled case-insensitively (cached: SQLite calls REGEXP once per row), or null when RE2 refuses it. */
export function linearRegex(pattern: string): LinearRegex | null {
  let re = compiled.get(pattern);
  if (re) return re;
  if (pattern.length > MAX_PATTERN_LENGTH) return null;
  try {
    re = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch {
    return null;
  }
  if (compiled.size >= 256) compiled.delete(compiled.keys().next().value!);
  compiled.set(pattern, re);
  return re;
}
