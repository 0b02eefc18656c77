// A calculation request read and checked before anything is billed: its scenarios (each with the shared scenario's
// inputs), the tariff versions a range bills, the property inputs no key or tariff knows, and the export terms a
// scenario sets over the tariff's.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { Assumption } from '../../engine/bill/types.ts';
import { EXPORT_ARRANGEMENTS, type ExportRules, type Rate, type TariffVersion } from '../../engine/tariff/model.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument } from '../../http/errors.ts';
import { enumValue } from '../../http/list-params.ts';
import type { PropertiesRepository } from '../properties/properties.repository.ts';
import type { MassBody, ScenarioInput } from './calculations.schemas.ts';
import { versionsIn, type TariffContext } from './tariff-context.ts';
import { nearMissOf } from './near-miss.ts';
import { BASELINE_KEYS } from './typical-usage.ts';
import type { PropertyData } from './usage-inputs.ts';

export type Options = Omit<Static<typeof MassBody>, 'scenarios' | 'sharedScenario'>;
export type Scenario = Static<typeof ScenarioInput>;

/**
 * A scenario with the shared scenario's inputs: the scenario's own values win, except usage (consumption and
 * demand), which the shared scenario adds to the scenario's own.
 */
export function merge(shared: Scenario | undefined, s: Scenario): Scenario {
  if (!shared) return s;
  const usage = (p: PropertyData) => p.keyName === 'consumption' || p.keyName === 'demand';
  const own = s.propertyInputs ?? [];
  const ownKeys = new Set(own.filter((p) => !usage(p)).map((p) => p.keyName));
  const inherited = (shared.propertyInputs ?? []).filter((p) => usage(p) || !ownKeys.has(p.keyName));
  return {
    scenarioName: s.scenarioName,
    masterTariffId: s.masterTariffId ?? shared.masterTariffId,
    propertyInputs: [...own, ...inherited],
    rateInputs: s.rateInputs ?? shared.rateInputs,
    expected: s.expected ?? shared.expected,
    exportArrangement: s.exportArrangement ?? shared.exportArrangement,
    trueUpMonth: s.trueUpMonth ?? shared.trueUpMonth,
    yearEndSellRate: s.yearEndSellRate ?? shared.yearEndSellRate,
    yearEndCreditPaid: s.yearEndCreditPaid ?? shared.yearEndCreditPaid,
    exportVintage: s.exportVintage ?? shared.exportVintage,
    storage: s.storage ?? shared.storage,
  };
}

/** The scenario's export arrangement and true-up terms over the tariff's, or null when it names none. */
export function exportOverrideOf(s: Scenario, path: string): Partial<ExportRules> | null {
  const arrangement = enumValue(`${path}exportArrangement`, s.exportArrangement, EXPORT_ARRANGEMENTS);
  const override: Partial<ExportRules> = {};
  if (arrangement !== undefined) override.arrangement = arrangement;
  if (s.trueUpMonth !== undefined) override.trueUpMonth = s.trueUpMonth;
  if (s.yearEndSellRate !== undefined) override.yearEndSellRate = s.yearEndSellRate;
  if (s.yearEndCreditPaid !== undefined) override.yearEndCreditPaid = s.yearEndCreditPaid;
  return Object.keys(override).length ? override : null;
}

