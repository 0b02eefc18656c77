// Starter property keys: keys the original API published (as its recorded responses show them) and general
// load keys. One LOOKUP key carries a synthetic hourly series, so the lookup operations can be tried on a fresh
// machine; its description says it is synthetic and gives its formula. coincidentDemand is the URDB importer's key,
// listed here so that a seeded database holds it before any import.

import { BUILDING_VINTAGES, COMMERCIAL_TYPES, RESIDENTIAL_TYPES } from '../../domain/baselines/building-types.ts';
import type { KeyDefinition } from '../../domain/properties/property-key-row.ts';
import { COINCIDENT_DEMAND_KEY } from '../../importers/urdb/coincident-demand-key.ts';

const RECORDED = 'Recorded original API response';
const BASELINES = 'Ratebook: the building types and vintages of typical baselines (spec: Typical baselines), one choice per bundled typical load profile type';

const STANDARD = "Ratebook: a standard key of the original's accounts and calculations (its clients send it); the description is Ratebook's, none was recorded";

/** The original's standard keys of an account (accounts take them; calculations accept them). */
const STANDARD_KEYS: readonly KeyDefinition[] = [
  { keyName: 'customerClass', displayName: 'Customer Class', family: 'customer', keyspace: 'customer', dataType: 'CHOICE', description: "The customer's class of service: RESIDENTIAL, GENERAL (commercial and industrial) or SPECIAL_USE (the original's codes 1, 2 and 4 are accepted)", choices: ['RESIDENTIAL', 'GENERAL', 'SPECIAL_USE'], source: STANDARD },
  { keyName: 'territoryId', displayName: 'Territory', family: 'service', keyspace: 'electricity', dataType: 'INTEGER', description: 'The tariff territory (GET /rest/public/territories) the customer is served in', source: STANDARD },
  { keyName: 'lseId', displayName: 'Utility (LSE)', family: 'service', keyspace: 'electricity', dataType: 'INTEGER', description: "The customer's utility, by its lseId (GET /rest/public/lses)", source: STANDARD },
  { keyName: 'masterTariffId', displayName: 'Tariff', family: 'service', keyspace: 'electricity', dataType: 'INTEGER', description: "The customer's tariff, by its masterTariffId (GET /rest/public/tariffs)", source: STANDARD },
  { keyName: 'buildingArea', displayName: 'Building Area (sq ft)', family: 'building', keyspace: 'customer', dataType: 'DECIMAL', quantityUnit: 'ft2', description: 'The floor area of the building, in square feet', source: STANDARD },
  { keyName: 'hasElectricVehicle', displayName: 'Has Electric Vehicle', family: 'customerStatus', keyspace: 'customer', dataType: 'BOOLEAN', description: 'The customer owns or leases an electric vehicle charged at the premises', source: "Ratebook: a key the original's TypeScript SDK names (PropertyKeyName.HAS_ELECTRIC_VEHICLE); the description is Ratebook's" },
];

/** The keys a typical baseline is asked for by: building types (the finer choices) and vintages. */
const BUILDING_KEYS: readonly KeyDefinition[] = [
  { keyName: 'buildingTypeResidential', displayName: 'Building Type (Residential)', family: 'building', keyspace: 'customer', dataType: 'CHOICE', description: 'The kind of residential building, for typical baselines', choices: RESIDENTIAL_TYPES.map((t) => t.id), source: BASELINES },
  { keyName: 'buildingTypeCommercial', displayName: 'Building Type (Commercial)', family: 'building', keyspace: 'customer', dataType: 'CHOICE', description: 'The kind of commercial building, for typical baselines', choices: COMMERCIAL_TYPES.map((t) => t.id), source: BASELINES },
  { keyName: 'buildingVintageResidential', displayName: 'Building Vintage (Residential)', family: 'building', keyspace: 'customer', dataType: 'CHOICE', description: 'When the building was built (accepted by typical baselines, not used)', choices: [...BUILDING_VINTAGES], source: BASELINES },
  { keyName: 'buildingVintageCommercial', displayName: 'Building Vintage (Commercial)', family: 'building', keyspace: 'customer', dataType: 'CHOICE', description: 'When the building was built (accepted by typical baselines, not used)', choices: [...BUILDING_VINTAGES], source: BASELINES },
];

