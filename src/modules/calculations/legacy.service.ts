// The older calculate operation's two forms read as the v1 on-demand request, then calculated by CalculationsService:
// one calculation, the same answer. Errors the service raises about an input are renamed to the field or query
// parameter the caller sent (tariffInputs[0].dataValue, consumption, zipCode), so every 400 names what was sent.
import type { Static } from '@sinclair/typebox';
import { ApiError, invalidArgument } from '../../http/errors.ts';
import { csvList } from '../../http/list-params.ts';
import type { CalculateBody } from './calculations.schemas.ts';
import type { CalculatedCost } from './calculated-cost.ts';
import type { CalculationsService } from './calculations.service.ts';
import { IGNORED_QUERY, LegacyCalculateQuery, UNSUPPORTED_FIELDS, type LegacyCalculateBody } from './legacy.schemas.ts';
import type { PropertyData } from './usage-inputs.ts';

type V1Body = Static<typeof CalculateBody>;
type Query = Static<typeof LegacyCalculateQuery>;

const DECLARED = new Set(Object.keys(LegacyCalculateQuery.properties));
const IGNORED = new Set<string>(IGNORED_QUERY);
/** What a property key name looks like; anything else in a query name is refused before it reaches the database. */
const KEY_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;

export class LegacyCalculations {
  constructor(private readonly calculations: CalculationsService) {}

  /** POST: the v1 body, the tariff from the path; tariffInputs, territoryId and zipCode as older clients send them. */
  async fromBody(
    masterTariffId: number,
    body: Static<typeof LegacyCalculateBody>,
    orgId: number | null,
    ext: boolean,
  ): Promise<CalculatedCost> {
    refuseUnsupported(body as Record<string, unknown>);
    const { masterTariffId: named, tariffInputs, territoryId, zipCode, propertyInputs, ...options } = body;
    sameTariff(named, masterTariffId);
    if (tariffInputs !== undefined && propertyInputs !== undefined)
      throw invalidArgument('tariffInputs', null, 'Give propertyInputs or tariffInputs (its older name), not both');
    const listName = tariffInputs !== undefined ? 'tariffInputs' : 'propertyInputs';
    const given = tariffInputs ?? propertyInputs;
    const inputs: PropertyData[] = [...(given ?? [])];
    const names = new Map<number, string>();
    if (territoryId !== undefined) {
      if (inputs.some((p) => p.keyName === 'territoryId'))
        throw invalidArgument(
          'territoryId',
          territoryId,
          `territoryId is given both as a field and in ${listName}: give it once`,
        );
      names.set(inputs.length, 'territoryId');
      inputs.push({ keyName: 'territoryId', dataValue: territoryId });
    }
    const v1: V1Body = { ...options, masterTariffId };
    if (given !== undefined || inputs.length) v1.propertyInputs = inputs;
    if (zipCode !== undefined) {
      if (options.address !== undefined) throw invalidArgument('zipCode', zipCode, 'Give address or zipCode, not both');
      v1.address = { zip: zipCode };
      v1.applyUtilityTax = options.applyUtilityTax ?? false;
    }
    return this.run(v1, orgId, ext, (name) => {
      const k = inputIndex(name);
      if (k !== null && names.has(k)) return names.get(k)!;
      if (k !== null) return name.replace(/^propertyInputs/, listName);
      return zipCode !== undefined && /^address\b/.test(name) ? 'zipCode' : name;
    });
  }

