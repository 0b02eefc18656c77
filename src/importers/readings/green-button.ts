// Green Button (NAESB ESPI) files: an Atom feed whose entries carry UsagePoint, MeterReading, ReadingType,
// IntervalBlock and LocalTimeParameters resources, tied together by the entries' link hrefs (absolute, root-relative
// or relative to xml:base). Readings are found UsagePoint -> MeterReading -> IntervalBlock, with the unit from the
// MeterReading's ReadingType. Files in the wild are uneven (see shared/reference/greenbutton/README.md); every problem
// is a ReadingFormatError naming a line, never a crash.
import {
  MAX_ABS_VALUE,
  MAX_READINGS,
  ReadingFormatError,
  type ParsedReadings,
  type Reading,
  type ReadingUnit,
} from './reading.ts';
import { child, lineAt, parseXml, type XmlElement } from './xml-tree.ts';

export interface GreenButtonReadings extends ParsedReadings {
  /** Ids of the usage points that hold readings (the last path segment of each one's self href). */
  usagePoints: string[];
  /** Standard-time offset from UTC of the usage point's LocalTimeParameters, when the file has one (informational). */
  timeZoneOffsetSeconds: number | null;
}

/** Hrefs are compared once resolved; a file without xml:base resolves its relative hrefs against this placeholder. */
const DOCUMENT_BASE = 'https://green-button.invalid/';
const DAY = 86_400_000;
const HOUR = 3_600_000;
const FIRST_INSTANT = Date.UTC(1900, 0, 1);
const LAST_INSTANT = Date.UTC(2200, 0, 1);

/** ESPI UnitSymbolKind codes Ratebook reads: the canonical unit and the power of ten that converts into it. */
const UOM: Record<number, { unit: ReadingUnit; exponent: number }> = {
  72: { unit: 'kWh', exponent: -3 }, // Wh
  38: { unit: 'kW', exponent: -3 }, // W
  169: { unit: 'therms', exponent: 0 }, // therm
};
/** flowDirection: forward (1) is delivered to the customer; none (0) and net (4) are read as they are; 19 is received. */
const DELIVERED_FLOWS = new Set([0, 1, 4]);
const RECEIVED_FLOW = 19;
/** accumulationBehaviour bulkQuantity, cumulative, summation: register readings, not usage per interval. */
const REGISTER_ACCUMULATIONS = new Set([1, 3, 9]);
/** ESPI costs are in hundred-thousandths of the currency. */
const COST_SCALE = 100_000;

interface Entry {
  self: string | null;
  up: string | null;
  related: string[];
  /** The ESPI resources inside <content> (several IntervalBlocks may share one entry). */
  resources: XmlElement[];
}

interface Channel {
  href: string;
  unit: ReadingUnit;
  received: boolean;
  items: { r: Reading; pos: number }[];
}

/** Throws a ReadingFormatError naming the line of the element (or offset) at fault. */
type Fail = (at: { pos: number }, message: string, value?: string | null) => never;

