// Reads the propertyInputs of a scenario: usage (consumption and demand, as totals, per-reading values or series)
// becomes engine readings and series in kWh and kW; everything else is a property value (applicability and quantity
// keys, territoryId). Each problem is a 400 naming the input by its path.
import type { Static } from '@sinclair/typebox';
import type { UsageReading, UsageSeries } from '../../engine/bill/types.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument, missingArgument } from '../../http/errors.ts';
import { enumValue } from '../../http/list-params.ts';
import { TOU_TYPES } from '../timeofuses/timeofuses.schemas.ts';
import type { PropertyDataInput } from './calculations.schemas.ts';

export type PropertyData = Static<typeof PropertyDataInput>;

/**
 * A series Ratebook itself gives as an input (an account's readings, account-usage.ts), held in a Float64Array: the
 * values stay off the collector's heap while the account's bills run. Typed as the request's array of numbers;
 * whatever reads a `dataSeries` or `exportDataSeries` reads it by index and length only (readUsage here; the
 * account's series never reaches storage or savings inputs, nor is it written out as JSON).
 */
export const seriesInput = (values: Float64Array): number[] => values as unknown as number[];

export interface ScenarioUsage {
  readings: UsageReading[];
  series: UsageSeries[];
  properties: Map<string, string>;
  territoryId: number | null;
}

const UNITS: Record<string, Record<string, number>> = {
  consumption: { kwh: 1, wh: 0.001, mwh: 1000 },
  demand: { kw: 1, w: 0.001, mw: 1000 },
};

function unitFactor(input: PropertyData, field: string): number {
  const units = UNITS[input.keyName]!;
  if (input.unit === undefined || input.unit === '') return 1;
  const factor = units[input.unit.toLowerCase()];
  if (factor === undefined)
    throw invalidArgument(
      `${field}.unit`,
      input.unit,
      `unit of ${input.keyName} must be one of ${Object.keys(units).join(', ')} (any case)`,
    );
  return factor;
}

function operatorSign(input: PropertyData, field: string): number {
  if (input.operator === undefined || input.operator === '+' || input.operator === '') return 1;
  if (input.operator === '-') return -1;
  throw invalidArgument(`${field}.operator`, input.operator, 'operator must be + or -');
}

/**
 * The largest kWh (or kW) one value may carry, after its unit and dataFactor: a thousand times a year of the largest
 * customer's use. Beyond it sums and costs leave the range in which a double holds every cent (1e308 kWh made the
 * summary infinite).
 */
export const MAX_QUANTITY = 1e12;

/** Whether a quantity is within the bound (NaN is not). */
const withinBound = (value: number): boolean => Math.abs(value) <= MAX_QUANTITY;

function checkQuantity(value: number, field: string, raw: unknown): number {
  if (!withinBound(value))
    throw invalidArgument(
      field,
      String(raw),
      `${field} is ${value} after its unit and dataFactor; a value may be at most ${MAX_QUANTITY.toExponential()} in size`,
    );
  return value;
}

function numberOf(raw: unknown, field: string): number {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value))
    throw invalidArgument(field, raw === undefined ? null : String(raw), `${field} must be a number`);
  return value;
}

/**
 * Series read, by the input they were read from, with the range and zone they were read for: a portfolio job bills an
 * account's year of readings (one input) on several tariffs. Inputs are not changed once given, nor are the series
 * read from them (the engine only reads a series).
 */
const seriesRead = new WeakMap<PropertyData, { from: number; to: number; zone: string; series: UsageSeries }>();

