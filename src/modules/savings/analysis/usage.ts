// The usage step of the savings analysis: year one's usage on its grid (kWh per interval), from an account's profile
// (usage-readings.ts), else the consumption series (which must cover year one exactly), else the typical baseline of
// the place (a building type or the customer class, scaled to loadSize or by baselineType's dataFactor).
import { ApiError, invalidArgument, missingArgument } from '../../../http/errors.ts';
import type { BaselinesService } from '../../baselines/baselines.service.ts';
import { readUsage } from '../../calculations/usage-inputs.ts';
import type { ProfilesService } from '../../profiles/profiles.service.ts';
import type { ZipRow } from '../../zipcodes/zipcodes.repository.ts';
import { stripScenarios, type AnalysisPlan } from './inputs.ts';
import type { ProfileSource } from './profile-source.ts';
import { HOUR, note, type AccountSource, type Usage } from './types.ts';
import { readingsUsage } from './usage-readings.ts';

/** Where year one lies: the grid of the before bill (`zone` is its tariff's) and the request's place. */
export interface UsagePlace {
  zip: ZipRow;
  zone: string;
  from: number;
  to: number;
}

export class UsageStep {
  constructor(private readonly services: { profiles: ProfilesService; baselines: BaselinesService }) {}

  async of(
    plan: AnalysisPlan,
    profile: ProfileSource | null,
    account: AccountSource | null,
    { zip, zone, from, to }: UsagePlace,
    fillGaps: boolean,
  ): Promise<Usage> {
    const usage = profile
      ? await readingsUsage(this.services, profile, plan, zip, zone, from, to, fillGaps)
      : plan.consumption
        ? consumptionUsage(plan, zone, from, to)
        : await baselineUsage(this.services.baselines, plan, zip, zone, from, to);
    if (account && !profile && !plan.consumption && !plan.baseline.given)
      usage.more.push(
        note(
          'profileId',
          null,
          "The account has no ELECTRICITY profile: the usage is the place's typical baseline",
          null,
          null,
          50,
        ),
      );
    return usage;
  }
}

/** The consumption series of the plan, which must cover year one exactly on a grid that divides an hour. */
export function consumptionUsage(plan: AnalysisPlan, zone: string, from: number, to: number): Usage {
  const c = plan.consumption!;
  const duration = c.input.duration;
  if (duration === undefined) throw missingArgument(`${c.path}.duration`);
  if (HOUR % duration !== 0)
    throw invalidArgument(
      `${c.path}.duration`,
      String(duration),
      'duration must divide an hour (60000, 300000, 900000, 3600000, ...): the PV output is hourly',
    );
  const read = readUsage(
    [{ ...stripScenarios(c.input), fromDateTime: c.input.fromDateTime ?? new Date(from).toISOString() }],
    c.path.replace(/\[\d+\]$/, ''),
    { from, to },
    zone,
  );
  const s = read.series[0]!;
  if (s.from !== from || s.from + s.values.length * duration !== to)
    throw invalidArgument(
      `${c.path}.dataSeries`,
      `${c.input.dataSeries!.length} values`,
      `The series must cover year one exactly: ${new Date(from).toISOString()} to ${new Date(to).toISOString()}, ${(to - from) / duration} values`,
    );
  return {
    from,
    duration,
    values: Float64Array.from(s.values),
    noted: `Interval data: ${s.values.length} values of ${duration / 60_000} minutes`,
    accuracy: 100,
    dataValue: null,
    more: [],
  };
}

/** The place's typical baseline over year one, hour by hour. */
export async function baselineUsage(
  baselines: Pick<BaselinesService, 'typicalUsage'>,
  plan: AnalysisPlan,
  zip: ZipRow,
  zone: string,
  from: number,
  to: number,
): Promise<Usage> {
  const b = plan.baseline;
  let moved: Awaited<ReturnType<BaselinesService['typicalUsage']>>;
  try {
    moved = await baselines.typicalUsage(
      {
        zipCode: zip.zipcode,
        buildingType: b.buildingId,
        customerClass: b.buildingId ? undefined : plan.customerClass,
        ...(b.loadSize ? { sizingKeyName: 'loadSize', sizingDataValue: b.loadSize, sizingUnit: 'kWh' } : {}),
      },
      zone,
      from,
      to,
    );
  } catch (e) {
    if (e instanceof ApiError && e.statusCode === 400 && e.item.propertyName === 'buildingType')
      throw invalidArgument(b.path, b.buildingId ?? null, e.item.message);
    throw e;
  }
  const values = new Float64Array(Math.round((to - from) / HOUR));
  for (const m of moved.intervals)
    values[Math.min(values.length - 1, Math.floor((m.from - from) / HOUR))]! += m.kwh * b.factor;
  return {
    from,
    duration: HOUR,
    values,
    noted: `Typical baseline: ${moved.description}${b.factor === 1 ? '' : `, times ${b.factor}`}`,
    accuracy: 50,
    dataValue: null,
    more: [],
  };
}
