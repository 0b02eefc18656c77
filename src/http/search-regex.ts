// The `search` parameter read as a regular expression (isRegex=true), in the linear-time engine's syntax.
import { linearRegex, MAX_PATTERN_LENGTH, type LinearRegex } from '../db/linear-regex.ts';
import { invalidArgument } from './errors.ts';

/** The compiled pattern, or a 400 naming `search`. */
export function checkedSearchRegex(pattern: string): LinearRegex {
  if (pattern.length > MAX_PATTERN_LENGTH)
    throw invalidArgument(
      'search',
      pattern,
      `search may be at most ${MAX_PATTERN_LENGTH} characters as a regular expression`,
    );
  const re = linearRegex(pattern);
  if (!re)
    throw invalidArgument(
      'search',
      pattern,
      'search is not a regular expression Ratebook reads (RE2 syntax: no lookaround, no backreferences, repeat counts up to 1000)',
    );
  return re;
}
