// The year-one step of the savings analysis: the year every scenario is billed over, as dates the bill reads in the
// tariff's zone. From fromDateTime; else, when the usage is an account's readings, the last 12 whole local months
// they reach; else the consumption series' start; else the first of next month at the place. A year long.
import { DateTime } from 'luxon';
import { invalidArgument } from '../../../http/errors.ts';
import type { ProfilesService } from '../../profiles/profiles.service.ts';
import type { ZipRow } from '../../zipcodes/zipcodes.repository.ts';
import type { AnalysisPlan } from './inputs.ts';
import type { ProfileSource } from './profile-source.ts';
import { note, zoneOf, type Assumption, type Body } from './types.ts';

export interface YearOne {
  from: string;
  to: string;
}

export class YearOneStep {
  constructor(
    private readonly profiles: Pick<ProfilesService, 'repo'>,
    private readonly now: () => Date,
  ) {}

  /** Year one of the request; what is assumed of it is added to `notes`. */
  async of(
    body: Body,
    plan: AnalysisPlan,
    zip: ZipRow,
    usage: ProfileSource | null,
    notes: Assumption[],
  ): Promise<YearOne> {
    return (await this.fromReadings(body, zip, usage, notes)) ?? yearOneOf(body, plan, zip, this.now());
  }

  /** Year one from the usage profile's readings, without fromDateTime: the last 12 whole local months they reach (null: not read from readings). */
  private async fromReadings(
    body: Body,
    zip: ZipRow,
    usage: ProfileSource | null,
    notes: Assumption[],
  ): Promise<YearOne | null> {
    if (body.fromDateTime !== undefined || usage?.profile.row.source_id !== 'ReadingEntry') return null;
    const zone = zoneOf(zip);
    const id = usage.profile.row.profile_id;
    const kwh = (await this.profiles.repo.summaries(id)).find((x) => x.unit === 'kWh');
    if (!kwh)
      throw invalidArgument(
        usage.field,
        usage.value,
        `Profile ${id} has no kWh readings: send them (POST /rest/v1/profiles/${id}/readings), or give the usage another way`,
      );
    // The month the readings end in counts only when they reach its end: a year back from there, to a month start.
    const start = DateTime.fromMillis(kwh.lastEnd, { zone }).minus({ years: 1 }).startOf('month');
    const at = (ms: number) => DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!;
    notes.push(
      note(
        'fromDateTime',
        start.toISODate()!,
        `Year one is the last 12 whole months the readings of profile ${id} reach (they run ${at(kwh.firstStart)} to ${at(kwh.lastEnd)}): give fromDateTime to choose another`,
        null,
        null,
        100,
      ),
    );
    return { from: start.toISODate()!, to: start.plus({ years: 1 }).toISODate()! };
  }
}

/**
 * Year one from the request: from fromDateTime (else the usage data's start, else the first of next month at the
 * place, `now` being the time of the request), a year long.
 */
export function yearOneOf(body: Body, plan: AnalysisPlan, zip: ZipRow, now: Date): YearOne {
  const field = body.fromDateTime !== undefined ? 'fromDateTime' : `${plan.consumption?.path}.fromDateTime`;
  const raw = body.fromDateTime ?? plan.consumption?.input.fromDateTime;
  if (raw === undefined) {
    const start = DateTime.fromJSDate(now, { zone: zoneOf(zip) })
      .startOf('month')
      .plus({ months: 1 });
    return { from: start.toISODate()!, to: start.plus({ years: 1 }).toISODate()! };
  }
  const hasOffset = /(Z|[+-]\d\d:?\d\d)$/i.test(raw.trim()) && raw.includes('T');
  const parsed = DateTime.fromISO(raw.trim(), hasOffset ? { setZone: true } : { zone: 'UTC' });
  if (!parsed.isValid) throw invalidArgument(field, raw, `${field} must be an ISO 8601 date (2026-01-01) or date-time`);
  const end = parsed.plus({ years: 1 });
  return {
    from: raw,
    to: hasOffset ? end.toISO()! : raw.includes('T') ? end.toISO({ includeOffset: false })! : end.toISODate()!,
  };
}
