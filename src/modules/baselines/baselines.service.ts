// The best typical baseline for a place and a building type: the place's IECC climate zone picks the profile (the
// zone's DOE reference city for commercial types; for a house the nearest OpenEI home of the same zone, else the
// zone's mid-rise apartment shape), scaled to a year of kWh (the reference building's, the state's average for a
// house, the building area's share of the reference's, or the size asked for), then given as measures and, on
// request, moved onto real dates in the place's zone.
import type { Static } from '@sinclair/typebox';
import type { Db } from '../../db/database.ts';
import {
  baselineFactors,
  baselineMeasures,
  MEASURES_GROUPS,
  MEASURES_UNITS,
  yearKwh,
  type Measure,
  type MeasuresGroup,
  type MeasuresUnit,
} from '../../engine/load/baseline-measures.ts';
import { MAX_MOVE_MS, moveTypicalYear } from '../../engine/load/typical-year.ts';
import { localClock } from '../../engine/time/local-clock.ts';
import { crbCityFor, greatCircleKm } from '../../data/climate/climate-zones.ts';
import { climateZoneTerritoryId } from '../../data/typical-loads.seeder.ts';
import {
  RESIDENTIAL_ANNUAL_KWH,
  RESIDENTIAL_CONSUMPTION_SOURCE,
} from '../../data/starter/residential-consumption.data.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument, missingArgument, notFound } from '../../http/errors.ts';
import type { TerritoriesRepository } from '../territories/territories.repository.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import type { BaselineIntervals } from './baseline-json.ts';
import type { BaselineBestQuery, BaselineSchema } from './baselines.schemas.ts';
import { BASELINE_CLASSES, BUILDING_VINTAGES, resolveBuildingType } from '../../domain/baselines/building-types.ts';
import { stableUuid } from './stable-uuid.ts';

export type Baseline = Static<typeof BaselineSchema>;
type Query = Static<typeof BaselineBestQuery>;
type ProfileRow = {
  profile_id: string;
  source_id: string;
  building_type: string;
  variant: string | null;
  place: string;
  state: string | null;
  climate_zone: string;
  latitude: number | null;
  longitude: number | null;
  start_day: number;
  annual_kwh: number;
  shape: string;
  source: string;
};

const HOUR = 3_600_000;

const oneOf = <T extends string>(
  name: string,
  raw: string | undefined,
  values: readonly T[],
  caseOf: (s: string) => string,
): T | undefined => {
  if (raw === undefined || raw === '') return undefined;
  const v = values.find((x) => x === caseOf(raw.trim()));
  if (!v) throw invalidArgument(name, raw, `${name} must be one of ${values.join(', ')}`);
  return v;
};

/** A stable id for the same profile scaled the same way. */
const baselineId = (profileId: string, annualKwh: number, area: number | null) =>
  stableUuid(`${profileId}|${annualKwh}|${area}`);

export class BaselinesService {
  constructor(
    private readonly db: Db,
    private readonly zipcodes: ZipcodesService,
    private readonly territories: TerritoriesRepository,
    /** Floor areas (sq ft) of the reference buildings by profile type, where published. */
    private readonly referenceAreas: Readonly<Record<string, number>> = {},
  ) {}

  private profiles(types: string[], zone: string) {
    return this.db.kysely
      .selectFrom('load_profiles')
      .selectAll()
      .where('building_type', 'in', types)
      .where('climate_zone', '=', zone)
      .execute() as Promise<ProfileRow[]>;
  }

