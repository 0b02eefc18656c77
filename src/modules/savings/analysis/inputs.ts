// Reads the savings analysis's inputs (the request's, with a design's over them) into a plan: each property input
// by its keyName and the scenarios it is tagged with, each problem a 400 naming the input by its path. Keys the
// analysis does not read itself (territoryId, applicability keys, ...) go to the bills of the scenarios they name.
import type { Static } from '@sinclair/typebox';
import {
  V8_ARRAY_TYPES as ARRAY_TYPES,
  MODULE_TYPES,
  V8_LIMITS as PV_LIMITS,
  V8_DEFAULTS as PVWATTS_DEFAULTS,
  type V8System as PvSystem,
} from '../../../engine/solar/v8/system.ts';
import { ARRAY_CODES, MODULE_CODES, PV_KEYS } from '../../solar/pv-inputs.ts';
import type { SolarPrice } from '../../../engine/savings/projection.ts';
import { EXPORT_ARRANGEMENTS, type ExportArrangement } from '../../../engine/tariff/model.ts';
import { invalidArgument } from '../../../http/errors.ts';
import { enumValue } from '../../../http/list-params.ts';
import type { Schedule } from '../../../engine/storage/policies.ts';
import type { Strategy } from '../../../engine/storage/storage-bill.ts';
import type { AnalysisBody, AnalysisPropertyInput, AnalysisRateInput } from '../analysis.schemas.ts';
import { underOwnName } from './storage-aliases.ts';
import { storageSchedule } from './storage-schedule.ts';

export type PropertyInput = Static<typeof AnalysisPropertyInput>;
export type RateInput = Static<typeof AnalysisRateInput>;
export type Scenario = 'before' | 'after' | 'solar' | 'storage';
const SCENARIOS: readonly Scenario[] = ['before', 'after', 'solar', 'storage'];

/** An input with where it sits in the request (errors name it) and the scenarios it belongs to. */
export interface Placed<T> {
  input: T;
  path: string;
  scenarios: Set<Scenario>;
}

export const DEFAULT_YEARS = 20;
export const MAX_YEARS = 40;
/** NREL's median degradation of crystalline silicon modules, 0.5 % a year (Jordan and Kurtz, 2013). */
export const DEFAULT_DEGRADATION = 0.5;

/** A battery beside the PV system (#38): the storage scenario's inputs. */
const STORAGE_KEYS = [
  'storageCapacity',
  'storagePower',
  'storageRoundTripEfficiency',
  'storageReserve',
  'storageDispatch',
  'storageCoupling',
  'storageGridCharging',
  'storageDegradation',
  'storageSchedule',
] as const;
const DEFAULT_TAGS: Record<string, readonly Scenario[]> = {
  masterTariffId: ['before', 'after'],
  rateInflation: ['before', 'after'],
  solarDegradation: ['after', 'solar'],
  solarProduction: ['after', 'solar'],
  exportArrangement: ['after'],
  trueUpMonth: ['after'],
  yearEndSellRate: ['after'],
  yearEndCreditPaid: ['after'],
  exportVintage: ['after'],
  providerProfileId: ['before', 'after'],
  profileId: ['before', 'after'],
  ...Object.fromEntries(STORAGE_KEYS.map((k) => [k, ['storage'] as const])),
};
/** Keys naming a stored profile of the account: the usage (before,after) or the PV output (solar). */
export const PROFILE_KEYS = ['providerProfileId', 'profileId'];
const SOLAR_KEYS = new Set(['solarPvLoadOffset', 'moduleType', 'arrayType', 'soiling', ...Object.keys(PV_KEYS)]);
const WHOLE_KEYS = new Set([
  'projectDuration',
  'customerClass',
  'baselineType',
  'buildingId',
  'loadSize',
  'consumption',
]);
/** Where a key of the whole analysis (the term, the class, the usage) is said: every scenario but the battery's own. */
const WHOLE_TAGS: readonly Scenario[] = ['before', 'after', 'solar'];
/** Keys the analysis reads; any other goes to the bills. */
const OWN_KEYS = new Set([...Object.keys(DEFAULT_TAGS), ...SOLAR_KEYS, ...WHOLE_KEYS]);

