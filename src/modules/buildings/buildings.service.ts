// Typical buildings, the original's deprecated interface over the same data as the baselines: each typical load
// profile is one archetype building at its place (a DOE reference building in its city, an OpenEI home at its weather
// station), with a stable UUID, its climate zone as territory and its profile's intervals on real dates.
import type { Static } from '@sinclair/typebox';
import type { DateTime } from 'luxon';
import tzlookup from 'tz-lookup';
import type { Db } from '../../db/database.ts';
import { greatCircleKm } from '../../data/climate/climate-zones.ts';
import { climateZoneTerritoryId } from '../../data/typical-loads.seeder.ts';
import { yearKwh } from '../../engine/load/baseline-measures.ts';
import { MAX_MOVE_MS, moveTypicalYear } from '../../engine/load/typical-year.ts';
import { formatInstant, localClock } from '../../engine/time/local-clock.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument, missingArgument, notFound } from '../../http/errors.ts';
import type { BaselinesService } from '../baselines/baselines.service.ts';
import { resolveBuildingType } from '../../domain/baselines/building-types.ts';
import { stableUuid } from '../baselines/stable-uuid.ts';
import type { TerritoriesRepository } from '../territories/territories.repository.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import type {
  BuildingBestQuery,
  BuildingGetQuery,
  BuildingIntervalSchema,
  BuildingListQuery,
  BuildingSchema,
} from './buildings.schemas.ts';

export type Building = Static<typeof BuildingSchema>;
type Row = {
  profile_id: string;
  source_id: string;
  building_type: string;
  customer_class: string;
  variant: string | null;
  place: string;
  climate_zone: string;
  latitude: number | null;
  longitude: number | null;
  start_day: number;
  annual_kwh: number;
  source: string;
};
type Tariff = Building['tariffs'][number];

const KM_PER_MILE = 1.609344;
const GROUPS = ['HOUR', 'DAY', 'MONTH', 'YEAR'] as const;
const SOURCE_NAMES: Record<string, string> = {
  DOECRB: 'DOE commercial reference buildings (NREL REopt)',
  OPENEI_RES: 'OpenEI TMY3 residential load profiles (NREL)',
};
const COLUMNS = [
  'profile_id',
  'source_id',
  'building_type',
  'customer_class',
  'variant',
  'place',
  'climate_zone',
  'latitude',
  'longitude',
  'start_day',
  'annual_kwh',
  'source',
] as const;

const csv = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const zoneOf = (r: Row) => (r.latitude === null || r.longitude === null ? 'UTC' : tzlookup(r.latitude, r.longitude));

export class BuildingsService {
  constructor(
    private readonly db: Db,
    private readonly zipcodes: ZipcodesService,
    private readonly territories: TerritoriesRepository,
    private readonly baselines: BaselinesService,
  ) {}

  private rows() {
    return this.db.kysely
      .selectFrom('load_profiles')
      .select([...COLUMNS])
      .orderBy('profile_id')
      .execute() as Promise<Row[]>;
  }

  /**
   * The tariff's current summary (its latest version), or a 404 naming masterTariffId: a PUBLIC reference tariff,
   * or one of the caller's organization's own (tariff authoring).
   */
  private async tariff(masterTariffId: number | undefined, orgId: number | null): Promise<Tariff | null> {
    if (masterTariffId === undefined) return null;
    const t = await this.db.kysely
      .selectFrom('tariffs as t')
      .selectAll('t')
      .where('t.master_tariff_id', '=', masterTariffId)
      .where((eb) =>
        eb.or([
          eb.and([eb('t.privacy', '=', 'PUBLIC'), eb('t.owner_org_id', 'is', null)]),
          ...(orgId === null ? [] : [eb('t.owner_org_id', '=', orgId)]),
        ]),
      )
      .orderBy('t.effective_date', 'desc')
      .executeTakeFirst();
    if (!t) throw notFound('Tariff', 'masterTariffId', masterTariffId);
    return {
      masterTariffId: t.master_tariff_id,
      tariffCode: t.tariff_code,
      tariffName: t.tariff_name,
      tariffType: t.tariff_type,
      customerClass: t.customer_class,
      customerLikelihood: t.customer_likelihood,
      endDate: t.end_date,
      timeZone: t.time_zone,
      billingPeriod: t.billing_period,
      currency: t.currency,
    };
  }

