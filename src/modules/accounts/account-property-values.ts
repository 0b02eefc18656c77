// What an account property may hold. A handful of keys describe the account itself (its class, utility, territory,
// tariff, building); every other key must be a property key Ratebook knows, and its value must fit the key's data type
// and choices. A value that would not be understood later (a typo'd class, "abc" kW) is refused now, naming the key.
import { invalidArgument } from '../../http/errors.ts';
import type { PropertiesRepository } from '../properties/properties.repository.ts';

/** The original's numeric customer classes and their names (the account tutorial sends customerClass "1"). */
const CUSTOMER_CLASS_CODES: Record<string, string> = { '1': 'RESIDENTIAL', '2': 'GENERAL', '4': 'SPECIAL_USE' };
const CUSTOMER_CLASSES = ['RESIDENTIAL', 'GENERAL', 'SPECIAL_USE'];

interface AccountKey {
  displayName: string;
  dataType: string;
  check(value: string): string | null;
}

const positiveInteger = (v: string) =>
  /^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= 2_147_483_647 ? null : 'must be a positive integer id';
const decimal = (v: string) => (v.trim() !== '' && Number.isFinite(Number(v)) ? null : 'must be a number');

/** Keys of the account itself, with the original's names. */
export const ACCOUNT_KEYS: Record<string, AccountKey> = {
  customerClass: {
    displayName: 'Customer Class',
    dataType: 'CHOICE',
    check: (v) =>
      customerClassOf(v) ? null : `must be one of ${CUSTOMER_CLASSES.join(', ')} (or the original's codes 1, 2, 4)`,
  },
  lseId: { displayName: 'Utility (LSE)', dataType: 'INTEGER', check: positiveInteger },
  territoryId: { displayName: 'Territory', dataType: 'INTEGER', check: positiveInteger },
  masterTariffId: { displayName: 'Tariff', dataType: 'INTEGER', check: positiveInteger },
  buildingArea: {
    displayName: 'Building Area (sq ft)',
    dataType: 'DECIMAL',
    check: (v) => decimal(v) ?? (Number(v) > 0 ? null : 'must be more than 0'),
  },
};

/** RESIDENTIAL, GENERAL or SPECIAL_USE for a stored customerClass value, or null. */
export function customerClassOf(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const v = value.trim().toUpperCase();
  return CUSTOMER_CLASS_CODES[v] ?? (CUSTOMER_CLASSES.includes(v) ? v : null);
}

function checkByType(dataType: string | null, value: string, choices: string[] | null): string | null {
  switch (dataType) {
    case 'DECIMAL':
    case 'DEMAND':
      return decimal(value);
    case 'INTEGER':
      return /^-?\d+$/.test(value) ? null : 'must be an integer';
    case 'BOOLEAN':
      return /^(true|false)$/i.test(value) ? null : 'must be true or false';
    case 'DATE':
      return /^\d{4}-\d{2}-\d{2}/.test(value) ? null : 'must be a date (YYYY-MM-DD)';
    case 'CHOICE':
      return !choices?.length || choices.includes(value) ? null : `must be one of ${choices.join(', ')}`;
    case 'FORMULA':
    case 'LOOKUP':
      return 'is computed by Ratebook (a formula or a published lookup), not set on an account';
    default:
      return null;
  }
}

export interface CheckedProperty {
  keyName: string;
  dataValue: string;
  displayName: string | null;
  dataType: string | null;
}

/** Checks each value against its key; `field(k)` names the value in errors ("properties.customerClass.dataValue"). */
export async function checkProperties(
  keys: PropertiesRepository,
  values: { keyName: string; dataValue: string }[],
  field: (keyName: string) => string,
): Promise<CheckedProperty[]> {
  const others = values.map((v) => v.keyName).filter((k) => !(k in ACCOUNT_KEYS));
  const rows = new Map<string, { display_name: string | null; data_type: string | null }>();
  for (const k of new Set(others)) {
    const row = await keys.find(k);
    if (row) rows.set(k, row);
  }
  const choices = await keys.choicesOf([...rows.entries()].filter(([, r]) => r.data_type === 'CHOICE').map(([k]) => k));
  return values.map(({ keyName, dataValue }) => {
    const own = ACCOUNT_KEYS[keyName];
    if (own) {
      const problem = own.check(dataValue);
      if (problem) throw invalidArgument(field(keyName), dataValue, `${keyName} ${problem}`);
      return { keyName, dataValue, displayName: own.displayName, dataType: own.dataType };
    }
    const row = rows.get(keyName);
    if (!row)
      throw invalidArgument(
        field(keyName).replace(/\.dataValue$/, '.keyName'),
        keyName,
        `${keyName} is not a property key (GET /rest/public/properties lists them; account keys: ${Object.keys(ACCOUNT_KEYS).join(', ')})`,
      );
    const problem = checkByType(row.data_type, dataValue, choices.get(keyName)?.map((c) => c.value) ?? null);
    if (problem) throw invalidArgument(field(keyName), dataValue, `${keyName} ${problem}`);
    return { keyName, dataValue, displayName: row.display_name, dataType: row.data_type };
  });
}