export interface AnalysisPlan {
  years: number;
  utilityInflation: number;
  solarInflation: number;
  degradation: number;
  customerClass: 'RESIDENTIAL' | 'GENERAL';
  tariff: { before: { id: number; path: string } | null; after: { id: number; path: string } | null };
  /** Usage: a consumption series (the input as given), else a typical baseline (with its keys; `given` when any is). */
  consumption: Placed<PropertyInput> | null;
  baseline: {
    buildingId: string | undefined;
    loadSize: number | undefined;
    factor: number;
    path: string;
    given: boolean;
  };
  /** Stored profiles of the account named by providerProfileId or profileId: the usage, and the PV output (tagged solar). */
  profiles: { usage: Placed<PropertyInput> | null; solar: Placed<PropertyInput> | null };
  pv: {
    system: PvSystem;
    sizePath: string | null;
    offsetPercent: number | null;
    production: Placed<PropertyInput> | null;
  };
  exports: {
    arrangement?: ExportArrangement;
    trueUpMonth?: number;
    yearEndSellRate?: number;
    yearEndCreditPaid?: boolean;
    /** The interconnection application's year (net billing's hourly export prices); default year one's. */
    vintage?: number;
  };
  price: SolarPrice;
  /** The battery, when storageCapacity is given (its other keys then have defaults, storagePower aside). */
  storage: StoragePlan | null;
  /** Rate inputs and other property inputs for the utility bills, by scenario. */
  billRates: Record<'before' | 'after', Placed<RateInput>[]>;
  billProperties: Record<'before' | 'after', Placed<PropertyInput>[]>;
  /** What was given, for the answer's scenarios. */
  echo: Record<Scenario, { keyName: string; dataValue: string | null; unit: string | null }[]>;
}

export interface StoragePlan {
  capacityKwh: number;
  powerKw: number;
  /** Round trip, AC to AC (0-1]. */
  roundTripEfficiency: number;
  /** Share of capacity kept as backup, never dispatched (0-1). */
  reserve: number;
  strategy: Strategy;
  /** AC: beside the PV inverter, storing its AC output; DC: on the array's side, sharing the inverter (it can store what the inverter would clip). */
  coupling: 'AC' | 'DC';
  /** Where the request gave storageCoupling (for its 400s). */
  couplingPath: string | null;
  /** FIXED_SCHEDULE's windows (null for the other strategies). */
  schedule: Schedule | null;
  gridCharging: boolean;
  /** Capacity lost each year, compounding (0-1). */
  fadePerYear: number;
  /** Which defaults were taken, for the assumptions. */
  defaulted: string[];
}

/** A battery's round trip when storageRoundTripEfficiency is not given: the 90 % of lithium-ion home batteries' specifications (Tesla Powerwall 2: 90 %). */
export const DEFAULT_ROUND_TRIP = 0.9;

function tagsOf(raw: string | undefined, path: string, fallback: readonly Scenario[]): Set<Scenario> {
  if (raw === undefined || raw.trim() === '') return new Set(fallback);
  const out = new Set<Scenario>();
  for (const part of raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)) {
    if (!(SCENARIOS as readonly string[]).includes(part))
      throw invalidArgument(`${path}.scenarios`, raw, `scenarios is a comma list of ${SCENARIOS.join(', ')}`);
    out.add(part as Scenario);
  }
  if (!out.size)
    throw invalidArgument(`${path}.scenarios`, raw, `scenarios is a comma list of ${SCENARIOS.join(', ')}`);
  return out;
}

function numberIn(p: Placed<PropertyInput>, min: number, max: number, what: string): number {
  const raw = p.input.dataValue;
  const v = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  if (!(Number.isFinite(v) && v >= min && v <= max))
    throw invalidArgument(
      `${p.path}.dataValue`,
      raw == null ? null : String(raw),
      `${p.input.keyName} is ${what}: a number from ${min} to ${max}`,
    );
  return v;
}

