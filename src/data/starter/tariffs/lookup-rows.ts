// Published lookup values are written as local date ranges; stored lookups are UTC instants. The zone is that of
// the LSE owning the key (a key without one is read as UTC).
import { DateTime } from 'luxon';
import type { NewLookup } from '../../../domain/properties/lookups.repository.ts';
import { STARTER_LSES } from '../lses.data.ts';
import type { KeyDefinition } from '../../../domain/properties/property-key-row.ts';
import type { StarterLookupValue } from './starter-tariff.ts';

export function lookupRowsByKey(
  values: readonly StarterLookupValue[],
  keys: readonly KeyDefinition[],
): { keyName: string; subKeyName: string; rows: NewLookup[] }[] {
  const groups = new Map<string, { keyName: string; subKeyName: string; rows: NewLookup[] }>();
  for (const v of values) {
    const key = keys.find((k) => k.keyName === v.keyName);
    if (!key) throw new Error(`starter lookup value names unknown key ${v.keyName}`);
    const zone = STARTER_LSES.find((l) => l.lseId === key.entityId)?.timeZone ?? 'UTC';
    const instant = (date: string) => DateTime.fromISO(date, { zone }).toMillis();
    const subKeyName = v.subKeyName ?? '';
    const id = `${v.keyName}\u0000${subKeyName}`;
    const group = groups.get(id) ?? { keyName: v.keyName, subKeyName, rows: [] };
    groups.set(id, group);
    group.rows.push({
      from_time: instant(v.from),
      to_time: instant(v.to),
      best_value: v.value,
      actual_value: v.value,
      best_accuracy: null,
      lse_forecast_value: null,
      lse_forecast_accuracy: null,
      forecast_value: null,
      forecast_accuracy: null,
    });
  }
  return [...groups.values()];
}