  /**
   * The best baseline: `key` names everything its answer is made of but the profile's shape (the request, the place,
   * the profile row, the climate zone; the rest is code), `shape` is that shape, and `answer()` computes the answer
   * (its head, every field but measures and intervals; its measures; its moved year). The lookups are done and every
   * parameter checked before it returns, so a cached answer is one for the same key and shape.
   */
  async best(q: Query): Promise<{
    key: string;
    shape: string;
    answer(): { head: Baseline; measures: Measure[] | undefined; intervals: BaselineIntervals | null };
  }> {
    const { building, profile, zone, zip, annual, area, referenceArea, properties, unit, groupBy } =
      await this.typical(q);
    const climateZone = (await this.territories.find(climateZoneTerritoryId(zone))) ?? null;
    const range = this.intervalRange(q, zip.time_zone_id ?? 'UTC');
    const { shape, ...row } = profile;
    const answer = () => {
      const kwh = yearKwh(JSON.parse(shape) as number[], annual);
      const factors: Record<string, number | null> = {
        ...baselineFactors(kwh, area, { annualKwh: profile.annual_kwh, area: referenceArea }),
      };
      const head: Baseline = {
        baselineId: baselineId(profile.profile_id, annual, area),
        name: `${building.name}, ${profile.place} (IECC climate zone ${zone})`,
        buildingType: {
          id: building.id,
          name: building.name,
          description: building.type.description,
          customerClass: building.type.customerClass,
        },
        serviceType: 'ELECTRICITY',
        sourceId: profile.source_id,
        startDay: profile.start_day,
        climateZone,
        properties,
        factors,
        type: 'ARCHETYPE',
        measureDuration: groupBy === null ? HOUR : groupBy === 'DAY' ? 24 * HOUR : null,
        measureValue: 'kWh',
        measureUnit: unit,
      };
      const measures = q.excludeMeasures ? undefined : baselineMeasures(kwh, unit, groupBy, area);
      if (!range) return { head, measures, intervals: null };
      const moved = moveTypicalYear({ values: kwh, startDay: profile.start_day }, range.zone, range.from, range.to);
      let consumption = 0;
      for (const m of moved) consumption += m.kwh;
      factors.intervalConsumption = consumption;
      return { head, measures, intervals: { clock: localClock(range.zone, range.from, range.to), moved } };
    };
    return { key: JSON.stringify([q, zip, row, climateZone, range]), shape, answer };
  }

  /**
   * A calculation's typical usage: the best baseline for the place and building type (a year of `loadSize` kWh when
   * given), moved onto [from, to) in `zone`, and what it was.
   */
  async typicalUsage(
    q: Pick<
      Query,
      'zipCode' | 'lat' | 'lng' | 'buildingType' | 'customerClass' | 'sizingKeyName' | 'sizingDataValue' | 'sizingUnit'
    >,
    zone: string,
    from: number,
    to: number,
  ) {
    const { building, profile, annual } = await this.typical(q);
    const kwh = yearKwh(JSON.parse(profile.shape) as number[], annual);
    return {
      intervals: moveTypicalYear({ values: kwh, startDay: profile.start_day }, zone, from, to),
      description: `${building.name}, ${profile.place} (${profile.profile_id}), ${Math.round(annual)} kWh a year`,
    };
  }

  /** The id of the profile that best fits a place and building type (the typical buildings' best). */
  async bestProfileId(
    q: Pick<Query, 'zipCode' | 'addressString' | 'lat' | 'lng' | 'buildingType' | 'customerClass' | 'serviceType'>,
  ): Promise<string> {
    return (await this.typical({ ...q, excludeMeasures: true })).profile.profile_id;
  }

