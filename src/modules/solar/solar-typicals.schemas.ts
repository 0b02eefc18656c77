// Typical solar production (GET /rest/v1/typicals/solar/best): the query (a place, a PV system by PVWatts's inputs,
// how to group the year) and the answer.
import { Type } from '@sinclair/typebox';
import { V8_ARRAY_TYPES } from '../../engine/solar/v8/system.ts';

export const SOLAR_GROUPS = ['HOUR', 'DAY', 'MONTH', 'YEAR'] as const;

export const SolarBestQuery = Type.Object({
  zipCode: Type.Optional(Type.String({ description: 'ZIP code of the place' })),
  postCode: Type.Optional(Type.String({ description: 'Alias of zipCode' })),
  country: Type.Optional(Type.String({ description: 'ISO country code: US' })),
  addressString: Type.Optional(Type.String({ description: 'An address: its ZIP code, or "City, ST"' })),
  lat: Type.Optional(Type.Number({ description: 'Latitude; with lng' })),
  lng: Type.Optional(Type.Number({ description: 'Longitude; with lat' })),
  systemSize: Type.Number({ description: 'DC nameplate, kW (0.05 to 500,000)' }),
  moduleType: Type.Optional(Type.String({ description: 'STANDARD, PREMIUM, THIN_FILM or 0-2 (default STANDARD)' })),
  arrayType: Type.Optional(
    Type.String({ description: `${V8_ARRAY_TYPES.join(', ')} or PVWatts's 0-4 (default FIXED_ROOF_MOUNT)` }),
  ),
  tilt: Type.Optional(Type.Number({ description: 'Degrees from horizontal, 0-90 (default 20)' })),
  azimuth: Type.Optional(Type.Number({ description: 'Degrees clockwise from north, 0-360 (default 180)' })),
  losses: Type.Optional(Type.Number({ description: 'DC losses, percent, -5 to 99 (default 14.08)' })),
  dcAcRatio: Type.Optional(Type.Number({ description: 'DC to AC size ratio, 0.5-2 (default 1.2)' })),
  inverterEfficiency: Type.Optional(Type.Number({ description: 'Inverter efficiency, percent, 90-99.5 (default 96)' })),
  gcr: Type.Optional(Type.Number({ description: 'Ground coverage ratio, 0.01-0.99 (default 0.4)' })),
  bifaciality: Type.Optional(
    Type.Number({ description: "Bifacial modules: the rear's efficiency as a share of the front's, 0-1 (default 0)" }),
  ),
  soiling: Type.Optional(
    Type.String({ description: 'Soiling loss, percent: one value, or twelve comma-separated (January first)' }),
  ),
  groupBy: Type.Optional(Type.String({ description: `${SOLAR_GROUPS.join(', ')} (default MONTH)` })),
});

const Interval = Type.Object({
  month: Type.Integer(),
  day: Type.Union([Type.Integer(), Type.Null()]),
  hour: Type.Union([Type.Integer(), Type.Null()]),
  acKWh: Type.Number(),
  dcKWh: Type.Number(),
  poaKWhPerM2: Type.Number({
    description:
      "Plane-of-array irradiance after shading and soiling (bifacial: plus the rear's times the bifaciality), kWh/m2",
  }),
  cellTemperature: Type.Union([Type.Number(), Type.Null()], { description: 'C, hourly rows only' }),
});

export const SolarProductionSchema = Type.Object({
  model: Type.Object({ name: Type.String(), version: Type.String(), description: Type.String() }),
  weatherStation: Type.Object({
    stationId: Type.String(),
    name: Type.String(),
    dataset: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
    elevation: Type.Union([Type.Number(), Type.Null()]),
    utcOffset: Type.Number(),
    distanceKm: Type.Number(),
    sameClimateZone: Type.Boolean(),
    timeConvention: Type.String(),
    source: Type.String(),
  }),
  system: Type.Object({
    systemSize: Type.Number(),
    moduleType: Type.String(),
    arrayType: Type.String(),
    tilt: Type.Number(),
    azimuth: Type.Number(),
    losses: Type.Number(),
    dcAcRatio: Type.Number(),
    inverterEfficiency: Type.Number(),
    gcr: Type.Number(),
    bifaciality: Type.Number(),
    soiling: Type.Union([Type.Array(Type.Number()), Type.Null()]),
  }),
  groupBy: Type.String(),
  annual: Type.Object({
    acKWh: Type.Number(),
    dcKWh: Type.Number(),
    solarRadiationKWhPerM2PerDay: Type.Number({ description: "Plane-of-array, the months' daily means averaged" }),
    capacityFactor: Type.Number({ description: 'Percent of the DC nameplate' }),
    kWhPerKw: Type.Number(),
  }),
  intervals: Type.Array(Interval),
});
