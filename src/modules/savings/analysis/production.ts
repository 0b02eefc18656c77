// The production step of the savings analysis: year one's PV output on the usage's grid, with where it comes from:
// solarProduction as given; else a profile of the account (production-profile.ts); else PVWatts at the place's
// weather station of systemSize, or of the size that makes solarPvLoadOffset percent of the year's usage.
import { DateTime } from 'luxon';
import { total } from '../../../engine/savings/term.ts';
import { solarOnDates } from '../../../engine/solar/solar-on-dates.ts';
import { dateTimeParam } from '../../../http/dates.ts';
import { invalidArgument, missingArgument } from '../../../http/errors.ts';
import type { AnalysisPlan } from './inputs.ts';
import { profileProduction, type ProfileProductionServices } from './production-profile.ts';
import type { ProfileSources } from './profile-source.ts';
import { stationOf } from './station.ts';
import { HOUR, note, type Assumption, type BillRequest, type Memo, type Production, type Usage } from './types.ts';

export class ProductionStep {
  constructor(
    private readonly services: ProfileProductionServices,
    private readonly profileSources: ProfileSources,
  ) {}

  /** Year one ([from, to), the tariff's `zone`) of the design's `plan`, on the grid of `usage`. */
  async of(
    request: BillRequest,
    plan: AnalysisPlan,
    zone: string,
    from: number,
    to: number,
    usage: Usage,
    memo: Memo,
  ): Promise<Production> {
    const { zip, account } = request;
    const onGrid = (hourly: ArrayLike<number>) => hourlyOnGrid(hourly, usage);
    if (plan.pv.production) return givenProduction(plan, zone, from, to, usage);
    const source = await this.profileSources.solar(plan, account, request.orgId);
    if (source) {
      const read = await profileProduction(this.services, source, from, to, memo);
      return {
        values: onGrid(read.hourly),
        dc: null,
        station: read.station,
        assumptions: [...read.assumptions, degradationNote(plan)],
      };
    }
    if (plan.pv.sizePath === null)
      throw missingArgument(
        'propertyInputs',
        `The analysis needs the PV system: systemSize (kW DC) or solarPvLoadOffset (percent of the usage), or its output as solarProduction${account ? ', or a profile of the account tagged solar (the account has no SOLAR_PV profile)' : ''}`,
      );
    const station = await stationOf(this.services.solar, zip, memo);
    const perKw = solarOnDates(
      await this.services.solar.perKw(station, plan.pv.system),
      station.station.utcOffset,
      from,
      to,
    );
    const yieldPerKw = total(perKw);
    const size =
      plan.pv.offsetPercent !== null
        ? ((plan.pv.offsetPercent / 100) * total(usage.values)) / yieldPerKw
        : plan.pv.system.systemCapacity;
    const s = plan.pv.system;
    const assumptions = [
      note(
        'weatherStation',
        station.station.stationId,
        `Weather of ${station.station.name} (${station.station.stationId}, ${Math.round(station.distanceKm)} km away, climate zone ${station.station.climateZone ?? 'unknown'}${station.sameZone ? ", the place's" : ", not the place's: no station of its zone has a file"})`,
        null,
        null,
        station.distanceKm < 50 ? 90 : 75,
      ),
      note(
        'systemSize',
        size.toFixed(3),
        `${size.toFixed(2)} kW DC${plan.pv.offsetPercent !== null ? ` (sized to make ${plan.pv.offsetPercent} % of the year's usage)` : ''}: ${s.moduleType}, ${s.arrayType}, tilt ${s.tilt}, azimuth ${s.azimuth}, losses ${s.losses} %, DC/AC ${s.dcAcRatio}, inverter ${s.inverterEfficiency} %${s.bifaciality ? `, bifacial (bifaciality ${s.bifaciality}; the rear's light by PVWatts v8's view-factor model, rows 1 m above ground)` : ''}; ${Math.round(yieldPerKw)} kWh per kW in year one (PVWatts model)`,
        null,
        null,
        90,
      ),
      degradationNote(plan),
    ];
    if (!(size > 0 && size <= 500_000))
      throw invalidArgument(plan.pv.sizePath, size.toFixed(3), 'The PV system comes to more than 500 MW DC');
    // A DC-coupled battery stores from the array's side of the inverter: its DC output too, modelled alike.
    const dc =
      plan.storage?.coupling === 'DC'
        ? {
            values: onGrid(
              solarOnDates(await this.services.solar.perKw(station, s, 'dc'), station.station.utcOffset, from, to).map(
                (v) => v * size,
              ),
            ),
            inverterAcKw: size / s.dcAcRatio,
            efficiency: s.inverterEfficiency / 100,
          }
        : null;
    return { values: onGrid(perKw.map((v) => v * size)), dc, station, assumptions };
  }
}

/** Hourly kWh on the usage's grid (which divides an hour): each hour's shared evenly over its intervals. */
export function hourlyOnGrid(hourly: ArrayLike<number>, grid: { duration: number; values: ArrayLike<number> }) {
  const perInterval = grid.duration / HOUR;
  const out = new Float64Array(grid.values.length);
  for (let i = 0; i < out.length; i++) out[i] = hourly[Math.floor((i * grid.duration) / HOUR)]! * perInterval;
  return out;
}

/** solarProduction as given: 8,760 hours of a typical year placed on year one's dates, or hourly data over year one. */
export function givenProduction(plan: AnalysisPlan, zone: string, from: number, to: number, usage: Usage): Production {
  const given = plan.pv.production!;
  const values = given.input.dataSeries!.map((v) => v * (given.input.dataFactor ?? 1));
  if (values.some((v) => !(v >= 0 && v <= 1e9)))
    throw invalidArgument(`${given.path}.dataSeries`, null, 'PV output is kWh, 0 or more');
  let hourly: ArrayLike<number>;
  if (given.input.fromDateTime === undefined) {
    if (values.length !== 8760)
      throw invalidArgument(
        `${given.path}.dataSeries`,
        `${values.length} values`,
        'A typical year of PV output has 8,760 hourly values (give fromDateTime for interval data over year one)',
      );
    const standardOffset =
      Math.min(...[0, 6].map((m) => DateTime.fromMillis(from, { zone }).set({ month: m + 1, day: 1 }).offset)) / 60;
    hourly = solarOnDates(values, standardOffset, from, to);
  } else {
    const start = dateTimeParam(`${given.path}.fromDateTime`, given.input.fromDateTime, zone)!.value.toMillis();
    if (given.input.duration !== HOUR || start !== from || values.length * HOUR !== to - from)
      throw invalidArgument(
        `${given.path}.dataSeries`,
        `${values.length} values`,
        `Dated PV output is hourly (duration 3600000) over year one exactly: from ${new Date(from).toISOString()}, ${(to - from) / HOUR} values`,
      );
    hourly = values;
  }
  return {
    values: hourlyOnGrid(hourly, usage),
    dc: null,
    station: null,
    assumptions: [
      note(
        'solarProduction',
        null,
        `PV output as given (${values.length} hourly values${given.input.fromDateTime === undefined ? ", a typical year placed on year one's dates in standard time" : ''})`,
        null,
        null,
        100,
      ),
    ],
  };
}

/** What the answer says of the PV's degradation. */
export function degradationNote(plan: AnalysisPlan): Assumption {
  return note(
    'solarDegradation',
    String(plan.degradation * 100),
    `Output falls ${(plan.degradation * 100).toFixed(2)} % a year`,
    null,
    null,
    90,
  );
}
