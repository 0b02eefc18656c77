// Lookup values CSV (keyName,subKeyName,fromDateTime,toDateTime,actualValue[,bestValue,lseForecastValue,
// forecastValue]): how operators load the changing values that rates name by variableRateKey. One transaction per
// source; values overlapping stored ones of the same key and sub key replace them; identical values are left as
// they are, so importing a file twice changes nothing. An unknown key becomes a LOOKUP property key.
// Times without an offset are read in the zone of the key's LSE (UTC for a key without one).
import type { Readable } from 'node:stream';
import type { Database, Db } from '../db/database.ts';
import type { Transaction } from 'kysely';
import { parseDateTimeInput } from '../engine/time/datetime-input.ts';
import { insertInChunks } from '../db/insert-chunks.ts';
import { refreshStats } from '../domain/properties/lookups.repository.ts';
import { propertyKeyRow } from '../domain/properties/property-key-row.ts';
import { csvRecords, type CsvRecord } from './csv.ts';
import { ImportFormatError, linesOf } from './source-lines.ts';
import { emptySummary, type ImportSummary } from './summary.ts';
import { writeTransaction } from '../db/transaction.ts';

const REQUIRED = ['keyName', 'subKeyName', 'fromDateTime', 'toDateTime', 'actualValue'];
const BATCH = 5000;

interface Value {
  from: number;
  to: number;
  actual: number | null;
  best: number | null;
  lseForecast: number | null;
  forecast: number | null;
}

const number = (raw: string | undefined, where: string, column: string): number | null => {
  if (raw === undefined || raw === '') return null;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new ImportFormatError(where, `${column} "${raw}" is not a number`);
  return n;
};