  /**
   * GET: flat query parameters. consumption (kWh over the range), demand (kW) and territoryId are the usual inputs;
   * any other keyName=value is a property input with that value as text. A parameter given twice or with no value is
   * a 400 naming it.
   */
  async fromQuery(masterTariffId: number, query: Query, orgId: number | null, ext: boolean): Promise<CalculatedCost> {
    const raw = query as Record<string, unknown>;
    refuseUnsupported(raw);
    sameTariff(query.masterTariffId, masterTariffId);
    const inputs: PropertyData[] = [];
    const names: string[] = [];
    const add = (name: string, dataValue: PropertyData['dataValue']) => {
      inputs.push({ keyName: name, dataValue });
      names.push(name);
    };
    if (query.consumption !== undefined) add('consumption', query.consumption);
    if (query.demand !== undefined) add('demand', query.demand);
    if (query.territoryId !== undefined) add('territoryId', query.territoryId);
    for (const [name, value] of Object.entries(raw)) {
      if (DECLARED.has(name) || IGNORED.has(name)) continue;
      if (!KEY_NAME.test(name))
        throw invalidArgument(
          name,
          typeof value === 'string' ? value : null,
          `${name} is not a parameter of this operation, nor a property key name`,
        );
      if (Array.isArray(value))
        throw invalidArgument(name, value.join(','), `${name} is given more than once: give a property input once`);
      if (typeof value !== 'string' || value.trim() === '')
        throw invalidArgument(name, null, `${name} needs a value (${name}=value)`);
      add(name, value);
    }
    const v1: V1Body = {
      masterTariffId,
      fromDateTime: query.fromDateTime,
      toDateTime: query.toDateTime,
      propertyInputs: inputs,
    };
    if (query.detailLevel !== undefined) v1.detailLevel = query.detailLevel;
    if (query.groupBy !== undefined) v1.groupBy = query.groupBy;
    if (query.billingPeriod !== undefined) v1.billingPeriod = query.billingPeriod;
    if (query.isBillingPeriod !== undefined) v1.isBillingPeriod = query.isBillingPeriod;
    if (query.minimums !== undefined) v1.minimums = query.minimums;
    if (query.excludeChargeClass !== undefined) v1.excludeChargeClass = csvList(query.excludeChargeClass).join(',');
    if (query.tariffEffectiveOn !== undefined) v1.tariffEffectiveOn = query.tariffEffectiveOn;
    if (query.zipCode !== undefined) v1.address = { zip: query.zipCode };
    v1.applyUtilityTax = query.applyUtilityTax ?? false;
    return this.run(v1, orgId, ext, (name) => {
      const k = inputIndex(name);
      if (k !== null) return names[k] ?? name;
      return /^address\b/.test(name) ? 'zipCode' : name;
    });
  }

  private async run(
    v1: V1Body,
    orgId: number | null,
    ext: boolean,
    rename: (name: string) => string,
  ): Promise<CalculatedCost> {
    try {
      return await this.calculations.calculate(v1, orgId, ext);
    } catch (e) {
      throw renamed(e, rename);
    }
  }
}

/** k of a "propertyInputs[k]..." name, else null. */
function inputIndex(name: string): number | null {
  const m = /^propertyInputs\[(\d+)\]/.exec(name);
  return m ? Number(m[1]) : null;
}

function sameTariff(named: number | undefined, masterTariffId: number): void {
  if (named !== undefined && named !== masterTariffId)
    throw invalidArgument(
      'masterTariffId',
      named,
      `masterTariffId ${named} differs from ${masterTariffId} in the path`,
    );
}

const ACCOUNT_FORM = 'POST /rest/public/calculate/account/{accountId} (or /rest/v1/accounts/{accountId}/calculate)';
const WHY: Record<(typeof UNSUPPORTED_FIELDS)[number], string> = {
  accountId: `An account is calculated by ${ACCOUNT_FORM}`,
  providerAccountId: 'An account is calculated by POST /rest/v1/accounts/pid/{providerAccountId}/calculate',
  profileId: `A usage profile is billed by the account calculation, ${ACCOUNT_FORM} with profileId`,
  useMostRecentUsageData: `Stored usage is billed by the account calculation, ${ACCOUNT_FORM}`,
  includeDefaultProfile: `Stored usage is billed by the account calculation, ${ACCOUNT_FORM}`,
  tariffRateId: 'Calculating one rate of a tariff is not supported: detailLevel=RATE itemizes every rate',
  dataFactor: 'A factor on all usage is not supported here: give dataFactor on each property input',
};

/** A field of the original that would bill something else than this form's inputs: a 400 saying where it belongs. */
function refuseUnsupported(fields: Record<string, unknown>): void {
  for (const name of UNSUPPORTED_FIELDS) {
    const value = fields[name];
    if (value === undefined || value === null || value === false || value === 'false') continue;
    throw invalidArgument(
      name,
      value,
      `${WHY[name]}; this form takes the usage in propertyInputs (or tariffInputs) or as query parameters`,
    );
  }
}

/** The error with its propertyName (and the name in its message) renamed to what the caller sent. */
function renamed(e: unknown, rename: (name: string) => string): unknown {
  if (!(e instanceof ApiError) || e.item.propertyName === null) return e;
  const from = e.item.propertyName;
  const to = rename(from);
  if (to === from) return e;
  const word = new RegExp(`(?<![\\w.\\[])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w\\[])`, 'g');
  return new ApiError(
    e.statusCode,
    { ...e.item, propertyName: to, message: e.item.message.replace(word, () => to) },
    e.headers,
  );
}