export function parseGreenButton(xml: string, opts: { usagePointId?: string }): GreenButtonReadings {
  const root = parseXml(xml);
  const fail: Fail = (el, message, value = null) => {
    const line = lineAt(xml, el.pos);
    throw new ReadingFormatError(`line ${line}`, value, `line ${line}: ${message}`);
  };
  const entries = entriesOf(root, fail);
  const byKind = (kind: string) => entries.filter((e) => e.resources[0]?.name === kind);
  const usagePoints = byKind('UsagePoint');
  const meterReadings = byKind('MeterReading');
  const blockEntries = byKind('IntervalBlock');
  const readingTypes = resourcesBySelf(byKind('ReadingType'));
  const timeParameters = resourcesBySelf(byKind('LocalTimeParameters'));

  // The structure first (cheap), so a broken channel of a usage point nobody asked for cannot fail the upload.
  const ids = usagePointIds(usagePoints);
  const points = usagePoints.map((up, k): UsagePoint => {
    const mrs = meterReadings.filter((mr) => belongs(mr, up.self ? `${up.self}/MeterReading` : null, up.related));
    const channels = mrs.map((mr) => ({
      mr,
      blocks: blockEntries.filter((b) => belongs(b, mr.self ? `${mr.self}/IntervalBlock` : null, mr.related)),
    }));
    const count = channels.reduce(
      (n, c) =>
        n + c.blocks.reduce((m, b) => m + b.resources.reduce((k2, block) => k2 + readingsIn(block).length, 0), 0),
      0,
    );
    return { up, id: ids[k]!, channels, count };
  });
  const listed = points.filter((p) => p.count > 0).map((p) => p.id);
  const chosen = chooseUsagePoint(
    points,
    listed,
    opts.usagePointId,
    () =>
      `${usagePoints.length} UsagePoint, ${meterReadings.length} MeterReading, ${blockEntries.length} IntervalBlock entries`,
  );
  if (chosen.count > MAX_READINGS)
    throw new ReadingFormatError(
      'body',
      null,
      `body: ${chosen.count} readings; one upload holds at most ${MAX_READINGS}`,
    );

  const notes: string[] = [];
  const linked = new Set(points.flatMap((p) => p.channels.flatMap((c) => c.blocks)));
  const orphans = blockEntries.filter((b) => !linked.has(b)).length;
  if (orphans)
    notes.push(
      `${orphans} IntervalBlock entr${orphans === 1 ? 'y is' : 'ies are'} linked to no MeterReading of a usage point and were not read.`,
    );

  const channels: Channel[] = [];
  for (const { mr, blocks } of chosen.channels) {
    const href = mr.self ? shownHref(mr.self) : '(without a self link)';
    const typeHref = mr.related.find((r) => readingTypes.has(r));
    if (!typeHref)
      fail(
        mr.resources[0]!,
        `MeterReading ${href} links to no ReadingType in the file, so the unit of its readings is unknown`,
        href,
      );
    const channel = channelOf(readingTypes.get(typeHref)!, shownHref(typeHref), href, blocks, notes, fail);
    if (channel) channels.push(channel);
  }
  if (!channels.length)
    throw new ReadingFormatError(
      'body',
      null,
      `body: usage point ${chosen.id} has no readings in a unit Ratebook reads (kWh, kW, therms): ${notes.join(' ')}`,
    );
  for (const c of channels) tidy(c, notes, fail);

  const readings: Reading[] = [];
  for (const unit of new Set(channels.map((c) => c.unit))) {
    const delivered = combine(
      channels.filter((c) => c.unit === unit && !c.received),
      notes,
    );
    const received = combine(
      channels.filter((c) => c.unit === unit && c.received),
      notes,
    );
    for (const r of net(delivered, received, unit, chosen.id, notes)) readings.push(r);
  }
  readings.sort((a, b) => (a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : a.start - b.start));

  const parameters =
    chosen.up.related.map((r) => timeParameters.get(r)).find((t) => t !== undefined) ??
    (timeParameters.size === 1 ? [...timeParameters.values()][0] : undefined);
  const tzOffset = parameters ? child(parameters, 'tzOffset') : undefined;
  const timeZoneOffsetSeconds = tzOffset && /^\s*[+-]?\d+\s*$/.test(tzOffset.text) ? Number(tzOffset.text) : null;
  return { readings, notes, usagePoints: listed, timeZoneOffsetSeconds };
}

interface UsagePoint {
  up: Entry;
  id: string;
  channels: { mr: Entry; blocks: Entry[] }[];
  /** IntervalReadings reachable from it. */
  count: number;
}

/** The usage point named, or the only one with readings; several without a name is a question back to the uploader. */
function chooseUsagePoint(
  points: UsagePoint[],
  listed: string[],
  wanted: string | undefined,
  counts: () => string,
): UsagePoint {
  if (wanted !== undefined) {
    // The id, or the usage point's href as the file writes it (absolute, or its path or the end of it).
    const path = wanted.replace(/^\/+|\/+$/g, '');
    const found = points.find(
      (p) =>
        p.id === wanted ||
        p.up.self === wanted ||
        (p.up.self !== null && path !== '' && new URL(p.up.self).pathname.replace(/\/+$/, '').endsWith(`/${path}`)),
    );
    if (!found)
      throw new ReadingFormatError(
        'usagePointId',
        wanted,
        `usagePointId: the file holds no usage point '${wanted}'; it holds ${listed.length ? listed.join(', ') : 'none with readings'}`,
      );
    if (!found.count)
      throw new ReadingFormatError(
        'usagePointId',
        wanted,
        `usagePointId: usage point '${wanted}' has no interval readings in the file`,
      );
    return found;
  }
  const withReadings = points.filter((p) => p.count > 0);
  if (withReadings.length === 1) return withReadings[0]!;
  if (withReadings.length > 1)
    throw new ReadingFormatError(
      'usagePointId',
      null,
      `usagePointId: the file holds ${withReadings.length} usage points: ${listed.join(', ')}; name one`,
    );
  throw new ReadingFormatError(
    'body',
    null,
    `body: the file holds no interval readings reachable UsagePoint -> MeterReading -> IntervalBlock (${counts()})`,
  );
}

