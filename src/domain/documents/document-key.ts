// What makes two references one document, and what a document's URL says about it. Shared by the starter seeder and
// the importers so that the same rate sheet or URDB record, read twice or from two places, is stored once.

/** A URDB record's id in any of its URL forms (USURDB, IURDB; openei.org, en.openei.org, apps.openei.org). */
const URDB_RECORD = /openei\.org\/apps\/[A-Za-z]*URDB\/rate\/view\/([0-9a-f]{24})/i;

/** The URDB record a URL points at, or null. */
export function urdbRecordId(url: string): string | null {
  return URDB_RECORD.exec(url)?.[1]?.toLowerCase() ?? null;
}

/**
 * The identity of the document at a URL: a URDB record by its id (its pages have several addresses), anything else
 * by its URL without scheme, "www." or trailing slash (http://www.x.com/a/ and https://x.com/a are one document).
 */
export function documentKey(url: string): string {
  const record = urdbRecordId(url);
  if (record) return `urdb:${record}`;
  return url
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/+$/, '');
}

const CONTENT_TYPES: [RegExp, string][] = [
  [/\.pdf$/i, 'application/pdf'],
  [/\.xlsx$/i, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  [/\.xls$/i, 'application/vnd.ms-excel'],
  [/\.docx?$/i, 'application/msword'],
  [/\.json$/i, 'application/json'],
  [/\.csv$/i, 'text/csv'],
];

/** The content type a URL's file name implies; a page (no known extension) is text/html. */
export function contentTypeOf(url: string): string {
  const path = url.split(/[?#]/)[0]!;
  return CONTENT_TYPES.find(([re]) => re.test(path))?.[1] ?? 'text/html';
}

/** Whether a string is an absolute http(s) URL (what a document must have). */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2000) return false;
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}
