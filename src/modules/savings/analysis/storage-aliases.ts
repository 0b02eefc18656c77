// The original's names for a battery, as its storage profiles take them (batteryNameplateCapacity, ...: the fields of
// POST /rest/v1/profiles/storage's `storage`, whose shares are fractions 0-1), accepted as the savings analysis's
// property inputs beside Ratebook's own storage keys (shares in percent): each is read as the key it stands for, its
// value converted to that key's unit.
import type { AnalysisPropertyInput } from '../analysis.schemas.ts';
import type { Static } from '@sinclair/typebox';

type PropertyInput = Static<typeof AnalysisPropertyInput>;
type Value = PropertyInput['dataValue'];

const same = (v: Value) => v;
/** A share 0-1 as percent; a value that is no number is passed on for the key's own check to refuse. */
const percent = (v: Value) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? Math.round(n * 100 * 1e9) / 1e9 : v;
};
const coupling = (v: Value) => {
  const s = String(v ?? '').toLowerCase();
  return s === 'true' ? 'DC' : s === 'false' ? 'AC' : v;
};

export const ORIGINAL_STORAGE_NAMES: Readonly<Record<string, { keyName: string; value: (v: Value) => Value }>> = {
  batteryNameplateCapacity: { keyName: 'storageCapacity', value: same },
  batteryNameplatePower: { keyName: 'storagePower', value: same },
  batteryRoundTripEfficiency: { keyName: 'storageRoundTripEfficiency', value: percent },
  batteryReserve: { keyName: 'storageReserve', value: percent },
  batteryCapacityFade: { keyName: 'storageDegradation', value: percent },
  allowGridToBattery: { keyName: 'storageGridCharging', value: same },
  batteryDcCoupled: { keyName: 'storageCoupling', value: coupling },
};

/** The input under Ratebook's key when it names a battery by the original's name; otherwise the input itself. */
export function underOwnName(input: PropertyInput): PropertyInput {
  const alias = input.keyName === undefined ? undefined : ORIGINAL_STORAGE_NAMES[input.keyName];
  return alias ? { ...input, keyName: alias.keyName, dataValue: alias.value(input.dataValue) } : input;
}