export async function importLookups(
  db: Db,
  stream: Readable,
  source: string,
  onRecord: (count: number) => void = () => {},
  now = Date.now(),
): Promise<ImportSummary> {
  const summary = emptySummary('lookups', source);
  await writeTransaction(db, async (trx) => {
    // Only values stored before this import are replaced: a file never replaces its own earlier lines.
    const baseline = Number(
      (
        await trx
          .selectFrom('property_lookups')
          .select((eb) => eb.fn.max('lookup_id').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    );
    const zones = new Map<string, string>();
    const touched = new Set<string>();
    let batch = new Map<string, Value[]>();
    let size = 0;
    const flush = async () => {
      for (const [id, values] of batch) {
        const [key, sub] = id.split('\u0000') as [string, string];
        await writeValues(trx, key, sub, values, baseline, summary);
        touched.add(id);
      }
      batch = new Map();
      size = 0;
    };
    for await (const record of csvRecords(linesOf(stream), source, REQUIRED)) {
      const v = record.values;
      const where = `${source} line ${record.line}`;
      if (!v.keyName) throw new ImportFormatError(where, 'keyName is empty');
      const zone = zones.get(v.keyName) ?? (await keyZone(trx, v.keyName, source));
      zones.set(v.keyName, zone);
      const value = readValue(record, zone, where);
      const id = `${v.keyName}\u0000${v.subKeyName ?? ''}`;
      (batch.get(id) ?? batch.set(id, []).get(id)!).push(value);
      summary.records++;
      onRecord(summary.records);
      if (++size >= BATCH) await flush();
    }
    await flush();
    for (const id of touched) {
      const [key, sub] = id.split('\u0000') as [string, string];
      await refreshStats(trx, key, sub, now);
    }
  });
  return summary;
}

function readValue(record: CsvRecord, zone: string, where: string): Value {
  const v = record.values;
  const from = parseDateTimeInput(v.fromDateTime ?? '', zone);
  const to = parseDateTimeInput(v.toDateTime ?? '', zone);
  if (!from) throw new ImportFormatError(where, `fromDateTime "${v.fromDateTime}" is not an ISO 8601 date-time`);
  if (!to) throw new ImportFormatError(where, `toDateTime "${v.toDateTime}" is not an ISO 8601 date-time`);
  if (+to.value <= +from.value) throw new ImportFormatError(where, 'toDateTime must be after fromDateTime');
  const actual = number(v.actualValue, where, 'actualValue');
  const lseForecast = number(v.lseForecastValue, where, 'lseForecastValue');
  const forecast = number(v.forecastValue, where, 'forecastValue');
  const best = number(v.bestValue, where, 'bestValue') ?? actual ?? lseForecast ?? forecast;
  if (best === null) throw new ImportFormatError(where, 'no value: give actualValue (or bestValue or a forecast)');
  return { from: +from.value, to: +to.value, actual, best, lseForecast, forecast };
}

/** The zone of the key's LSE; an unknown key is created as a LOOKUP key (and read in UTC). */
async function keyZone(trx: Transaction<Database>, keyName: string, source: string): Promise<string> {
  const key = await trx
    .selectFrom('property_keys')
    .select(['entity_id', 'entity_type'])
    .where('key_name', '=', keyName)
    .executeTakeFirst();
  if (!key) {
    await trx
      .insertInto('property_keys')
      .values(
        propertyKeyRow({
          key_name: keyName,
          display_name: keyName,
          family: 'imported',
          keyspace: 'tariff',
          description: `Lookup values imported from ${source}`,
          data_type: 'LOOKUP',
          source: `Lookup importer: ${source}`,
        }),
      )
      .execute();
    return 'UTC';
  }
  if (key.entity_type !== 'LSE' || key.entity_id === null) return 'UTC';
  const lse = await trx
    .selectFrom('lses')
    .select('time_zone_id')
    .where('lse_id', '=', key.entity_id)
    .executeTakeFirst();
  return lse?.time_zone_id ?? 'UTC';
}

/** Writes one key and sub key's values: identical stored values stay, overlapping others are replaced. */
async function writeValues(
  trx: Transaction<Database>,
  key: string,
  sub: string,
  values: Value[],
  baseline: number,
  summary: ImportSummary,
): Promise<void> {
  const from = Math.min(...values.map((v) => v.from));
  const to = Math.max(...values.map((v) => v.to));
  const stored = await trx
    .selectFrom('property_lookups')
    .select(['lookup_id', 'from_time', 'to_time', 'actual_value', 'best_value', 'lse_forecast_value', 'forecast_value'])
    .where('key_name', '=', key)
    .where('sub_key_name', '=', sub)
    .where('lookup_id', '<=', baseline)
    .where('from_time', '<', to)
    .where('to_time', '>', from)
    .execute();
  const signature = (f: number, t: number, a: number | null, b: number | null, l: number | null, c: number | null) =>
    `${f}|${t}|${a}|${b}|${l}|${c}`;
  const storedBySignature = new Map(
    stored.map((s) => [
      signature(
        Number(s.from_time),
        Number(s.to_time),
        s.actual_value,
        s.best_value,
        s.lse_forecast_value,
        s.forecast_value,
      ),
      s,
    ]),
  );
  const storedSpans = new Set(stored.map((s) => `${s.from_time}|${s.to_time}`));
  const keep = new Set<number>();
  const fresh: Value[] = [];
  for (const v of values) {
    const same = storedBySignature.get(signature(v.from, v.to, v.actual, v.best, v.lseForecast, v.forecast));
    if (same) {
      keep.add(same.lookup_id);
      summary.unchanged++;
    } else {
      fresh.push(v);
      if (storedSpans.has(`${v.from}|${v.to}`)) summary.updated++;
      else summary.created++;
    }
  }
  const replaced = stored
    .filter(
      (s) => !keep.has(s.lookup_id) && fresh.some((v) => Number(s.from_time) < v.to && Number(s.to_time) > v.from),
    )
    .map((s) => s.lookup_id);
  if (replaced.length) await trx.deleteFrom('property_lookups').where('lookup_id', 'in', replaced).execute();
  await insertInChunks(
    trx,
    'property_lookups',
    fresh.map((v) => ({
      key_name: key,
      sub_key_name: sub,
      from_time: v.from,
      to_time: v.to,
      actual_value: v.actual,
      best_value: v.best,
      best_accuracy: null,
      lse_forecast_value: v.lseForecast,
      lse_forecast_accuracy: null,
      forecast_value: v.forecast,
      forecast_accuracy: null,
    })),
  );
}