/** The entries of a feed (or a lone entry), hrefs resolved against xml:base. */
function entriesOf(root: XmlElement, fail: Fail): Entry[] {
  const base = baseOf(root, DOCUMENT_BASE, fail);
  if (root.name === 'entry') return [entryOf(root, base, fail)];
  if (root.name !== 'feed')
    throw new ReadingFormatError(
      'body',
      root.name,
      `body: not a Green Button file: the root element is <${root.name}>, not an Atom <feed>`,
    );
  return root.children.filter((e) => e.name === 'entry').map((e) => entryOf(e, base, fail));
}

function entryOf(el: XmlElement, parentBase: string, fail: Fail): Entry {
  const base = baseOf(el, parentBase, fail);
  const entry: Entry = { self: null, up: null, related: [], resources: [] };
  for (const c of el.children) {
    if (c.name === 'link' && c.attrs.href !== undefined) {
      const href = resolved(c.attrs.href, baseOf(c, base, fail), c, fail);
      const rel = c.attrs.rel ?? 'alternate';
      if (rel === 'self') entry.self ??= href;
      else if (rel === 'up') entry.up ??= href;
      else if (rel === 'related') entry.related.push(href);
    } else if (c.name === 'content') entry.resources.push(...c.children);
  }
  return entry;
}

function baseOf(el: XmlElement, parentBase: string, fail: Fail): string {
  const declared = el.attrs['xml:base'];
  if (declared === undefined) return parentBase;
  try {
    return new URL(declared, parentBase).href;
  } catch {
    return fail(el, `xml:base '${declared}' is not a URL`, declared);
  }
}

/** An href as an absolute URL without trailing slashes, so "UsagePoint/" and "UsagePoint" name one thing. */
function resolved(href: string, base: string, el: XmlElement, fail: Fail): string {
  try {
    return new URL(href.trim(), base).href.replace(/\/+$/, '');
  } catch {
    return fail(el, `the link href '${href}' is not a URL`, href);
  }
}

function resourcesBySelf(entries: Entry[]): Map<string, XmlElement> {
  const map = new Map<string, XmlElement>();
  for (const e of entries) if (e.self && !map.has(e.self)) map.set(e.self, e.resources[0]!);
  return map;
}

/** An href as messages show it: root-relative when the file gave no absolute base. */
const shownHref = (href: string) => (href.startsWith(DOCUMENT_BASE) ? href.slice(DOCUMENT_BASE.length - 1) : href);

const under = (href: string, prefix: string) => href === prefix || href.startsWith(`${prefix}/`);

/**
 * Whether an entry belongs to a parent: its self href lies under the parent's own collection (".../MeterReading"),
 * or under, or equal to, one of the parent's related links, or its up link is one of them. The related forms matter:
 * some files link a UsagePoint to a MeterReading under another path (the Opower feeds) or a slightly different one.
 */
function belongs(entry: Entry, collection: string | null, related: string[]): boolean {
  if (!entry.self) return false;
  if (collection && under(entry.self, collection)) return true;
  return related.some((r) => under(entry.self!, r) || entry.up === r);
}

/** Last path segment of each usage point's self href; the whole path where two would share one. */
function usagePointIds(usagePoints: Entry[]): string[] {
  const paths = usagePoints.map((up, k) =>
    up.self ? new URL(up.self).pathname.replace(/^\//, '') : `UsagePoint${k + 1}`,
  );
  const last = paths.map((p) => p.split('/').at(-1)!);
  return last.map((id, k) => (last.indexOf(id) === last.lastIndexOf(id) ? id : paths[k]!));
}

const readingsIn = (block: XmlElement) =>
  block.name === 'IntervalBlock' ? block.children.filter((c) => c.name === 'IntervalReading') : [];

function integerOf(el: XmlElement | undefined, what: string, fail: Fail): number | null {
  if (!el || el.text.trim() === '') return null;
  const text = el.text.trim();
  if (!/^[+-]?\d{1,9}$/.test(text)) fail(el, `${what} '${text}' is not a whole number`, text);
  return Number(text);
}

function numberOf(el: XmlElement | undefined, what: string, owner: XmlElement, fail: Fail): number {
  if (!el) return fail(owner, `${owner.name} has no ${what}`);
  const text = el.text.trim();
  const n = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(n)) fail(el, `${what} '${text.slice(0, 50)}' is not a number`, text.slice(0, 50));
  return n;
}

/** value x 10^exponent, rounded once (155 Wh / 1000 is the double nearest 0.155 kWh; 155 * 0.001 is not). */
const times10 = (value: number, exponent: number) => (exponent >= 0 ? value * 10 ** exponent : value / 10 ** -exponent);

