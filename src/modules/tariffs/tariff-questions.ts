// The property keys a set of tariffs asks for: what to put to a customer (the "interview") before their bill can be
// calculated on those tariffs. One merge serves GET /rest/public/tariffs/properties and an account's interview
// (AccountsService.interview), so both ask the same questions of the same tariffs.
import type { Static } from '@sinclair/typebox';
import { invalidArgument } from '../../http/errors.ts';
import { csvList } from '../../http/list-params.ts';
import { MAX_ID } from '../../http/query-schemas.ts';
import type { PropertyKeyRow, RateKeyRow } from './tariffs.repository.ts';
import type { TariffPropertyKeySchema, TariffPropertySchema } from './tariffs.schemas.ts';

export type TariffProperty = Static<typeof TariffPropertySchema>;
export type TariffPropertyKey = Static<typeof TariffPropertyKeySchema>;
type Choice = NonNullable<TariffProperty['choices']>[number];

/** The keys a tariff asks for, as its properties (stored, and derived from its rates by rateKeyProperties). */
export interface QuestionSource {
  masterTariffId: number;
  properties: readonly TariffProperty[];
}

export interface QuestionFilter {
  /** Also the keys that are no question for a customer (see isQuestion). */
  includeAll?: boolean;
  /** Only keys some tariff has with one of these propertyTypes; empty or absent: any. */
  propertyTypes?: readonly string[];
}

/** Usage: what the customer's meter data gives, never asked as a question. */
const USAGE_KEYS = new Set(['consumption', 'demand']);
/** Data types Ratebook measures (DEMAND), computes (FORMULA) or looks up (LOOKUP) itself. */
const NOT_ASKED_TYPES = new Set(['FORMULA', 'LOOKUP', 'DEMAND']);

/** Whether a key is a question for the customer: not usage, and not a measured, formula or lookup key. */
export function isQuestion(p: { keyName: string; dataType: string | null }): boolean {
  return !USAGE_KEYS.has(p.keyName) && !NOT_ASKED_TYPES.has(p.dataType ?? '');
}

/**
 * Merges the keys of tariffs into one entry per key, in the order first met, each with the tariffs asking for it
 * (in the order given, once each). The first occurrence names the key; later ones fill what it left null, add their
 * propertyTypes and any choices not yet listed.
 */
export class QuestionMerger {
  private readonly entries = new Map<string, TariffPropertyKey>();
  private readonly types: Set<string> | null;

  constructor(private readonly filter: QuestionFilter = {}) {
    this.types = filter.propertyTypes?.length ? new Set(filter.propertyTypes) : null;
  }

  add({ masterTariffId, properties }: QuestionSource): void {
    for (const p of properties) {
      const question = isQuestion(p);
      if (!question && !this.filter.includeAll) continue;
      const types = csvList(p.propertyTypes);
      if (this.types && !types.some((t) => this.types!.has(t))) continue;
      let entry = this.entries.get(p.keyName);
      if (!entry) {
        entry = {
          keyName: p.keyName,
          displayName: p.displayName,
          family: p.family,
          keyspace: p.keyspace,
          description: p.description,
          dataType: p.dataType,
          quantityUnit: null,
          choices: p.choices ? [...p.choices] : null,
          propertyTypes: null,
          isQuestion: question,
          masterTariffIds: [],
        };
        this.entries.set(p.keyName, entry);
      } else {
        entry.displayName ??= p.displayName;
        entry.family ??= p.family;
        entry.keyspace ??= p.keyspace;
        entry.description ??= p.description;
        entry.dataType ??= p.dataType;
        for (const c of p.choices ?? []) {
          if (!entry.choices) entry.choices = [];
          if (!entry.choices.some((x) => x.value === c.value)) entry.choices.push(c);
        }
      }
      const known = csvList(entry.propertyTypes);
      for (const t of types) if (!known.includes(t)) known.push(t);
      entry.propertyTypes = known.length ? known.join(',') : null;
      if (!entry.masterTariffIds.includes(masterTariffId)) entry.masterTariffIds.push(masterTariffId);
    }
  }

  /** Sets the unit of the keys that have one (from their property key). */
  units(unitOf: (keyName: string) => string | null | undefined): void {
    for (const e of this.entries.values()) e.quantityUnit = unitOf(e.keyName) ?? null;
  }

  result(): TariffPropertyKey[] {
    return [...this.entries.values()];
  }
}

/** The territoryId key, which Ratebook defines itself: the rates of a tariff priced per territory (baseline regions). */
export const TERRITORY_KEY = {
  keyName: 'territoryId',
  displayName: 'Territory',
  description:
    'The territory the service address is in (for example a baseline region): the tariff prices some rates per territory. Answer with a territoryId; GET /rest/public/territories?zipCode=... finds those covering an address',
};

/** What the rate-derived properties need to know besides the rates: property keys, their choices, territory names. */
export interface RateKeyContext {
  keys: ReadonlyMap<string, PropertyKeyRow>;
  choices: ReadonlyMap<string, Choice[]>;
  territoryName: (territoryId: number) => string | null;
}