  /** The profile a request asks for, its year of kWh, and what the answer says of it. */
  private async typical(q: Query) {
    // Parameters first, so a bad one is named before anything is looked up.
    const customerClass =
      q.customerClass === undefined || q.customerClass === ''
        ? undefined
        : BASELINE_CLASSES[q.customerClass.trim().toUpperCase()];
    if (q.customerClass && !customerClass)
      throw invalidArgument(
        'customerClass',
        q.customerClass,
        'customerClass must be RESIDENTIAL, GENERAL or SPECIAL_USE',
      );
    const building = resolveBuildingType(q.buildingType || undefined, customerClass);
    if (!building)
      throw invalidArgument(
        'buildingType',
        q.buildingType ?? null,
        'buildingType must be RESIDENTIAL, SMALL_COMMERCIAL, MEDIUM_COMMERCIAL, LARGE_COMMERCIAL or a choice of buildingTypeResidential or buildingTypeCommercial',
      );
    if (customerClass && q.buildingType && building.type.customerClass !== customerClass)
      throw invalidArgument(
        'buildingType',
        q.buildingType,
        `${building.id} is not a building type of customer class ${q.customerClass}`,
      );
    if (q.serviceType && q.serviceType.trim().toUpperCase() !== 'ELECTRICITY')
      throw invalidArgument('serviceType', q.serviceType, 'serviceType must be ELECTRICITY');
    oneOf('buildingVintage', q.buildingVintage, BUILDING_VINTAGES, (s) => s);
    const unit: MeasuresUnit = oneOf('measuresUnit', q.measuresUnit, MEASURES_UNITS, (s) => s.toLowerCase()) ?? 'total';
    const groupBy: MeasuresGroup | null = oneOf('groupBy', q.groupBy, MEASURES_GROUPS, (s) => s.toUpperCase()) ?? null;
    if (q.buildingArea !== undefined && !(q.buildingArea > 0 && q.buildingArea <= 1e9))
      throw invalidArgument(
        'buildingArea',
        q.buildingArea,
        'buildingArea must be a number of square feet, more than 0',
      );
    const sizing = this.sizing(q);

    const placed = await this.zipcodes.placeOfQuery(q);
    let zip = placed.zip;
    const locationParam = placed.param;
    // A point's nearest ZIP code may be one without a climate zone (a post office box's): take the nearest that has one.
    if (
      !zip.climate_zone &&
      q.lat !== undefined &&
      q.lng !== undefined &&
      !q.zipCode &&
      !q.postCode &&
      !q.addressString
    )
      zip = (await this.zipcodes.nearestWithClimateZone(q.lat, q.lng)) ?? zip;
    const zone = zip.climate_zone ?? null;
    if (!zone)
      throw invalidArgument(
        locationParam,
        zip.zipcode,
        `No climate zone is known for ZIP code ${zip.zipcode} (typical load profiles not loaded, or a ZIP code outside the states)`,
      );

    const picked = await this.pick(building.type.profileType, zone, zip.latitude, zip.longitude);
    if (!picked) throw notFound('Baseline', 'buildingType', building.id);
    const { profile, standIn } = picked;
    // A house standing in on the apartment building's shape is not that building: it has no reference area.
    const referenceArea = standIn ? null : (this.referenceAreas[profile.building_type] ?? null);
    const properties: Baseline['properties'] = [
      { keyName: 'customerClass', dataType: 'CHOICE', dataValue: building.type.customerClass },
      { keyName: 'baselineProfile', dataType: 'STRING', dataValue: profile.profile_id },
      { keyName: 'profileSource', dataType: 'STRING', dataValue: profile.source },
    ];
    if (q.buildingVintage)
      properties.push({ keyName: 'buildingVintage', dataType: 'CHOICE', dataValue: q.buildingVintage });
    if (standIn)
      properties.push({
        keyName: 'profileStandIn',
        dataType: 'STRING',
        dataValue: `No single-family home of zone ${zone} is bundled: the shape of the zone's mid-rise apartment building (${profile.place}) is used`,
      });

    // The year's kWh: asked for; else the building area's share of the reference; else the state's average for a
    // house; else the reference building's.
    let annual = profile.annual_kwh;
    let area = q.buildingArea ?? referenceArea;
    if (sizing !== null) {
      annual = sizing;
      properties.push({ keyName: 'loadSize', dataType: 'DECIMAL', dataValue: String(sizing) });
    } else if (building.type.profileType === 'SingleFamilyDetached') {
      const state = zip.state ?? null;
      const average = state ? RESIDENTIAL_ANNUAL_KWH[state] : undefined;
      if (average !== undefined) {
        annual = average;
        properties.push({
          keyName: 'annualConsumptionSource',
          dataType: 'STRING',
          dataValue: `${state} average residential consumption per customer: ${RESIDENTIAL_CONSUMPTION_SOURCE}`,
        });
      }
      area = q.buildingArea ?? null;
    } else if (q.buildingArea !== undefined) {
      if (referenceArea === null)
        throw invalidArgument(
          'buildingArea',
          q.buildingArea,
          `No floor area of the reference ${profile.building_type} is known to scale by`,
        );
      annual = (profile.annual_kwh * q.buildingArea) / referenceArea;
    }
    if (area !== null) properties.push({ keyName: 'buildingArea', dataType: 'DECIMAL', dataValue: String(area) });
    if (unit === 'intensity' && area === null)
      throw invalidArgument(
        'measuresUnit',
        q.measuresUnit ?? null,
        'intensity needs a building area: give buildingArea',
      );

    return { building, profile, zone, zip, annual, area, referenceArea, properties, unit, groupBy };
  }