/** A MeterReading's readings in its ReadingType's unit; null (with a note) for a channel Ratebook does not read. */
function channelOf(
  readingType: XmlElement,
  typeHref: string,
  href: string,
  blocks: Entry[],
  notes: string[],
  fail: Fail,
): Channel | null {
  const uom = integerOf(child(readingType, 'uom'), 'uom', fail);
  if (uom === null) {
    fail(
      readingType,
      `ReadingType ${typeHref} (of MeterReading ${href}) is empty or has no uom, so the unit of its readings is unknown; the file is incomplete`,
      typeHref,
    );
  }
  const spec = UOM[uom];
  if (!spec) {
    notes.push(`MeterReading ${href}: uom ${uom} is not a unit Ratebook reads (72 Wh, 38 W, 169 therm); skipped.`);
    return null;
  }
  const multiplier = integerOf(child(readingType, 'powerOfTenMultiplier'), 'powerOfTenMultiplier', fail) ?? 0;
  if (Math.abs(multiplier) > 15)
    fail(readingType, `powerOfTenMultiplier ${multiplier} is out of range`, String(multiplier));
  const flow = integerOf(child(readingType, 'flowDirection'), 'flowDirection', fail) ?? 1;
  if (!DELIVERED_FLOWS.has(flow) && flow !== RECEIVED_FLOW) {
    notes.push(`MeterReading ${href}: flowDirection ${flow} is neither delivered (1) nor received (19); skipped.`);
    return null;
  }
  const accumulation = integerOf(child(readingType, 'accumulationBehaviour'), 'accumulationBehaviour', fail);
  if (accumulation !== null && REGISTER_ACCUMULATIONS.has(accumulation)) {
    notes.push(
      `MeterReading ${href}: accumulationBehaviour ${accumulation} means register readings, not usage per interval; skipped.`,
    );
    return null;
  }
  const exponent = multiplier + spec.exponent;
  const items: Channel['items'] = [];
  for (const entry of blocks) {
    for (const block of entry.resources) {
      const readings = readingsIn(block);
      const interval = child(block, 'interval');
      for (const ir of readings) {
        // A lone reading without a timePeriod spans its block's interval.
        const period = child(ir, 'timePeriod') ?? (readings.length === 1 ? interval : undefined);
        if (!period) fail(ir, 'IntervalReading has no timePeriod');
        const startSeconds = numberOf(child(period, 'start'), 'start', period, fail);
        const seconds = numberOf(child(period, 'duration'), 'duration', period, fail);
        const start = Math.round(startSeconds * 1000);
        const end = Math.round((startSeconds + seconds) * 1000);
        if (start < FIRST_INSTANT || start >= LAST_INSTANT)
          fail(period, `start ${startSeconds} (epoch seconds) is outside the years 1900 to 2199`, String(startSeconds));
        if (!(seconds > 0)) fail(period, `duration ${seconds} is not a positive number of seconds`, String(seconds));
        const value = times10(numberOf(child(ir, 'value'), 'value', ir, fail), exponent);
        if (Math.abs(value) > MAX_ABS_VALUE)
          fail(ir, `value ${value} ${spec.unit} is beyond ±${MAX_ABS_VALUE}`, String(value));
        const costEl = child(ir, 'cost');
        const cost = costEl ? numberOf(costEl, 'cost', ir, fail) / COST_SCALE : null;
        items.push({ r: { start, end, unit: spec.unit, value, cost }, pos: ir.pos });
      }
    }
  }
  return { href, unit: spec.unit, received: flow === RECEIVED_FLOW, items };
}

/**
 * A channel in time order. Readings sharing a start must agree on their end (else the file's periods are broken, as
 * in a file whose every reading starts at one instant); an exact repeat keeps the later one. Billing-length periods
 * whose boundary misses the next period by at most an hour (an offset slip at a DST change, as in the ngma billing
 * file) are joined, the earlier ending where the next begins: otherwise the merge would drop a whole month for an
 * overlap of one hour.
 */
