// Property keys, their lookup values and the values' statistics.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { Db } from '../../db/database.ts';
import { formatLocalDateTime } from '../../engine/time/datetime-input.ts';
import { aliased } from '../../http/aliases.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument, missingArgument, notFound } from '../../http/errors.ts';
import type { ListOptions, Paging } from '../../http/list-options.ts';
import { enumValue } from '../../http/list-params.ts';
import type { LsesService } from '../lses/lses.service.ts';
import { bundledPricesPage } from '../../data/starter/export-prices/bundled-prices.ts';
import { LookupsRepository, type LookupRow } from '../../domain/properties/lookups.repository.ts';
import { PropertiesRepository, toPropertyKey, type KeyRow, type PropertyKey } from './properties.repository.ts';
import { DATA_TYPES, type LookupStatsSchema, type PropertyLookupSchema } from './properties.schemas.ts';

export type PropertyLookup = Static<typeof PropertyLookupSchema>;
export type LookupStats = Static<typeof LookupStatsSchema>;

/** The window of values returned when no range is given. */
export const DEFAULT_LOOKUP_WINDOW_HOURS = 72;

export interface KeyListParams {
  dataType?: string;
  family?: string;
  keySpace?: string;
  entityId?: number;
  entityType?: string;
  excludeGlobal?: boolean;
}

export class PropertiesService {
  readonly keys: PropertiesRepository;
  readonly lookups: LookupsRepository;

  constructor(
    db: Db,
    private readonly lses: LsesService,
    private readonly now: () => Date,
  ) {
    this.keys = new PropertiesRepository(db);
    this.lookups = new LookupsRepository(db);
  }

  private async withChoices(rows: KeyRow[], ext: boolean): Promise<PropertyKey[]> {
    const stored = await this.keys.choicesOf(rows.map((r) => r.key_name));
    const out: PropertyKey[] = [];
    for (const r of rows) {
      let choices = stored.get(r.key_name) ?? null;
      // A LOOKUP key's choices are its sub keys.
      if (!choices && r.data_type === 'LOOKUP') {
        const subs = await this.lookups.subKeys(r.key_name);
        choices = subs.length ? subs.map((s) => ({ displayValue: s, value: s, dataValue: s, likelihood: null })) : null;
      }
      out.push(toPropertyKey(r, choices, ext));
    }
    return out;
  }

  async list(params: KeyListParams, options: ListOptions) {
    const dataType = enumValue('dataType', params.dataType, DATA_TYPES);
    // entityId and entityType filter only together, as the spec says; either alone is ignored.
    let entity: { type: string; id: number } | undefined;
    if (params.entityId !== undefined && params.entityType !== undefined) {
      entity = { type: enumValue('entityType', params.entityType, ['LSE'] as const)!, id: params.entityId };
    }
    const { rows, total } = await this.keys.list(
      { dataType, family: params.family, keyspace: params.keySpace, entity, excludeGlobal: params.excludeGlobal },
      options,
    );
    return { rows: await this.withChoices(rows, options.ext), total };
  }

  async key(keyName: string): Promise<KeyRow> {
    const row = await this.keys.find(keyName);
    if (!row) throw notFound('PropertyKey', 'keyName', keyName);
    return row;
  }

  async get(keyName: string, ext: boolean): Promise<PropertyKey> {
    return (await this.withChoices([await this.key(keyName)], ext))[0]!;
  }

  /** Times of a key's values are local to its LSE's zone (UTC for a general key). */
  private async zoneOf(key: KeyRow): Promise<string> {
    return key.entity_type === 'LSE' && key.entity_id !== null ? this.lses.zoneOf(key.entity_id) : 'UTC';
  }

  /** The deprecated list: the key as a query parameter, under keyName or the original SDKs' propertyKey. */
  async legacyValues(
    q: {
      keyName?: string;
      propertyKey?: string;
      subKeyName?: string;
      subPropertyKey?: string;
      fromDateTime?: string;
      toDateTime?: string;
    },
    paging: Paging,
  ) {
    const keyName = aliased('keyName', q.keyName, 'propertyKey', q.propertyKey);
    if (keyName === undefined || keyName === '')
      throw missingArgument('keyName', 'keyName (or propertyKey, as the original SDKs send it) is required');
    return this.values(
      keyName,
      { ...q, subKeyName: aliased('subKeyName', q.subKeyName, 'subPropertyKey', q.subPropertyKey) },
      paging,
    );
  }

