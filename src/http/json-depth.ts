// How deep JSON text nests, read without parsing it. JSON.parse follows any depth, but JSON.stringify, the response
// serializer and every recursive reader after it overflow the stack on a body nested some thousands deep; no request
// or record Ratebook reads nests deeper than a handful of levels, so deeper text is refused before it is parsed.

/** The deepest nesting any request body or imported record may have. */
export const MAX_JSON_DEPTH = 100;

/** True when arrays and objects in `text` nest deeper than `max` (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
