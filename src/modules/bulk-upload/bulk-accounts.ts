// An accounts file: one account a row, by the names of the original's Account fields. A row whose providerAccountId
// the organization already uses updates that account (as PUT /rest/v1/accounts does), any other adds one. Each row
// becomes the JSON body POST/PUT take and is checked by the same schema and AccountsService code.
import type { AccountBody } from '../accounts/account-write.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import { AccountInput } from '../accounts/accounts.schemas.ts';
import type { AccountsService, PreparedAccount } from '../accounts/accounts.service.ts';
import { refusalOf, schemaFault, type Header, type Refusal, type Row } from './bulk-rows.ts';

const FIELDS = ['providerAccountId', 'accountName', 'customerOrgId', 'customerOrgName', 'owner', 'status', 'type'];
const ADDRESS = ['addressString', 'addressName', 'address1', 'address2', 'city', 'state', 'zip', 'country'];
const COORDINATES = ['lat', 'lon'];
/** Columns refused in the header: accounts are matched by providerAccountId, and tariffs come as masterTariffId. */
const REFUSED: Record<string, string> = {
  accountid: 'Accounts are matched by providerAccountId: an accountId column cannot be loaded',
};

/** Every other column is a property of the account (customerClass, masterTariffId, lseId, territoryId, any key). */
function propertyColumns(header: Header): string[] {
  const known = new Set([...FIELDS, ...ADDRESS, ...COORDINATES].map((f) => f.toLowerCase()));
  return header.names.filter((n) => n !== '' && !known.has(n.toLowerCase()));
}

export function accountColumnFaults(header: Header): Refusal[] {
  return header.names
    .filter((n) => REFUSED[n.toLowerCase()])
    .map((n) => ({ row: 1, column: n, value: null, message: REFUSED[n.toLowerCase()]! }));
}

/** The file's column for a field the services name (properties.customerClass.dataValue -> customerClass). */
function columnOf(header: Header) {
  return (field: string | null): string | null => {
    if (!field) return null;
    const p = field
      .replace(/^properties[.[]/, '')
      .replace(/^address\./, '')
      .replace(/\]?\.(dataValue|masterTariffId|effectiveDate|keyName)$/, '');
    if (p === 'address')
      return header.find('zip') ?? header.find('addressString') ?? ADDRESS.find((a) => header.has(a)) ?? 'address';
    return header.find(p) ?? p;
  };
}

/** The body of POST /rest/v1/accounts a row stands for; empty cells are not set. */
function bodyOf(header: Header, row: Row): { body: AccountBody } | { fault: Refusal } {
  const body: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const v = header.cell(row, f);
    if (v !== undefined) body[f] = v;
  }
  const address: Record<string, unknown> = {};
  for (const f of ADDRESS) {
    const v = header.cell(row, f);
    if (v !== undefined) address[f] = v;
  }
  for (const f of COORDINATES) {
    const v = header.cell(row, f);
    if (v === undefined) continue;
    const n = Number(v);
    if (!Number.isFinite(n))
      return { fault: { row: row.line, column: header.find(f)!, value: v, message: `${f} must be a number` } };
    address[f] = n;
  }
  if (Object.keys(address).length) body.address = address;
  const properties: Record<string, { keyName: string; dataValue: string }> = {};
  for (const column of propertyColumns(header)) {
    const v = header.cell(row, column);
    if (v !== undefined) properties[column] = { keyName: column, dataValue: v };
  }
  if (Object.keys(properties).length) body.properties = properties;
  return { body: body as AccountBody };
}

/** A row checked into the account write it asks for, or why it is refused. Nothing is stored. */
export async function prepareAccountRow(
  accounts: AccountsService,
  header: Header,
  row: Row,
  orgId: number,
  seen: Map<string, number>,
): Promise<PreparedAccount | Refusal> {
  const made = bodyOf(header, row);
  if ('fault' in made) return made.fault;
  const { body } = made;
  const fault = schemaFault(AccountInput, body, row.line, columnOf(header));
  if (fault) return fault;
  if (!body.providerAccountId && !body.accountName)
    return {
      row: row.line,
      column: header.find('providerAccountId') ?? header.find('accountName') ?? null,
      value: null,
      message: 'An account row needs a providerAccountId or an accountName',
    };
  if (body.providerAccountId) {
    const earlier = seen.get(body.providerAccountId);
    if (earlier !== undefined)
      return {
        row: row.line,
        column: header.find('providerAccountId')!,
        value: body.providerAccountId,
        message: `providerAccountId ${body.providerAccountId} is already the account of row ${earlier} of this file`,
      };
    seen.set(body.providerAccountId, row.line);
  }
  try {
    return await accounts.prepareUpsert(body, orgId);
  } catch (e) {
    return refusalOf(e, row.line, columnOf(header));
  }
}

export async function commitAccount(
  accounts: AccountsService,
  prepared: PreparedAccount,
  orgId: number,
  repo: AccountsRepository,
): Promise<void> {
  await accounts.commit(prepared, orgId, repo);
}