/** The version fixed by tariffEffectiveOn, or every version in effect at some time in the range. */
export function versionsFor(
  tariff: TariffContext,
  from: number,
  to: number,
  effectiveOn: string | undefined,
): { versions: TariffVersion[]; fixed: boolean } {
  const on = dateTimeParam('tariffEffectiveOn', effectiveOn, tariff.zone)?.value.toMillis();
  if (on !== undefined) {
    const v = tariff.versions.find((x) => x.from <= on && (x.to === null || x.to > on));
    if (!v)
      throw invalidArgument(
        'tariffEffectiveOn',
        effectiveOn ?? null,
        `No version of tariff ${tariff.masterTariffId} is in effect on that date`,
      );
    // The rates as they stood on that date, over the whole range: a rate dated later (or ended before) is not of
    // that date, and one in effect then is not cut off by its own dates when the range reaches past them.
    const rates = v.rates
      .filter((r) => (r.from === null || r.from <= on) && (r.to === null || r.to > on))
      .map((r) => (r.from === null && r.to === null ? r : { ...r, from: null, to: null }));
    return { versions: [{ ...v, rates }], fixed: true };
  }
  const versions = versionsIn(tariff, from, to);
  if (!versions.length) {
    const spans = tariff.versions
      .map(
        (v) =>
          `${DateTime.fromMillis(v.from, { zone: tariff.zone }).toISODate()} to ${v.to === null ? 'open' : DateTime.fromMillis(v.to, { zone: tariff.zone }).toISODate()}`,
      )
      .join('; ');
    throw invalidArgument(
      'fromDateTime',
      null,
      `No version of tariff ${tariff.masterTariffId} is in effect in the range (its versions: ${spans})`,
    );
  }
  return { versions, fixed: false };
}

/** Keys whose inputs carry the usage: a misspelling of one would bill as no usage at all. */
const USAGE_KEYS = ['consumption', 'demand'] as const;

/** The keys a tariff's versions (and its bills' added rates) use, by the versions read: a job's bills share them. */
const ownKeysOf = new WeakMap<readonly TariffVersion[], { tariff: TariffContext; keys: ReadonlySet<string> }>();

function ownKeys(
  tariff: TariffContext,
  versions: readonly TariffVersion[],
  extra: readonly Rate[],
  usageKeys: readonly string[],
): ReadonlySet<string> {
  const known = extra.length ? undefined : ownKeysOf.get(versions);
  if (known?.tariff === tariff) return known.keys;
  const own = new Set<string>(['territoryId', ...BASELINE_KEYS, ...usageKeys]);
  for (const v of versions) for (const k of v.propertyDefaults.keys()) own.add(k);
  for (const r of [...versions.flatMap((v) => v.rates), ...extra])
    for (const k of [r.applicabilityKey, r.variableRateKey]) if (k) own.add(k);
  if (!extra.length) ownKeysOf.set(versions, { tariff, keys: own });
  return own;
}

/**
 * Property inputs this tariff does not use, each as an assumption of the bill. The original's clients send one set
 * of inputs to many tariffs (SmartRate, CARE, medical baseline, ...), so an input no rate reads changes nothing and
 * is said so. A name that is no property key and a near miss of a usage key ("consumptoin") is refused, naming the
 * input: a typo must never bill the fixed charges of no usage silently.
 */
export async function unusedInputs(
  keys: PropertiesRepository,
  inputs: readonly PropertyData[],
  path: string,
  tariff: TariffContext,
  versions: readonly TariffVersion[],
  extra: readonly Rate[],
  range: { from: number; to: number },
): Promise<Omit<Assumption, 'displayName'>[]> {
  const usageKeys = [...USAGE_KEYS, ...tariff.demandKeys.keys()];
  const own = ownKeys(tariff, versions, extra, usageKeys);
  const others = inputs.map((p) => p.keyName).filter((k) => !own.has(k));
  if (!others.length) return [];
  const known = await keys.existing(others);
  const noted: Omit<Assumption, 'displayName'>[] = [];
  for (const [k, input] of inputs.entries()) {
    if (own.has(input.keyName)) continue;
    const meant = known.has(input.keyName) ? null : nearMissOf(input.keyName, usageKeys);
    if (meant !== null)
      throw invalidArgument(
        `${path}[${k}].keyName`,
        input.keyName,
        `${input.keyName} is not a property key (GET /rest/public/properties lists them): did you mean ${meant}?`,
      );
    if (noted.some((a) => a.keyName === input.keyName)) continue;
    noted.push({
      keyName: input.keyName,
      dataValue: input.dataValue === undefined || input.dataValue === null ? null : String(input.dataValue),
      description: `${input.keyName} is not used by this tariff (no rate of it depends on it): the bill is the same without it`,
      fromDateTime: range.from,
      toDateTime: range.to,
      accuracy: 100,
    });
  }
  return noted;
}
