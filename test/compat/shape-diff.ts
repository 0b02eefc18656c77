// Field-by-field comparison of a recorded answer of the original API with Ratebook's answer to the same request.
// Shape differences (a field missing or extra, a field null in one and omitted in the other, number against string)
// break the original's clients; value differences (other figures, other records) follow from other data and are
// allowed where a test says why. Paths drop array indexes (`results[].rates[].rateBands[].rateAmount`), so one
// allow-list entry covers every element.

export type Kind =
  /** The original has the field; Ratebook omits it. */
  | 'missing'
  /** Ratebook has a field the original omits. */
  | 'extra'
  /** Both have a value, of different JSON types (number against string, object against array, ...). */
  | 'type'
  /** Both are date-times, written differently (milliseconds, offset or no offset). */
  | 'format'
  /** One is null, the other a value. */
  | 'null'
  /** The same type, another value. */
  | 'value'
  /** Arrays of different lengths, or (paired by id) records only one side has. */
  | 'records';

export interface Difference {
  kind: Kind;
  path: string;
  recorded: unknown;
  ours: unknown;
}

/** Kinds that change what a client reads its fields as: never allowed. */
export const SHAPE_KINDS: ReadonlySet<Kind> = new Set(['missing', 'extra', 'type', 'format']);

export interface DiffOptions {
  /** Array paths whose elements pair by this id field (others pair by index). */
  pairBy?: Record<string, string>;
}

const jsonType = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const show = (v: unknown): unknown => (v !== null && typeof v === 'object' ? jsonType(v) : v);

/** Every difference between a recorded answer and ours. */
export function shapeDiff(recorded: unknown, ours: unknown, options: DiffOptions = {}): Difference[] {
  const out: Difference[] = [];
  walk(recorded, ours, '', options, out, true);
  return out;
}

/** `values`: compare leaf values too (false for elements that stand in for a record the other side lacks). */
function walk(rec: unknown, our: unknown, path: string, o: DiffOptions, out: Difference[], values: boolean): void {
  const rt = jsonType(rec);
  const ot = jsonType(our);
  if (rt === 'null' || ot === 'null') {
    if (rt !== ot && values) out.push({ kind: 'null', path, recorded: show(rec), ours: show(our) });
    return;
  }
  if (rt !== ot) {
    out.push({
      kind: 'type',
      path,
      recorded: `${rt} ${JSON.stringify(show(rec))}`,
      ours: `${ot} ${JSON.stringify(show(our))}`,
    });
    return;
  }
  if (rt === 'array') {
    walkArray(rec as unknown[], our as unknown[], path, o, out, values);
    return;
  }
  if (rt === 'object') {
    const r = rec as Record<string, unknown>;
    const m = our as Record<string, unknown>;
    const at = (k: string) => (path ? `${path}.${k}` : k);
    for (const k of Object.keys(r)) {
      if (!(k in m)) out.push({ kind: 'missing', path: at(k), recorded: show(r[k]), ours: undefined });
      else walk(r[k], m[k], at(k), o, out, values);
    }
    for (const k of Object.keys(m))
      if (!(k in r)) out.push({ kind: 'extra', path: at(k), recorded: undefined, ours: show(m[k]) });
    return;
  }
  if (rt === 'string' && dateFormat(rec as string) !== dateFormat(our as string))
    out.push({ kind: 'format', path, recorded: rec, ours: our });
  else if (values && rec !== our) out.push({ kind: 'value', path, recorded: rec, ours: our });
}

/** A date or date-time's layout with its digits masked (9999-99-99T99:99:99-99:99); null for any other string. */
const dateFormat = (s: string): string | null => (/^\d{4}-\d{2}-\d{2}/.test(s) ? s.replace(/\d/g, '9') : null);

function walkArray(
  rec: unknown[],
  our: unknown[],
  path: string,
  o: DiffOptions,
  out: Difference[],
  values: boolean,
): void {
  const at = `${path}[]`;
  const key = o.pairBy?.[at];
  if (key) {
    const id = (x: unknown) => (x as Record<string, unknown> | null)?.[key];
    const byId = new Map(rec.map((x) => [id(x), x]));
    const ourIds = new Set(our.map(id));
    const onlyRecorded = rec.map(id).filter((x) => !ourIds.has(x));
    const onlyOurs = our.map(id).filter((x) => !byId.has(x));
    if (values && (onlyRecorded.length || onlyOurs.length))
      out.push({ kind: 'records', path: at, recorded: onlyRecorded, ours: onlyOurs });
    // A record only Ratebook has is compared, for its shape only, with the first recorded one.
    for (const x of our) {
      const twin = byId.get(id(x));
      if (twin !== undefined) walk(twin, x, at, o, out, values);
      else if (rec.length) walk(rec[0], x, at, o, out, false);
    }
    return;
  }
  if (values && rec.length !== our.length)
    out.push({ kind: 'records', path: at, recorded: rec.length, ours: our.length });
  our.forEach((x, i) => {
    if (i < rec.length) walk(rec[i], x, at, o, out, values);
    else if (rec.length) walk(rec[rec.length - 1], x, at, o, out, false);
  });
}

/** Why a difference is expected, by path: exact, or a prefix ending in `.*` for everything under it. */
export type Reasons = Readonly<Record<string, string>>;

export interface Explanations {
  /** null against a value, other values, other records: the data differs. */
  values?: Reasons;
  /** Fields Ratebook adds that the recorded answer lacks (the spec's, or the original's later fields). */
  additions?: Reasons;
  /** Shape differences left as they are, each with why (listed in docs/coming-from-hosted-api.md). */
  notFixed?: Reasons;
}

const covers = (reasons: Reasons | undefined, path: string) =>
  Object.keys(reasons ?? {}).some((p) => p === path || (p.endsWith('.*') && path.startsWith(p.slice(0, -1))));

/** The differences no explanation covers. A type or date format difference is never explained. */
export function unexplained(diffs: readonly Difference[], e: Explanations): Difference[] {
  return diffs.filter((d) => {
    switch (d.kind) {
      case 'type':
      case 'format':
        return true;
      case 'extra':
        return !covers(e.additions, d.path) && !covers(e.notFixed, d.path);
      case 'missing':
        return !covers(e.notFixed, d.path);
      default:
        return !covers(e.values, d.path);
    }
  });
}

/** Explanations no difference needed: stale entries, so the lists stay true. */
export function unused(diffs: readonly Difference[], e: Explanations): string[] {
  const lists: [string, Reasons | undefined, (d: Difference) => boolean][] = [
    ['values', e.values, (d) => !SHAPE_KINDS.has(d.kind)],
    ['additions', e.additions, (d) => d.kind === 'extra'],
    ['notFixed', e.notFixed, (d) => d.kind === 'extra' || d.kind === 'missing'],
  ];
  return lists.flatMap(([name, reasons, fits]) =>
    Object.keys(reasons ?? {})
      .filter((p) => !diffs.some((d) => fits(d) && covers({ [p]: '' }, d.path)))
      .map((p) => `${name}: ${p}`),
  );
}

/** One line a failing test prints per difference. */
export const describeDifference = (d: Difference): string =>
  `${d.kind} ${d.path || '(root)'}: recorded ${JSON.stringify(d.recorded)}, Ratebook ${JSON.stringify(d.ours)}`;