/** The request's inputs with a design's: a design's property input replaces the request's of the same keyName, its rate inputs those of the scenarios they name. */
export function placedInputs(
  body: Static<typeof AnalysisBody>,
  design: number | null,
): { properties: Placed<PropertyInput>[]; rates: Placed<RateInput>[] } {
  const place = <T extends { keyName?: string; scenarios?: string }>(
    list: readonly T[] | undefined,
    path: string,
    fallback: (x: T) => readonly Scenario[],
  ) =>
    (list ?? []).map((input, k) => ({
      input,
      path: `${path}[${k}]`,
      scenarios: tagsOf(input.scenarios, `${path}[${k}]`, fallback(input)),
    }));
  const propertyTags = (p: PropertyInput) =>
    DEFAULT_TAGS[p.keyName] ??
    (SOLAR_KEYS.has(p.keyName) ? ['solar'] : WHOLE_KEYS.has(p.keyName) ? WHOLE_TAGS : ['before', 'after']);
  let properties = place(body.propertyInputs?.map(underOwnName), 'propertyInputs', propertyTags);
  let rates = place(body.rateInputs, 'rateInputs', () => ['solar']);
  const d = design === null ? undefined : body.designs?.[design];
  if (d) {
    const own = place(d.propertyInputs?.map(underOwnName), `designs[${design}].propertyInputs`, propertyTags);
    const keys = new Set(own.map((p) => p.input.keyName));
    properties = [...properties.filter((p) => !keys.has(p.input.keyName)), ...own];
    if (d.rateInputs) {
      const ownRates = place(d.rateInputs, `designs[${design}].rateInputs`, () => ['solar']);
      const named = new Set(ownRates.flatMap((r) => [...r.scenarios]));
      rates = [...rates.filter((r) => ![...r.scenarios].some((s) => named.has(s))), ...ownRates];
    }
  }
  return { properties, rates };
}

export function readPlan(
  properties: readonly Placed<PropertyInput>[],
  rates: readonly Placed<RateInput>[],
): AnalysisPlan {
  const plan: AnalysisPlan = {
    years: DEFAULT_YEARS,
    utilityInflation: 0,
    solarInflation: 0,
    degradation: DEFAULT_DEGRADATION / 100,
    customerClass: 'RESIDENTIAL',
    tariff: { before: null, after: null },
    consumption: null,
    baseline: { buildingId: undefined, loadSize: undefined, factor: 1, path: 'propertyInputs', given: false },
    profiles: { usage: null, solar: null },
    pv: { system: { ...PVWATTS_DEFAULTS, systemCapacity: 0 }, sizePath: null, offsetPercent: null, production: null },
    exports: {},
    price: { perKwh: 0, perMonth: 0, perYear: 0, once: 0 },
    billRates: { before: [], after: [] },
    billProperties: { before: [], after: [] },
    echo: { before: [], after: [], solar: [], storage: [] },
    storage: null,
  };
  const storage = new Map<string, Placed<PropertyInput>>();
  const seen = new Map<string, string>();
  for (const p of properties) {
    const { keyName } = p.input;
    for (const s of p.scenarios)
      plan.echo[s].push({
        keyName,
        dataValue: p.input.dataSeries
          ? `${p.input.dataSeries.length} values`
          : p.input.dataValue == null
            ? null
            : String(p.input.dataValue),
        unit: p.input.unit ?? null,
      });
    if (!OWN_KEYS.has(keyName)) {
      for (const s of ['before', 'after'] as const) if (p.scenarios.has(s)) plan.billProperties[s].push(p);
      if (p.scenarios.has('solar') && p.scenarios.size === 1)
        throw invalidArgument(
          `${p.path}.scenarios`,
          p.input.scenarios ?? null,
          `${keyName} is a property of the utility bill: tag it before and/or after`,
        );
      continue;
    }
    if (PROFILE_KEYS.includes(keyName)) {
      readProfile(plan, p);
      continue;
    }
    if ((STORAGE_KEYS as readonly string[]).includes(keyName)) {
      if (!p.scenarios.has('storage') || p.scenarios.size > 1)
        throw invalidArgument(
          `${p.path}.scenarios`,
          p.input.scenarios ?? null,
          `${keyName} belongs to the storage scenario: tag it storage`,
        );
      if (storage.has(keyName))
        throw invalidArgument(
          `${p.path}.keyName`,
          keyName,
          `${keyName} is given twice (also at ${storage.get(keyName)!.path})`,
        );
      storage.set(keyName, p);
      continue;
    }
    // One value per key and scenario: a second is a mistake, not an override.
    for (const s of p.scenarios) {
      const key = `${keyName}|${s}`;
      if (seen.has(key))
        throw invalidArgument(
          `${p.path}.keyName`,
          keyName,
          `${keyName} is given twice for the ${s} scenario (also at ${seen.get(key)})`,
        );
      seen.set(key, p.path);
    }
    readKey(plan, p);
  }
  for (const r of rates) {
    const tagged = [...r.scenarios];
    if (r.scenarios.has('solar')) {
      if (tagged.length > 1)
        throw invalidArgument(
          `${r.path}.scenarios`,
          r.input.scenarios ?? null,
          'A rate input is the price of solar (scenarios "solar") or a rate of the utility bill (before and/or after), not both',
        );
      addSolarPrice(plan.price, r);
    } else if (r.scenarios.has('storage'))
      throw invalidArgument(
        `${r.path}.scenarios`,
        r.input.scenarios ?? null,
        'A rate input is the price of solar or a rate of the utility bill: tag it solar, before or after',
      );
    else for (const s of tagged as ('before' | 'after')[]) plan.billRates[s].push(r);
  }
  plan.storage = readStorage(storage);
  return plan;
}