  private async place(q: { addressString?: string; zipCode?: string; lat?: number; lng?: number }) {
    const zip = await this.zipcodes.resolve({
      zipCode: q.zipCode,
      addressString: q.addressString,
      lat: q.lat,
      lng: q.lng,
    });
    return zip && zip.latitude !== null && zip.longitude !== null ? { lat: zip.latitude, lng: zip.longitude } : null;
  }

  async list(
    q: Static<typeof BuildingListQuery>,
    orgId: number | null,
  ): Promise<{ rows: Building[]; total: number; paging: { pageStart: number; pageCount: number } }> {
    const paging = { pageStart: q.pageStart ?? 0, pageCount: q.pageCount ?? 25 };
    const types = csv(q.buildingTypes).map((name) => {
      const t = resolveBuildingType(name, undefined);
      if (!t) throw invalidArgument('buildingTypes', name, `${name} is not a building type`);
      return t.type.profileType;
    });
    const classes = csv(q.customerClasses).map((c) => c.toUpperCase());
    for (const c of classes)
      if (c !== 'RESIDENTIAL' && c !== 'GENERAL')
        throw invalidArgument('customerClasses', c, 'customerClasses are RESIDENTIAL and GENERAL');
    const services = csv(q.serviceTypes).map((s) => s.toUpperCase());
    for (const s of services)
      if (s !== 'ELECTRICITY' && s !== 'SOLAR_PV')
        throw invalidArgument('serviceTypes', s, 'serviceTypes are ELECTRICITY and SOLAR_PV');
    if (q.maxDistance !== undefined && !(q.maxDistance > 0))
      throw invalidArgument('maxDistance', q.maxDistance, 'maxDistance is a number of miles, more than 0');
    const tariff = await this.tariff(q.masterTariffId, orgId);
    const at = await this.place(q);
    if (q.maxDistance !== undefined && !at)
      throw missingArgument('zipCode', 'maxDistance needs a place: zipCode, addressString, or lat and lng');
    const miles = (r: Row) =>
      at && r.latitude !== null && r.longitude !== null
        ? greatCircleKm(at.lat, at.lng, r.latitude, r.longitude) / KM_PER_MILE
        : Infinity;
    let rows = (await this.rows()).filter(
      (r) =>
        (!q.sourceId || r.source_id === q.sourceId) &&
        (!types.length || types.includes(r.building_type)) &&
        (!classes.length || classes.includes(r.customer_class)) &&
        (!services.length || services.includes('ELECTRICITY')) &&
        (!tariff ||
          tariff.customerClass === r.customer_class ||
          (tariff.customerClass !== 'RESIDENTIAL' && r.customer_class === 'GENERAL')) &&
        (q.maxDistance === undefined || miles(r) <= q.maxDistance),
    );
    // Nearest first when a place is given.
    if (at) rows = rows.sort((a, b) => miles(a) - miles(b));
    const page = rows.slice(paging.pageStart, paging.pageStart + paging.pageCount);
    return { rows: await Promise.all(page.map((r) => this.toBuilding(r, tariff))), total: rows.length, paging };
  }

  async get(accountId: string, q: Static<typeof BuildingGetQuery>): Promise<Building> {
    const row = (await this.rows()).find((r) => stableUuid(`building|${r.profile_id}`) === accountId);
    if (!row) throw notFound('Building', 'accountId', accountId);
    return this.toBuilding(row, null, q);
  }