export function readUsage(
  inputs: readonly PropertyData[],
  path: string,
  range: { from: number; to: number },
  zone: string,
): ScenarioUsage {
  const out: ScenarioUsage = { readings: [], series: [], properties: new Map(), territoryId: null };
  inputs.forEach((input, k) => {
    const field = `${path}[${k}]`;
    const when = (name: 'fromDateTime' | 'toDateTime', fallback: number) =>
      dateTimeParam(`${field}.${name}`, input[name], zone)?.value.toMillis() ?? fallback;
    const usage = input.keyName === 'consumption' || input.keyName === 'demand';
    if (!usage) {
      if (input.dataSeries !== undefined)
        throw invalidArgument(`${field}.dataSeries`, null, 'Only consumption takes a dataSeries');
      if (input.dataValue === undefined || input.dataValue === null) throw missingArgument(`${field}.dataValue`);
      if (input.keyName === 'territoryId') {
        const id = numberOf(input.dataValue, `${field}.dataValue`);
        if (!Number.isInteger(id) || id < 1)
          throw invalidArgument(
            `${field}.dataValue`,
            String(input.dataValue),
            'territoryId must be a positive integer',
          );
        out.territoryId = id;
      } else out.properties.set(input.keyName, String(input.dataValue));
      return;
    }
    if (input.dataSeries !== undefined) {
      const known = seriesRead.get(input);
      if (known && known.from === range.from && known.to === range.to && known.zone === zone) {
        out.series.push(known.series);
        return;
      }
    }
    const factor = unitFactor(input, field) * (input.dataFactor ?? 1) * operatorSign(input, field);
    const from = when('fromDateTime', range.from);
    if (input.dataSeries !== undefined) {
      if (input.keyName !== 'consumption')
        throw invalidArgument(
          `${field}.dataSeries`,
          null,
          'Only consumption takes a dataSeries; give demand as a dataValue',
        );
      if (input.duration === undefined) throw missingArgument(`${field}.duration`);
      const end = from + input.dataSeries.length * input.duration;
      if (from < range.from || end > range.to) {
        throw invalidArgument(
          `${field}.dataSeries`,
          `${input.dataSeries.length} values`,
          `The series runs from ${new Date(from).toISOString()} to ${new Date(end).toISOString()}, outside the calculation range`,
        );
      }
      if (input.exportDataSeries !== undefined && input.exportDataSeries.length !== input.dataSeries.length) {
        throw invalidArgument(
          `${field}.exportDataSeries`,
          `${input.exportDataSeries.length} values`,
          'exportDataSeries must have as many values as dataSeries',
        );
      }
      const scale = (values: readonly number[], name: string) => {
        const scaled = factor === 1 ? values : values.map((v) => v * factor);
        // The value's name is made only for the one refused: a year's series is 8,760 values or more.
        for (let j = 0; j < scaled.length; j++)
          if (!withinBound(scaled[j]!)) checkQuantity(scaled[j]!, `${field}.${name}[${j}]`, values[j]);
        return scaled;
      };
      const series: UsageSeries = {
        keyName: 'consumption',
        from,
        duration: input.duration,
        values: scale(input.dataSeries, 'dataSeries'),
        exports: input.exportDataSeries ? scale(input.exportDataSeries, 'exportDataSeries') : null,
      };
      seriesRead.set(input, { from: range.from, to: range.to, zone, series });
      out.series.push(series);
      return;
    }
    if (input.dataValue === undefined || input.dataValue === null) throw missingArgument(`${field}.dataValue`);
    const value = checkQuantity(
      numberOf(input.dataValue, `${field}.dataValue`) * factor,
      `${field}.dataValue`,
      input.dataValue,
    );
    const to = when('toDateTime', range.to);
    if (to <= from)
      throw invalidArgument(`${field}.toDateTime`, input.toDateTime ?? null, 'toDateTime must be after fromDateTime');
    // Demand dated before the range is history that demand ratchets look back to; nothing may lie after the range.
    if (to > range.to)
      throw invalidArgument(
        `${field}.toDateTime`,
        input.toDateTime ?? null,
        'The reading ends after the calculation range',
      );
    if (from < range.from && input.keyName !== 'demand')
      throw invalidArgument(
        `${field}.fromDateTime`,
        input.fromDateTime ?? null,
        'The reading starts before the calculation range (only demand may: it is history for demand ratchets)',
      );
    const period = enumValue(`${field}.period`, input.period, TOU_TYPES) ?? null;
    out.readings.push({ keyName: input.keyName as 'consumption' | 'demand', from, to, value, period, field });
  });
  return out;
}