/** The battery of the storage-tagged inputs, or null when none is given. */
function readStorage(inputs: ReadonlyMap<string, Placed<PropertyInput>>): StoragePlan | null {
  if (!inputs.size) return null;
  const capacity = inputs.get('storageCapacity');
  if (!capacity) {
    const first = [...inputs.values()][0]!;
    throw invalidArgument(
      `${first.path}.keyName`,
      first.input.keyName,
      'A battery needs storageCapacity (kWh) and storagePower (kW)',
    );
  }
  const power = inputs.get('storagePower');
  if (!power)
    throw invalidArgument(
      `${capacity.path}.keyName`,
      'storageCapacity',
      'A battery needs storagePower (kW) beside storageCapacity',
    );
  const defaulted: string[] = [];
  const percent = (key: string, min: number, max: number, fallback: number, what: string): number => {
    const p = inputs.get(key);
    if (!p) {
      defaulted.push(key);
      return fallback;
    }
    return numberIn(p, min, max, what) / 100;
  };
  const choice = <T extends string>(key: string, choices: readonly T[], fallback: T): T => {
    const p = inputs.get(key);
    if (!p) {
      defaulted.push(key);
      return fallback;
    }
    return enumValue(`${p.path}.dataValue`, String(p.input.dataValue ?? ''), choices) ?? fallback;
  };
  const gridCharging = choice('storageGridCharging', ['true', 'false'] as const, 'false') === 'true';
  const strategy = choice(
    'storageDispatch',
    ['SELF_CONSUMPTION', 'BILL_OPTIMAL', 'FIXED_SCHEDULE'] as const,
    'SELF_CONSUMPTION',
  );
  const schedule = storageSchedule(strategy, inputs.get('storageDispatch'), inputs.get('storageSchedule'));
  const coupling = choice('storageCoupling', ['AC', 'DC'] as const, 'AC');
  return {
    capacityKwh: numberIn(capacity, 0.1, 10_000, 'the usable capacity in kWh'),
    powerKw: numberIn(power, 0.1, 10_000, 'the power in kW'),
    roundTripEfficiency: percent(
      'storageRoundTripEfficiency',
      50,
      100,
      DEFAULT_ROUND_TRIP,
      'a round-trip efficiency in percent',
    ),
    reserve: percent('storageReserve', 0, 99, 0, 'a backup reserve in percent of capacity'),
    strategy,
    schedule,
    coupling,
    couplingPath: inputs.get('storageCoupling')?.path ?? null,
    gridCharging,
    fadePerYear: percent('storageDegradation', 0, 20, 0, 'a yearly loss of capacity in percent'),
    defaulted,
  };
}

/** A profile input: tagged solar, the PV output (a PVWatts or reading profile); else the usage before and after. */
function readProfile(plan: AnalysisPlan, p: Placed<PropertyInput>): void {
  const { keyName, dataValue } = p.input;
  if (dataValue == null || String(dataValue).trim() === '')
    throw invalidArgument(
      `${p.path}.dataValue`,
      null,
      `${keyName} names a profile of the account: give its id as dataValue`,
    );
  const solar = p.scenarios.has('solar');
  if (solar && p.scenarios.has('before'))
    throw invalidArgument(
      `${p.path}.scenarios`,
      p.input.scenarios ?? null,
      'A profile is the usage (scenarios "before,after") or the PV output (scenarios "solar"), not both',
    );
  const slot = solar ? 'solar' : 'usage';
  const other = plan.profiles[slot];
  if (other)
    throw invalidArgument(
      `${p.path}.keyName`,
      keyName,
      `Give one ${solar ? 'production (solar)' : 'usage'} profile (also at ${other.path})`,
    );
  plan.profiles[slot] = p;
}

