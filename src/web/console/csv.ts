// Interval data from a CSV file into the bill calculation's usage: one reading per line, a start time and kWh (and
// optionally an end time). Evenly spaced readings go as one dataSeries with its duration; others as readings with
// their own from and to. Times are passed on as written: without an offset they are local to the tariff's zone, as
// the API reads them. Pure: no DOM (unit tested).

export interface Usage {
  fromDateTime: string;
  toDateTime: string;
  propertyInputs: Record<string, unknown>[];
  readings: number;
  kWh: number;
}

export class CsvError extends Error {}

const START = ['fromdatetime', 'from', 'start', 'startdatetime', 'datetime', 'date', 'timestamp', 'intervalstart'];
const END = ['todatetime', 'to', 'end', 'enddatetime', 'intervalend'];
const VALUE = ['quantityvalue', 'kwh', 'value', 'consumption', 'usage', 'quantity'];
const TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

interface Time {
  text: string;
  /** Wall-clock milliseconds (as if UTC) for spacing, plus the offset when one is written. */
  wall: number;
  offset: string;
}

function parseTime(raw: string, line: number): Time {
  const text = raw.trim().replace(' ', 'T');
  const m = TIME.exec(text);
  if (!m)
    throw new CsvError(
      `Line ${line}: "${raw}" is not a date and time (write 2026-07-01T13:00, with an offset if you like)`,
    );
  const [, y, mo, d, hh, mi, ss] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(hh), Number(mi), Number(ss ?? 0));
  if (Number.isNaN(wall)) throw new CsvError(`Line ${line}: "${raw}" is not a real date`);
  return { text, wall, offset: m[7] ?? '' };
}

function offsetMs(offset: string): number {
  if (!offset || offset === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
}

/** The instant for spacing: wall clock less its offset (no offset: wall clock, as one local zone). */
const instant = (t: Time) => t.wall - offsetMs(t.offset);

/** t moved on by ms, written in t's own offset. */
function later(t: Time, ms: number): string {
  const d = new Date(t.wall + ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}T${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}${t.offset}`;
}

function splitLine(line: string): string[] {
  return line
    .split(line.includes(';') && !line.includes(',') ? ';' : ',')
    .map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
}

export function usageFromCsv(text: string): Usage {
  const lines = text
    .split(/\r?\n/)
    .map((l, i) => ({ cells: splitLine(l), line: i + 1 }))
    .filter((l) => l.cells.some((c) => c !== ''));
  if (lines.length === 0) throw new CsvError('The file is empty');
  const header = lines[0]!.cells.map((c) => c.toLowerCase().replace(/[^a-z]/g, ''));
  const hasHeader = header.some((c) => START.includes(c) || VALUE.includes(c));
  const find = (names: string[]) => header.findIndex((c) => names.includes(c));
  const [s, e, v] = hasHeader
    ? [find(START), find(END), find(VALUE)]
    : [0, lines[0]!.cells.length >= 3 ? 1 : -1, lines[0]!.cells.length >= 3 ? 2 : 1];
  if (s < 0) throw new CsvError(`No start time column: name one ${START.slice(0, 3).join(', ')} or start`);
  if (v < 0) throw new CsvError('No kWh column: name one quantityValue or kWh');
  const rows = (hasHeader ? lines.slice(1) : lines).map(({ cells, line }) => {
    const from = parseTime(cells[s] ?? '', line);
    const to = e >= 0 ? parseTime(cells[e] ?? '', line) : null;
    const raw = cells[v] ?? '';
    const kWh = Number(raw);
    if (raw === '' || !Number.isFinite(kWh)) throw new CsvError(`Line ${line}: "${raw}" is not a number of kWh`);
    if (to && instant(to) <= instant(from)) throw new CsvError(`Line ${line}: the end is not after the start`);
    return { from, to, kWh, line };
  });
  if (rows.length === 0) throw new CsvError('The file has a header and no readings');
  const kWh = rows.reduce((sum, r) => sum + r.kWh, 0);
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const step =
    rows.length > 1
      ? instant(rows[1]!.from) - instant(first.from)
      : first.to
        ? instant(first.to) - instant(first.from)
        : 3_600_000;
  const even = rows.every(
    (r, i) =>
      (i === 0 || instant(r.from) - instant(rows[i - 1]!.from) === step) &&
      (!r.to || instant(r.to) - instant(r.from) === step),
  );
  if (even && step >= 60_000 && step <= 86_400_000) {
    return {
      fromDateTime: first.from.text,
      toDateTime: last.to?.text ?? later(last.from, step),
      propertyInputs: [
        { keyName: 'consumption', fromDateTime: first.from.text, duration: step, dataSeries: rows.map((r) => r.kWh) },
      ],
      readings: rows.length,
      kWh,
    };
  }
  if (e < 0)
    throw new CsvError(
      'The readings are not evenly spaced (or not from one minute to one day apart): add an end time column (toDateTime)',
    );
  for (let i = 1; i < rows.length; i++) {
    if (instant(rows[i]!.from) < instant(rows[i - 1]!.to!))
      throw new CsvError(`Line ${rows[i]!.line}: this reading overlaps the one before`);
  }
  return {
    fromDateTime: first.from.text,
    toDateTime: last.to!.text,
    propertyInputs: rows.map((r) => ({
      keyName: 'consumption',
      fromDateTime: r.from.text,
      toDateTime: r.to!.text,
      dataValue: r.kWh,
    })),
    readings: rows.length,
    kWh,
  };
}