function tidy(channel: Channel, notes: string[], fail: Fail): void {
  const items = channel.items.sort((a, b) => a.r.start - b.r.start);
  const kept: Channel['items'] = [];
  let repeats = 0;
  for (const item of items) {
    const prev = kept.at(-1);
    if (prev && prev.r.start === item.r.start) {
      if (prev.r.end !== item.r.end) {
        const same = items.filter((i) => i.r.start === item.r.start).length;
        fail(
          item,
          `${same} readings of MeterReading ${channel.href} start at ${new Date(item.r.start).toISOString()} with different durations; the file's time periods are broken`,
          new Date(item.r.start).toISOString(),
        );
      }
      kept[kept.length - 1] = item;
      repeats++;
    } else kept.push(item);
  }
  let overlaps = 0;
  let gaps = 0;
  for (let k = 0; k + 1 < kept.length; k++) {
    const a = kept[k]!.r;
    const b = kept[k + 1]!.r;
    const miss = b.start - a.end;
    if (miss !== 0 && Math.abs(miss) <= HOUR && a.end - a.start >= DAY && b.end - b.start >= DAY) {
      if (miss < 0) overlaps++;
      else gaps++;
      a.end = b.start;
    }
  }
  channel.items = kept;
  if (repeats)
    notes.push(
      `MeterReading ${channel.href}: ${repeats} repeated interval(s) (same start and end); the later one is kept.`,
    );
  if (overlaps || gaps) {
    notes.push(
      `MeterReading ${channel.href}: ${overlaps + gaps} billing-period boundar${overlaps + gaps === 1 ? 'y was' : 'ies were'} off by up to an hour (${overlaps} overlap(s), ${gaps} gap(s), an offset slip at DST changes); each period now ends where the next begins.`,
    );
  }
}

/** Channels of one unit and direction as one series; a channel overlapping a larger one is left out (noted). */
function combine(channels: Channel[], notes: string[]): Reading[] {
  const span = (c: Channel) => [c.items[0]?.r.start ?? 0, c.items.reduce((m, i) => Math.max(m, i.r.end), 0)] as const;
  const taken: Channel[] = [];
  for (const c of [...channels].sort((a, b) => b.items.length - a.items.length)) {
    if (!c.items.length) continue;
    const [from, to] = span(c);
    const clash = taken.find((t) => {
      const [f, e] = span(t);
      return from < e && f < to;
    });
    if (clash)
      notes.push(
        `MeterReading ${c.href} covers the same time as MeterReading ${clash.href} (${c.unit}); the one with more readings is kept.`,
      );
    else taken.push(c);
  }
  return taken.flatMap((c) => c.items.map((i) => i.r)).sort((a, b) => a.start - b.start);
}

/** 0 - v, not -v: a received zero stays 0, never -0. */
const negated = (r: Reading): Reading => ({ ...r, value: 0 - r.value, cost: r.cost === null ? null : 0 - r.cost });

/** Delivered minus received, interval by interval; received readings alone become negative readings. */
function net(delivered: Reading[], received: Reading[], unit: ReadingUnit, id: string, notes: string[]): Reading[] {
  if (!received.length) return delivered;
  if (!delivered.length) {
    notes.push(`Usage point ${id} has only received (exported) ${unit} readings; they are kept as negative values.`);
    return received.map(negated);
  }
  const at = new Map(delivered.map((r, k) => [`${r.start}:${r.end}`, k]));
  const out = delivered.map((r) => ({ ...r }));
  let netted = 0;
  for (const r of received) {
    const k = at.get(`${r.start}:${r.end}`);
    if (k !== undefined) {
      const d = out[k]!;
      // Rounded to the resolution of the figures (a µWh, ESPI's 1e-5 of the currency): 0.155 - 0.1 is 0.055, not 0.05499999999999999.
      d.value = Math.round((d.value - r.value) * 1e9) / 1e9;
      // An unknown export credit is not zero: the net cost is known only when both sides carry one.
      d.cost = d.cost !== null && r.cost !== null ? Math.round((d.cost - r.cost) * COST_SCALE) / COST_SCALE : null;
      netted++;
      continue;
    }
    const clash = overlapping(delivered, r);
    if (clash) {
      throw new ReadingFormatError(
        'body',
        new Date(r.start).toISOString(),
        `body: the received ${unit} reading from ${new Date(r.start).toISOString()} to ${new Date(r.end).toISOString()} overlaps the delivered one from ${new Date(clash.start).toISOString()} to ${new Date(clash.end).toISOString()} without matching it; delivered and received intervals must line up to be netted`,
      );
    }
    out.push(negated(r));
  }
  const exports = out.filter((r) => r.value < 0).length;
  notes.push(
    `Usage point ${id}: ${received.length} received (exported) ${unit} reading(s) netted against delivered ones interval by interval (delivered minus received; ${netted} matched, ${received.length - netted} alone); ${exports} interval(s) are net exports (negative values).`,
  );
  return out.sort((a, b) => a.start - b.start);
}

/** A delivered reading (sorted by start) overlapping r, if any. */
function overlapping(sorted: Reading[], r: Reading): Reading | undefined {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.start < r.end) lo = mid + 1;
    else hi = mid;
  }
  const before = sorted[lo - 1];
  return before && before.end > r.start ? before : undefined;
}