function readKey(plan: AnalysisPlan, p: Placed<PropertyInput>): void {
  const { keyName } = p.input;
  const value = p.input.dataValue;
  switch (keyName) {
    case 'projectDuration':
      plan.years = numberIn(p, 1, MAX_YEARS, 'the term in years');
      if (!Number.isInteger(plan.years))
        throw invalidArgument(`${p.path}.dataValue`, String(value), 'projectDuration is a whole number of years');
      return;
    case 'rateInflation': {
      const rate = numberIn(p, -50, 100, 'a yearly escalation in percent') / 100;
      if (p.scenarios.has('solar')) plan.solarInflation = rate;
      if (p.scenarios.has('before') || p.scenarios.has('after')) {
        if (
          !(p.scenarios.has('before') && p.scenarios.has('after')) &&
          plan.utilityInflation !== 0 &&
          plan.utilityInflation !== rate
        ) {
          throw invalidArgument(
            `${p.path}.scenarios`,
            p.input.scenarios ?? null,
            'The utility escalates one rate before and after solar: tag rateInflation "before,after"',
          );
        }
        plan.utilityInflation = rate;
      }
      return;
    }
    case 'solarDegradation':
      plan.degradation = numberIn(p, 0, 20, 'a yearly loss of output in percent') / 100;
      return;
    case 'customerClass': {
      const c = String(value ?? '').toUpperCase();
      if (c !== 'RESIDENTIAL' && c !== 'GENERAL')
        throw invalidArgument(
          `${p.path}.dataValue`,
          value == null ? null : String(value),
          'customerClass is RESIDENTIAL or GENERAL',
        );
      plan.customerClass = c;
      return;
    }
    case 'masterTariffId': {
      const id = numberIn(p, 1, Number.MAX_SAFE_INTEGER, 'a tariff id');
      if (!Number.isInteger(id))
        throw invalidArgument(`${p.path}.dataValue`, String(value), 'masterTariffId is a whole number');
      if (p.scenarios.has('solar') && p.scenarios.size === 1)
        throw invalidArgument(
          `${p.path}.scenarios`,
          p.input.scenarios ?? null,
          'masterTariffId is the utility tariff before and/or after solar',
        );
      if (p.scenarios.has('before')) plan.tariff.before = { id, path: `${p.path}.dataValue` };
      if (p.scenarios.has('after')) plan.tariff.after = { id, path: `${p.path}.dataValue` };
      return;
    }
    case 'consumption':
      if (!p.input.dataSeries)
        throw invalidArgument(
          `${p.path}.dataSeries`,
          null,
          'consumption is interval data here: a dataSeries with duration and fromDateTime (an annual total is loadSize on a typical baseline)',
        );
      if (plan.consumption)
        throw invalidArgument(`${p.path}.keyName`, keyName, 'Give usage once: one consumption series');
      plan.consumption = p;
      return;
    case 'baselineType':
      if (String(value ?? '').toLowerCase() !== 'typicalelectricity')
        throw invalidArgument(
          `${p.path}.dataValue`,
          value == null ? null : String(value),
          'baselineType must be typicalElectricity',
        );
      plan.baseline.factor = p.input.dataFactor ?? 1;
      if (!(plan.baseline.factor > 0 && plan.baseline.factor <= 1000))
        throw invalidArgument(
          `${p.path}.dataFactor`,
          String(p.input.dataFactor),
          'dataFactor must be more than 0 (at most 1000)',
        );
      plan.baseline.path = p.path;
      plan.baseline.given = true;
      return;
    case 'buildingId':
      plan.baseline.buildingId = String(value ?? '');
      plan.baseline.given = true;
      return;
    case 'loadSize':
      plan.baseline.loadSize = numberIn(p, 1, 1e9, 'the kWh of a year');
      plan.baseline.given = true;
      return;
    case 'solarPvLoadOffset':
      plan.pv.offsetPercent = numberIn(p, 1, 200, "the share of the year's usage the PV makes, in percent");
      plan.pv.sizePath = `${p.path}.dataValue`;
      return;
    case 'moduleType':
    case 'arrayType': {
      const raw = String(value ?? '').trim();
      const names = keyName === 'moduleType' ? MODULE_TYPES : ARRAY_TYPES;
      const chosen =
        (keyName === 'moduleType' ? MODULE_CODES : ARRAY_CODES)[raw] ?? enumValue(`${p.path}.dataValue`, raw, names);
      if (!chosen)
        throw invalidArgument(
          `${p.path}.dataValue`,
          raw,
          `${keyName} is one of ${names.join(', ')} (or PVWatts's ${Object.keys(keyName === 'moduleType' ? MODULE_CODES : ARRAY_CODES).join(', ')})`,
        );
      if (keyName === 'moduleType') plan.pv.system.moduleType = chosen as PvSystem['moduleType'];
      else plan.pv.system.arrayType = chosen as PvSystem['arrayType'];
      return;
    }
    case 'soiling': {
      // PVWatts v8's soiling, percent: one value for the year, or twelve (January first) comma-separated or as a list.
      const values = (Array.isArray(value) ? value : String(value ?? '').split(',')).map((v) =>
        String(v).trim() === '' ? Number.NaN : Number(v),
      );
      if (!((values.length === 1 || values.length === 12) && values.every((v) => v >= 0 && v <= 100)))
        throw invalidArgument(
          `${p.path}.dataValue`,
          String(value),
          'soiling is one percentage (0-100) for the year, or twelve, January first',
        );
      plan.pv.system.soiling = values;
      return;
    }
    case 'solarProduction':
      if (!p.input.dataSeries)
        throw invalidArgument(
          `${p.path}.dataSeries`,
          null,
          'solarProduction is a dataSeries of kWh: 8,760 hours of a typical year, or interval data over year one (with fromDateTime and duration)',
        );
      plan.pv.production = p;
      return;
    case 'exportArrangement':
      plan.exports.arrangement = enumValue(`${p.path}.dataValue`, String(value ?? ''), EXPORT_ARRANGEMENTS);
      return;
    case 'trueUpMonth':
      plan.exports.trueUpMonth = numberIn(p, 1, 12, 'the month that settles the credit year');
      if (!Number.isInteger(plan.exports.trueUpMonth))
        throw invalidArgument(`${p.path}.dataValue`, String(value), 'trueUpMonth is a month number, 1-12');
      return;
    case 'yearEndSellRate':
      plan.exports.yearEndSellRate = numberIn(p, 0, 100, '$ per kWh of credit left at the true-up');
      return;
    case 'yearEndCreditPaid':
      plan.exports.yearEndCreditPaid = value === true || String(value).toLowerCase() === 'true';
      return;
    case 'exportVintage':
      plan.exports.vintage = numberIn(p, 2000, 2100, "the year of the solar customer's interconnection application");
      if (!Number.isInteger(plan.exports.vintage))
        throw invalidArgument(`${p.path}.dataValue`, String(value), 'exportVintage is a year, 2000-2100');
      return;
  }
  const name = PV_KEYS[keyName];
  if (name) {
    const [min, max] = PV_LIMITS[name as keyof typeof PV_LIMITS];
    (plan.pv.system as unknown as Record<string, number>)[name] = numberIn(
      p,
      min,
      max,
      name === 'systemCapacity' ? 'the DC nameplate in kW' : `PVWatts's ${keyName}`,
    );
    if (name === 'systemCapacity') plan.pv.sizePath = `${p.path}.dataValue`;
  }
}

