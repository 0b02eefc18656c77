// A calculation without usage may run on a typical baseline, as the original does: property inputs
// {keyName: "baselineType", dataValue: "typicalElectricity"} and {keyName: "buildingId", dataValue: "RESIDENTIAL"} (or
// a finer building type; default the tariff's customer class), optionally {keyName: "loadSize", dataValue: kWh a
// year} and a dataFactor on baselineType. The place comes from the address, else the territory's centre point.
import { ApiError, invalidArgument } from '../../http/errors.ts';
import type { Assumption, UsageReading, UsageSeries } from '../../engine/bill/types.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import type { PropertyData } from './usage-inputs.ts';

const HOUR = 3_600_000;
/** The keys of a baseline request: calculation keys, not properties of the tariff. */
export const BASELINE_KEYS = ['baselineType', 'buildingId', 'loadSize'] as const;

export interface BaselineRequest {
  /** The index of the baselineType input (errors name it). */
  at: number;
  buildingId: string | undefined;
  /** The index of the buildingId input, if any. */
  buildingAt: number;
  loadSize: number | undefined;
  factor: number;
}

/** The baseline a scenario's inputs ask for (null when none), and the inputs without its keys. */
export function readBaselineRequest(
  inputs: readonly PropertyData[],
  path: string,
): { request: BaselineRequest | null; rest: PropertyData[] } {
  const field = (k: number) => `${path}[${k}]`;
  const at = inputs.findIndex((p) => p.keyName === 'baselineType');
  const rest = inputs.filter((p) => !(BASELINE_KEYS as readonly string[]).includes(p.keyName));
  if (at < 0) {
    const stray = inputs.findIndex((p) => p.keyName === 'buildingId' || p.keyName === 'loadSize');
    if (stray >= 0)
      throw invalidArgument(
        `${field(stray)}.keyName`,
        inputs[stray]!.keyName,
        `${inputs[stray]!.keyName} goes with {keyName: "baselineType", dataValue: "typicalElectricity"}`,
      );
    return { request: null, rest };
  }
  const type = inputs[at]!;
  if (String(type.dataValue ?? '').toLowerCase() !== 'typicalelectricity')
    throw invalidArgument(
      `${field(at)}.dataValue`,
      type.dataValue == null ? null : String(type.dataValue),
      'baselineType must be typicalElectricity',
    );
  const factor = type.dataFactor ?? 1;
  if (!(Number.isFinite(factor) && factor > 0))
    throw invalidArgument(`${field(at)}.dataFactor`, String(type.dataFactor), 'dataFactor must be more than 0');
  const building = inputs.findIndex((p) => p.keyName === 'buildingId');
  const size = inputs.findIndex((p) => p.keyName === 'loadSize');
  const loadSize = size < 0 ? undefined : Number(inputs[size]!.dataValue);
  if (loadSize !== undefined && !(Number.isFinite(loadSize) && loadSize > 0 && loadSize <= 1e12))
    throw invalidArgument(
      `${field(size)}.dataValue`,
      String(inputs[size]!.dataValue),
      'loadSize is the kWh of a year: a number more than 0',
    );
  return {
    request: {
      at,
      buildingId: building < 0 ? undefined : String(inputs[building]!.dataValue ?? ''),
      buildingAt: building,
      loadSize,
      factor,
    },
    rest,
  };
}

/**
 * The baseline moved onto the calculation's range, as usage: an hourly series when every interval is a whole hour
 * from `from` (whole-hour zones), else one reading per interval. With the assumption the bill carries.
 */
export async function typicalUsage(
  baselines: BaselinesService,
  request: BaselineRequest,
  place: { zipCode: string } | { lat: number; lng: number },
  customerClass: string,
  range: { zone: string; from: number; to: number },
  path: string,
): Promise<{ series: UsageSeries[]; readings: UsageReading[]; noted: Omit<Assumption, 'displayName'> }> {
  let moved: Awaited<ReturnType<BaselinesService['typicalUsage']>>;
  try {
    moved = await baselines.typicalUsage(
      {
        ...place,
        buildingType: request.buildingId,
        customerClass: request.buildingId ? undefined : customerClass === 'RESIDENTIAL' ? 'RESIDENTIAL' : 'GENERAL',
        ...(request.loadSize
          ? { sizingKeyName: 'loadSize', sizingDataValue: request.loadSize, sizingUnit: 'kWh' }
          : {}),
      },
      range.zone,
      range.from,
      range.to,
    );
  } catch (e) {
    // The baseline's own parameters are the scenario's inputs here: name those.
    if (e instanceof ApiError && e.statusCode === 400 && e.item.propertyName === 'buildingType') {
      throw invalidArgument(
        request.buildingAt >= 0 ? `${path}propertyInputs[${request.buildingAt}].dataValue` : `${path}propertyInputs`,
        request.buildingId ?? null,
        e.item.message,
      );
    }
    throw e;
  }
  const { intervals, description } = moved;
  const hourly =
    intervals.length > 0 && intervals[0]!.from === range.from && intervals.every((m) => m.to - m.from === HOUR);
  const field = `${path}propertyInputs[${request.at}]`;
  return {
    series: hourly
      ? [
          {
            keyName: 'consumption',
            from: range.from,
            duration: HOUR,
            values: intervals.map((m) => m.kwh * request.factor),
            exports: null,
          },
        ]
      : [],
    readings: hourly
      ? []
      : intervals.map((m) => ({
          keyName: 'consumption',
          from: m.from,
          to: m.to,
          value: m.kwh * request.factor,
          period: null,
          field,
        })),
    noted: {
      keyName: 'baselineType',
      dataValue: 'typicalElectricity',
      description: `No usage given: a typical baseline is billed (${description}${request.factor === 1 ? '' : `, times ${request.factor}`})`,
      fromDateTime: range.from,
      toDateTime: range.to,
      accuracy: 50,
    },
  };
}