  async best(q: Static<typeof BuildingBestQuery>, orgId: number | null): Promise<Building> {
    if (q.serviceType && !['ELECTRICITY', 'SOLAR_PV'].includes(q.serviceType.toUpperCase()))
      throw invalidArgument('serviceType', q.serviceType, 'serviceType is ELECTRICITY or SOLAR_PV');
    const tariff = await this.tariff(q.masterTariffId, orgId);
    const customerClass =
      q.customerClass ?? (tariff?.customerClass === 'RESIDENTIAL' ? 'RESIDENTIAL' : tariff ? 'GENERAL' : undefined);
    let id: string;
    try {
      id = await this.baselines.bestProfileId({
        zipCode: q.zipCode,
        addressString: q.addressString,
        lat: q.lat,
        lng: q.lng,
        buildingType: q.buildingTypeId,
        customerClass,
      });
    } catch (e) {
      // The baselines name the type buildingType; here it is buildingTypeId.
      if (
        e instanceof Error &&
        'item' in e &&
        (e as { item: { propertyName: string | null } }).item.propertyName === 'buildingType'
      )
        throw invalidArgument('buildingTypeId', q.buildingTypeId ?? null, e.message);
      throw e;
    }
    const row = (await this.rows()).find((r) => r.profile_id === id)!;
    const at = await this.place(q);
    if (
      q.maxDistance !== undefined &&
      at &&
      row.latitude !== null &&
      row.longitude !== null &&
      greatCircleKm(at.lat, at.lng, row.latitude, row.longitude) / KM_PER_MILE > q.maxDistance
    ) {
      throw notFound('Building', 'maxDistance', q.maxDistance);
    }
    return this.toBuilding(row, tariff, q);
  }

  private async toBuilding(r: Row, tariff: Tariff | null, q?: Static<typeof BuildingGetQuery>): Promise<Building> {
    const type = resolveBuildingType(r.building_type, undefined);
    const name = type?.name ?? r.building_type;
    const prop = (keyName: string, dataValue: string | null) => ({ keyName, dataValue });
    const profile: Building['profiles'][number] = {
      profileId: stableUuid(`profile|${r.profile_id}`),
      profileName: `Typical electricity, ${name}`,
      description: r.source,
      serviceTypes: 'ELECTRICITY',
      source: { sourceId: r.source_id, name: SOURCE_NAMES[r.source_id] ?? r.source_id },
      isDefault: true,
      properties: { annualConsumption: prop('annualConsumption', String(r.annual_kwh)) },
    };
    if (q?.populateIntervals) profile.intervals = await this.intervals(r, q);
    return {
      accountId: stableUuid(`building|${r.profile_id}`),
      sourceId: r.source_id,
      buildingTypeId: r.building_type,
      buildingType: { id: r.building_type, name, customerClass: r.customer_class },
      territory: (await this.territories.find(climateZoneTerritoryId(r.climate_zone))) ?? null,
      providerAccountId: r.profile_id,
      accountName: `${name}, ${r.place}${r.variant ? ` (${r.variant})` : ''}`,
      customerOrgId: null,
      customerOrgName: null,
      owner: null,
      status: 'ACTIVE',
      type: 'ARCHETYPE',
      properties: {
        customerClass: prop('customerClass', r.customer_class),
        climateZone: prop('climateZone', r.climate_zone),
        buildingType: prop('buildingType', r.building_type),
      },
      tariffs: tariff ? [tariff] : [],
      profiles: [profile],
    };
  }