/** The names of the property keys rate facts name (to load their definitions for rateKeyProperties). */
export function rateKeyNames(rows: readonly RateKeyRow[]): string[] {
  const names = new Set<string>();
  for (const r of rows) {
    for (const k of [r.applicability_key, r.variable_rate_key, quantityKeyOf(r)]) if (k) names.add(k);
  }
  return [...names];
}

/**
 * The keys one version's rates ask for, as tariff properties (propertyTypes RATE_CRITERIA), in the order first met:
 * territoryId when rates are priced per territory (choices: those territories); each applicabilityKey (choices: the
 * key's own, else for a CHOICE key or an undefined one the band values that choose); each variableRateKey (a lookup); each rate's quantity key
 * (consumption, demand or a DEMAND key for energy and demand charges; the customer's quantity for QUANTITY charges).
 */
export function rateKeyProperties(rows: readonly RateKeyRow[], ctx: RateKeyContext): TariffProperty[] {
  const out = new Map<string, TariffProperty>();
  const add = (
    keyName: string,
    fallback: { displayName?: string; description?: string; dataType?: string },
    choice?: Choice,
  ) => {
    let p = out.get(keyName);
    if (!p) {
      const key = ctx.keys.get(keyName);
      const own = ctx.choices.get(keyName);
      p = {
        keyName,
        quantityKey: null,
        displayName: key?.display_name ?? fallback.displayName ?? null,
        family: key?.family ?? null,
        keyspace: key?.keyspace ?? null,
        description: key?.description ?? fallback.description ?? null,
        dataType: key?.data_type ?? fallback.dataType ?? null,
        propertyTypes: 'RATE_CRITERIA',
        operator: null,
        propertyValue: null,
        minValue: null,
        maxValue: null,
        period: null,
        choices: own?.length ? [...own] : null,
        isDefault: false,
      };
      out.set(keyName, p);
      if (own?.length) return;
    }
    // Values of the rates' own (the territories, the band values) for a CHOICE key (or one no key defines) that
    // lists no choices of its own; a BOOLEAN's answers are true and false whatever the bands name.
    if (choice && (p.dataType === 'CHOICE' || p.dataType === null) && !ctx.choices.get(keyName)?.length) {
      p.choices ??= [];
      if (!p.choices.some((c) => c.value === choice.value)) p.choices.push(choice);
    }
  };
  for (const r of rows) {
    if (r.territory_id !== null) {
      const name = ctx.territoryName(r.territory_id);
      const id = String(r.territory_id);
      add(
        TERRITORY_KEY.keyName,
        { displayName: TERRITORY_KEY.displayName, description: TERRITORY_KEY.description, dataType: 'CHOICE' },
        { displayValue: name ?? id, value: id, dataValue: id, likelihood: null },
      );
    }
    if (r.applicability_key) {
      const v = r.applicability_value;
      add(
        r.applicability_key,
        {},
        v === null ? undefined : { displayValue: v, value: v, dataValue: v, likelihood: null },
      );
    }
    // The rate's amount is the lookup's value: published data, not the customer's answer.
    if (r.variable_rate_key) add(r.variable_rate_key, { dataType: 'LOOKUP' });
    const quantity = quantityKeyOf(r);
    if (quantity) add(quantity, {});
  }
  return [...out.values()];
}

/** The quantity a rate charges by, when it is a key: energy, demand (or the rate's DEMAND key), or a QUANTITY key. */
function quantityKeyOf(r: RateKeyRow): string | null {
  if (r.charge_type === 'CONSUMPTION_BASED') return 'consumption';
  if (r.charge_type === 'DEMAND_BASED') return r.quantity_key ?? 'demand';
  if (r.charge_type === 'QUANTITY') return r.quantity_key;
  return null;
}

/** At most this many masterTariffIds in one request. */
export const MAX_MASTER_TARIFF_IDS = 500;

/** A masterTariffId list parameter: positive integer ids, once each, in the order given. */
export function masterTariffIdList(raw: string | string[] | undefined): number[] | undefined {
  if (raw === undefined) return undefined;
  const values = csvList(raw);
  if (!values.length)
    throw invalidArgument(
      'masterTariffId',
      Array.isArray(raw) ? raw.join(',') : raw,
      'masterTariffId is empty: give one masterTariffId or a comma list',
    );
  const ids: number[] = [];
  for (const v of values) {
    const id = /^\d{1,10}$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID)
      throw invalidArgument(
        'masterTariffId',
        v,
        `masterTariffId must be a positive integer id (at most ${MAX_ID}); "${v}" is not`,
      );
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > MAX_MASTER_TARIFF_IDS)
    throw invalidArgument(
      'masterTariffId',
      `${ids.length} ids`,
      `At most ${MAX_MASTER_TARIFF_IDS} masterTariffIds in one request`,
    );
  return ids;
}