  async values(
    keyName: string | undefined,
    params: { subKeyName?: string; fromDateTime?: string; toDateTime?: string },
    paging: Paging,
  ) {
    if (keyName === undefined || keyName === '') throw missingArgument('keyName');
    const key = await this.key(keyName);
    const zone = await this.zoneOf(key);
    const fromGiven = dateTimeParam('fromDateTime', params.fromDateTime, zone)?.value;
    const toGiven = dateTimeParam('toDateTime', params.toDateTime, zone)?.value;
    const window = { hours: DEFAULT_LOOKUP_WINDOW_HOURS };
    const to = toGiven ?? (fromGiven ? fromGiven.plus(window) : DateTime.fromJSDate(this.now(), { zone }));
    const from = fromGiven ?? to.minus(window);
    if (+to <= +from) throw invalidArgument('toDateTime', params.toDateTime, 'toDateTime must be after fromDateTime');
    const { rows, total } = await this.lookups.range(key.key_name, params.subKeyName, +from, +to, paging);
    // A bundled export price key whose hours are not all stored yet (a first start stores them after it listens, two
    // years of a key at a time): its data file's values, as calculations read them meanwhile.
    const bundled = params.subKeyName ? null : bundledPricesPage(key.key_name, +from, +to, paging);
    if (bundled && total < bundled.total)
      return {
        rows: bundled.hours().map((h) => this.toLookup(bundledRow(key.key_name, h), zone)),
        total: bundled.total,
      };
    return { rows: rows.map((r) => this.toLookup(r, zone)), total };
  }

  private toLookup(r: LookupRow | BundledRow, zone: string): PropertyLookup {
    const local = (ms: number) => formatLocalDateTime(DateTime.fromMillis(Number(ms), { zone }));
    return {
      lookupId: r.lookup_id,
      keyName: r.key_name,
      subKeyName: r.sub_key_name === '' ? null : r.sub_key_name,
      fromDateTime: local(r.from_time),
      toDateTime: local(r.to_time),
      bestValue: r.best_value,
      bestAccuracy: r.best_accuracy,
      actualValue: r.actual_value,
      lseForecastValue: r.lse_forecast_value,
      lseForecastAccuracy: r.lse_forecast_accuracy,
      forecastValue: r.forecast_value,
      forecastAccuracy: r.forecast_accuracy,
    };
  }

  /** Durations in milliseconds; missingDuration = span - totalDuration (negative where values overlap). */
  async stats(keyName: string, subKeyName?: string): Promise<LookupStats> {
    const key = await this.key(keyName);
    const s = await this.lookups.stats(key.key_name, subKeyName);
    const span = s.minFrom !== null && s.maxTo !== null ? s.maxTo - s.minFrom : null;
    return {
      keyName: key.key_name,
      minFromDateTime: s.minFrom,
      maxToDateTime: s.maxTo,
      lookupCount: s.lookupCount,
      meanValue: s.valueCount ? s.valueSum / s.valueCount : null,
      totalDuration: s.totalDuration,
      meanDuration: s.lookupCount ? Math.round(s.totalDuration / s.lookupCount) : null,
      missingDuration: span === null ? null : span - s.totalDuration,
      lastUpdatedDate: s.lastUpdated,
    };
  }
}

/** A bundled hour as the export price load stores it, without the row's id it has not got yet. */
type BundledRow = Omit<LookupRow, 'lookup_id'> & { lookup_id: null };

const bundledRow = (keyName: string, h: { from: number; to: number; value: number }): BundledRow => ({
  lookup_id: null,
  key_name: keyName,
  sub_key_name: '',
  from_time: h.from,
  to_time: h.to,
  best_value: h.value,
  best_accuracy: null,
  actual_value: h.value,
  lse_forecast_value: null,
  lse_forecast_accuracy: null,
  forecast_value: null,
  forecast_accuracy: null,
});