  /** The profile's year moved onto the range in the building's zone, by hour or summed by local day, month or year. */
  private async intervals(
    r: Row,
    q: Static<typeof BuildingGetQuery>,
  ): Promise<NonNullable<Building['profiles'][number]['intervals']>> {
    const zone = zoneOf(r);
    const groupBy = (q.groupBy ?? 'HOUR').toUpperCase();
    if (!(GROUPS as readonly string[]).includes(groupBy))
      throw invalidArgument('groupBy', q.groupBy ?? null, `groupBy is one of ${GROUPS.join(', ')}`);
    const clipBy = (q.clipBy ?? 'INNER').toUpperCase();
    if (clipBy !== 'INNER' && clipBy !== 'OUTER')
      throw invalidArgument('clipBy', q.clipBy ?? null, 'clipBy is INNER or OUTER');
    if (!q.fromDateTime) throw missingArgument('fromDateTime', 'populateIntervals needs fromDateTime and toDateTime');
    if (!q.toDateTime) throw missingArgument('toDateTime', 'populateIntervals needs fromDateTime and toDateTime');
    const from = dateTimeParam('fromDateTime', q.fromDateTime, zone)!.value.setZone(zone);
    const to = dateTimeParam('toDateTime', q.toDateTime, zone)!.value.setZone(zone);
    if (to <= from) throw invalidArgument('toDateTime', q.toDateTime, 'toDateTime must be after fromDateTime');
    // Period edges in local time: INNER keeps whole periods inside the range, OUTER every period touching it.
    const unit = groupBy === 'HOUR' ? 'hour' : groupBy === 'DAY' ? 'day' : groupBy === 'MONTH' ? 'month' : 'year';
    const floor = (d: DateTime) => d.startOf(unit);
    const start = clipBy === 'OUTER' || +floor(from) === +from ? floor(from) : floor(from).plus({ [unit]: 1 });
    const end = clipBy === 'OUTER' && +floor(to) !== +to ? floor(to).plus({ [unit]: 1 }) : floor(to);
    if (end.toMillis() - start.toMillis() > MAX_MOVE_MS)
      throw invalidArgument('toDateTime', q.toDateTime, 'Intervals may span at most 3 years');
    if (end <= start) return { totalCount: 0, pageCount: 0, pageStart: 0, list: [] };
    const shape = JSON.parse(
      (
        await this.db.kysely
          .selectFrom('load_profiles')
          .select('shape')
          .where('profile_id', '=', r.profile_id)
          .executeTakeFirstOrThrow()
      ).shape,
    ) as number[];
    const moved = moveTypicalYear(
      { values: yearKwh(shape, r.annual_kwh), startDay: r.start_day },
      zone,
      start.toMillis(),
      end.toMillis(),
    );
    const clock = localClock(zone, start.toMillis(), end.toMillis());
    const list: Static<typeof BuildingIntervalSchema>[] = [];
    let k = 0;
    // The periods' edges in epoch ms. Luxon adds an hour as 3,600,000 ms (a day or a month by the calendar), so hours
    // are stepped by arithmetic: a year of them through Luxon took half a second.
    const edges: number[] = [];
    if (unit === 'hour') for (let a = start.toMillis(); a < end.toMillis(); a += 3_600_000) edges.push(a);
    else for (let p = start; p < end; p = p.plus({ [unit]: 1 })) edges.push(p.toMillis());
    edges.push(end.toMillis());
    for (let e = 0; e + 1 < edges.length; e++) {
      const a = edges[e]!;
      const b = edges[e + 1]!;
      let kwh = 0;
      let peak = 0;
      for (; k < moved.length && moved[k]!.from < b; k++) {
        kwh += moved[k]!.kwh;
        peak = Math.max(peak, (moved[k]!.kwh * 3_600_000) / (moved[k]!.to - moved[k]!.from));
      }
      list.push({
        fromDateTime: formatInstant(clock, a),
        toDateTime: formatInstant(clock, b),
        duration: b - a,
        kWh: { quantityAmount: kwh, costAmount: null },
        kW: { quantityAmount: peak, costAmount: null },
        total: { quantityAmount: null, costAmount: null },
      });
    }
    return { totalCount: list.length, pageCount: list.length, pageStart: 0, list };
  }
}
