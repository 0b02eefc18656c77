// Parts of a raw request URL, read without trusting its percent-encoding.

/** The first part of a raw URL that percent-decoding refuses: the path, or a query parameter by its name. */
export function undecodablePart(rawUrl: string): { name: string; value: string } | null {
  const q = rawUrl.indexOf('?');
  const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const decodes = (text: string) => {
    try {
      decodeURIComponent(text);
      return true;
    } catch {
      return false;
    }
  };
  if (!decodes(path)) return { name: 'path', value: path };
  if (q < 0) return null;
  for (const pair of rawUrl.slice(q + 1).split('&')) {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    if (!decodes(name)) return { name: 'query', value: name };
    if (!decodes(value.replace(/\+/g, ' '))) return { name: decodeURIComponent(name), value };
  }
  return null;
}