export const STARTER_KEYS: readonly KeyDefinition[] = [
  {
    keyName: 'connectionType', displayName: 'Connection Type', family: 'connection', keyspace: 'electricity', dataType: 'CHOICE',
    description: 'Where or how the service is connected to the grid (e.g. primary, transmission, subtransmission).',
    choices: ['Secondary Connection', 'Primary Connection', 'Subtransmission Connection', 'Transmission Connection', 'High Voltage', 'Backbone Transmission (115 kV and Above)'],
    source: `${RECORDED} (properties/connectionType)`,
  },
  { keyName: 'cityLimits', displayName: 'Service Area (Inside/outside city limits)', family: 'service', keyspace: 'electricity', dataType: 'CHOICE', description: 'Has service inside or outside city limits', choices: ['Inside', 'Outside'], source: `${RECORDED} (tariff 512 properties)` },
  { keyName: 'consumption', displayName: 'Consumption (kWh)', family: 'load', keyspace: 'electricity', dataType: 'DECIMAL', quantityUnit: 'kWh', description: 'Quantity in kWh of load that is used for a period of time', source: `${RECORDED} (tariff 512 properties)` },
  // DEMAND, not DECIMAL: the original API's type of its demand key (issue #19), which clients switch on.
  { keyName: 'demand', displayName: 'Demand (kW)', family: 'load', keyspace: 'electricity', dataType: 'DEMAND', quantityUnit: 'kW', description: 'Quantity in kW of load that is used for a given period', source: "The original API's demand key as its TypeScript SDK's own test compares it (dataType, description, displayName, family, keyspace)" },
  COINCIDENT_DEMAND_KEY,
  {
    keyName: 'isLowIncomeSeniorCitizen953', displayName: 'Is Low Income Senior Citizen', family: 'customerStatus', keyspace: 'customer', dataType: 'BOOLEAN',
    description: "Customers who are at least 62 years of age or older or be a disabled person as evidenced by receiving Supplemental Security Income (SSI) or State Supplemental Payment (SSP) and whose total gross annual income for all persons in the applicant's household may not exceed seventy-five (75) percent of the most recent median income levels.",
    source: `${RECORDED} (tariff 512 properties)`,
  },
  {
    keyName: '734formula10', displayName: 'Capacity Reservation Deficit', family: 'tariff', keyspace: 'electricity', dataType: 'FORMULA', entityId: 734,
    description: 'Participants must pay the generation portion of the demand charge if the measured peak demand in a given summer bill period is less than the capacity they reserved',
    formulaDetail: '#capacityReservationLevel  -  #demand',
    source: `${RECORDED} (properties?entityId=734&entityType=LSE)`,
  },
  ...[
    ['fuelCostRecoverySecondaryDistributionSummer', 'Fuel Cost Recovery, Secondary Distribution (Summer)'],
    ['fuelCostRecoverySecondaryDistributionWinter', 'Fuel Cost Recovery, Secondary Distribution (Winter)'],
    ['municipalFranchiseFeeInsideCityLimits', 'Municipal Franchise Fee, Inside City Limits'],
    ['municipalFranchiseFeeOutsideCityLimits', 'Municipal Franchise Fee, Outside City Limits'],
  ].map(([keyName, displayName]) => ({
    keyName: keyName!,
    displayName: displayName!,
    family: 'tariff',
    keyspace: 'electricity',
    dataType: 'LOOKUP',
    entityId: 2756,
    description: `${displayName}: the Georgia Power rate named by variableRateKey in tariff 512. Its values are not bundled; load them with the lookup importer.`,
    source: `${RECORDED} (tariff 512 rates name the key)`,
  })),
  {
    keyName: 'sampleHourlyPrice', displayName: 'Sample hourly price (synthetic)', family: 'hourly', keyspace: 'market', dataType: 'LOOKUP', quantityUnit: 'USD/kWh',
    description: 'SYNTHETIC sample series for trying the lookup operations, not market data: hourly values 2025-2026 (UTC), 0.10 + 0.05 x sin(2 pi (hour - 10) / 24) USD/kWh, rounded to 5 decimals.',
    source: 'Synthetic: generated by the formula in the description',
  },
  ...BUILDING_KEYS,
  ...STANDARD_KEYS,
];

/** The synthetic series of sampleHourlyPrice: one value per UTC hour of 2025 and 2026. */
export function sampleHourlyPrices(): { from: number; to: number; value: number }[] {
  const start = Date.UTC(2025, 0, 1);
  const end = Date.UTC(2027, 0, 1);
  const out: { from: number; to: number; value: number }[] = [];
  for (let t = start; t < end; t += 3_600_000) {
    const hour = new Date(t).getUTCHours();
    out.push({ from: t, to: t + 3_600_000, value: Math.round((0.1 + 0.05 * Math.sin((2 * Math.PI * (hour - 10)) / 24)) * 1e5) / 1e5 });
  }
  return out;
}
