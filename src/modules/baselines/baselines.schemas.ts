// Typical baselines (spec "Baseline (typical usage profile)" and "Typical baselines").
import { Type } from '@sinclair/typebox';
import { MEASURES_GROUPS, MEASURES_UNITS } from '../../engine/load/baseline-measures.ts';
import { TerritorySchema } from '../territories/territories.schemas.ts';
import { BUILDING_TYPE_IDS, BUILDING_VINTAGES } from '../../domain/baselines/building-types.ts';

const NNum = Type.Union([Type.Number(), Type.Null()]);

export const BaselineBestQuery = Type.Object({
  zipCode: Type.Optional(Type.String({ description: 'ZIP code (with country)' })),
  postCode: Type.Optional(Type.String({ description: 'Alias of zipCode' })),
  country: Type.Optional(Type.String({ description: 'ISO country code: US' })),
  addressString: Type.Optional(Type.String({ description: 'An address: its ZIP code, or "City, ST"' })),
  lat: Type.Optional(Type.Number({ description: 'Latitude; with lng' })),
  lng: Type.Optional(Type.Number({ description: 'Longitude; with lat' })),
  customerClass: Type.Optional(Type.String({ description: 'RESIDENTIAL, GENERAL or SPECIAL_USE (as GENERAL)' })),
  buildingType: Type.Optional(
    Type.String({ description: `One of ${BUILDING_TYPE_IDS.join(', ')} (any case); a customer class is accepted too` }),
  ),
  serviceType: Type.Optional(Type.String({ description: 'ELECTRICITY (the only one)' })),
  buildingArea: Type.Optional(
    Type.Number({
      description:
        "Finished area in square feet; scales commercial profiles by their intensity. Default: the reference building's",
    }),
  ),
  buildingVintage: Type.Optional(Type.String({ description: `Accepted, not used: ${BUILDING_VINTAGES.join(', ')}` })),
  excludeMeasures: Type.Optional(Type.Boolean({ description: 'true omits measures' })),
  measuresUnit: Type.Optional(Type.String({ description: `${MEASURES_UNITS.join(', ')} (default total)` })),
  groupBy: Type.Optional(Type.String({ description: `${MEASURES_GROUPS.join(', ')}: rolls measures up` })),
  sizingKeyName: Type.Optional(Type.String({ description: 'loadSize: size the year to sizingDataValue' })),
  sizingDataValue: Type.Optional(Type.Number({ description: "The year's total, in sizingUnit" })),
  sizingUnit: Type.Optional(Type.String({ description: 'kWh' })),
  intervalFromDateTime: Type.Optional(
    Type.String({ description: 'With intervalToDateTime: the typical year moved onto these dates (at most 3 years)' }),
  ),
  intervalToDateTime: Type.Optional(Type.String({ description: 'With intervalFromDateTime' })),
});

const Quantity = Type.Object({ quantityAmount: Type.Number(), rateAmount: NNum });

export const IntervalInfoSchema = Type.Object({
  fromDateTime: Type.String(),
  toDateTime: Type.String(),
  duration: Type.Number(),
  kWh: Quantity,
  kW: Quantity,
});

export const BaselineSchema = Type.Object({
  baselineId: Type.String(),
  name: Type.String(),
  buildingType: Type.Object({
    id: Type.String(),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    customerClass: Type.String(),
  }),
  serviceType: Type.String(),
  sourceId: Type.String(),
  startDay: Type.Integer(),
  climateZone: Type.Union([TerritorySchema, Type.Null()]),
  properties: Type.Array(
    Type.Object({
      keyName: Type.String(),
      dataType: Type.String(),
      dataValue: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  factors: Type.Record(Type.String(), NNum),
  type: Type.String(),
  measureDuration: Type.Union([Type.Integer(), Type.Null()]),
  measureValue: Type.String(),
  measureUnit: Type.String(),
  measures: Type.Optional(Type.Array(Type.Object({ i: Type.Integer(), v: Type.Number() }))),
  intervals: Type.Optional(Type.Array(IntervalInfoSchema)),
});