  /** The profile for a type in a zone; for a house, the nearest home of the zone, else the zone's apartment building. */
  private async pick(
    profileType: string,
    zone: string,
    lat: number | null,
    lng: number | null,
  ): Promise<{ profile: ProfileRow; standIn: boolean } | null> {
    const near = (rows: ProfileRow[]) =>
      lat === null || lng === null || rows.length < 2
        ? rows[0]
        : rows.reduce((best, r) =>
            greatCircleKm(lat, lng, r.latitude ?? 0, r.longitude ?? 0) <
            greatCircleKm(lat, lng, best.latitude ?? 0, best.longitude ?? 0)
              ? r
              : best,
          );
    if (profileType === 'SingleFamilyDetached') {
      const homes = (await this.profiles(['SingleFamilyDetached'], zone)).filter((r) => r.variant === 'BASE');
      const home = near(homes);
      if (home) return { profile: home, standIn: false };
      const apartment = await this.cityProfile('MidriseApartment', zone, lat, lng);
      return apartment ? { profile: apartment, standIn: true } : null;
    }
    const profile = await this.cityProfile(profileType, zone, lat, lng);
    return profile ? { profile, standIn: false } : null;
  }

  /** The DOE reference city's profile of a type for a zone (the nearer city where a zone has two). */
  private async cityProfile(
    profileType: string,
    zone: string,
    lat: number | null,
    lng: number | null,
  ): Promise<ProfileRow | undefined> {
    const city = crbCityFor(zone, lat, lng);
    return (await this.db.kysely
      .selectFrom('load_profiles')
      .selectAll()
      .where('profile_id', '=', `DOECRB-${city}-${profileType}`)
      .executeTakeFirst()) as ProfileRow | undefined;
  }

  /** sizingKeyName loadSize with sizingDataValue and sizingUnit kWh: the year's total; null without sizing. */
  private sizing(q: Query): number | null {
    if (q.sizingKeyName === undefined && q.sizingDataValue === undefined && q.sizingUnit === undefined) return null;
    if (q.sizingKeyName === undefined)
      throw missingArgument('sizingKeyName', 'sizingKeyName=loadSize goes with sizingDataValue and sizingUnit');
    if (q.sizingKeyName !== 'loadSize')
      throw invalidArgument('sizingKeyName', q.sizingKeyName, 'sizingKeyName must be loadSize');
    if (q.sizingDataValue === undefined)
      throw missingArgument('sizingDataValue', "Sizing needs the year's total: sizingDataValue");
    if (!(q.sizingDataValue > 0 && q.sizingDataValue <= 1e12))
      throw invalidArgument(
        'sizingDataValue',
        q.sizingDataValue,
        'sizingDataValue must be more than 0 (kWh in the year)',
      );
    if (q.sizingUnit === undefined) throw missingArgument('sizingUnit', 'Sizing needs its unit: sizingUnit=kWh');
    if (q.sizingUnit.trim().toLowerCase() !== 'kwh')
      throw invalidArgument('sizingUnit', q.sizingUnit, 'sizingUnit must be kWh');
    return q.sizingDataValue;
  }

  /** Both interval dates, or neither; local to the place's zone unless they carry an offset; at most 3 years. */
  private intervalRange(q: Query, zone: string): { zone: string; from: number; to: number } | null {
    if (!q.intervalFromDateTime && !q.intervalToDateTime) return null;
    if (!q.intervalFromDateTime)
      throw missingArgument('intervalFromDateTime', 'intervalFromDateTime goes with intervalToDateTime');
    if (!q.intervalToDateTime)
      throw missingArgument('intervalToDateTime', 'intervalToDateTime goes with intervalFromDateTime');
    const from = dateTimeParam('intervalFromDateTime', q.intervalFromDateTime, zone)!.value.toMillis();
    const to = dateTimeParam('intervalToDateTime', q.intervalToDateTime, zone)!.value.toMillis();
    if (to <= from)
      throw invalidArgument(
        'intervalToDateTime',
        q.intervalToDateTime,
        'intervalToDateTime must be after intervalFromDateTime',
      );
    if (to - from > MAX_MOVE_MS)
      throw invalidArgument('intervalToDateTime', q.intervalToDateTime, 'Intervals may span at most 3 years');
    return { zone, from, to };
  }
}