/** A rate input of the solar scenario: a price per kWh (PPA), per month or year (lease), or once (purchase). */
function addSolarPrice(price: SolarPrice, r: Placed<RateInput>): void {
  const amount = r.input.rateBands.reduce((s, b) => s + b.rateAmount, 0);
  if (!(Math.abs(amount) <= 1e9))
    throw invalidArgument(`${r.path}.rateBands`, String(amount), 'rateAmount is too large');
  if (r.input.rateBands.length > 1)
    throw invalidArgument(`${r.path}.rateBands`, `${r.input.rateBands.length} bands`, 'A solar price has one band');
  const type = r.input.chargeType.toUpperCase();
  const period = (r.input.chargePeriod ?? 'MONTHLY').toUpperCase();
  if (type === 'CONSUMPTION_BASED') price.perKwh += amount;
  else if (type === 'FIXED_PRICE' && period === 'MONTHLY') price.perMonth += amount;
  else if (type === 'FIXED_PRICE' && period === 'ANNUALLY') price.perYear += amount;
  else if (type === 'FIXED_PRICE' && period === 'ONE_TIME') price.once += amount;
  else
    throw invalidArgument(
      `${r.path}.chargeType`,
      r.input.chargeType,
      'A solar price is CONSUMPTION_BASED ($/kWh, a PPA) or FIXED_PRICE with chargePeriod MONTHLY or ANNUALLY (a lease) or ONE_TIME (a purchase)',
    );
}

/** An input as a bill reads it: without the scenarios it is tagged with. */
export function stripScenarios(p: PropertyInput): Omit<PropertyInput, 'scenarios'> {
  const { scenarios: _s, ...rest } = p;
  return rest;
}
