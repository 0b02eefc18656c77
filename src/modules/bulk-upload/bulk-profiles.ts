// A profiles file: one usage profile a row, by the names of the original's Profile fields. A row whose
// providerProfileId (or profileId) the organization already has updates that profile, as PUT /rest/v1/profiles does;
// any other adds one to the account its accountId or providerAccountId names. Each row becomes the JSON body those
// operations take, checked by the same schema and ProfilesService code.
import type { ProfileRow, ProfilesRepository } from '../profiles/profiles.repository.ts';
import { ProfileInput } from '../profiles/profiles.schemas.ts';
import type { ProfileBody, ProfilesService } from '../profiles/profiles.service.ts';
import { booleanCell, refusalOf, schemaFault, type Header, type Refusal, type Row } from './bulk-rows.ts';

const FIELDS = [
  'profileId',
  'providerProfileId',
  'accountId',
  'providerAccountId',
  'profileName',
  'description',
  'meterId',
  'serviceTypes',
];
/** Not properties: the source and the default flag have columns of their own. */
const OWN = new Set([...FIELDS, 'sourceId', 'isDefault'].map((f) => f.toLowerCase()));

export interface PreparedProfile {
  row: ProfileRow;
  isNew: boolean;
}

function columnOf(header: Header) {
  return (field: string | null): string | null => {
    if (!field) return null;
    const p = field
      .replace(/^properties[.[]/, '')
      .replace(/^source\./, '')
      .replace(/\]?\.(dataValue|keyName)$/, '');
    return header.find(p) ?? p;
  };
}

function bodyOf(header: Header, row: Row): { body: ProfileBody } | { fault: Refusal } {
  const body: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const v = header.cell(row, f);
    if (v !== undefined) body[f] = v;
  }
  const source = header.cell(row, 'sourceId');
  if (source !== undefined) body.source = { sourceId: source };
  const isDefault = booleanCell(header.cell(row, 'isDefault'));
  if (isDefault === null)
    return {
      fault: {
        row: row.line,
        column: header.find('isDefault')!,
        value: header.cell(row, 'isDefault') ?? null,
        message: 'isDefault must be true or false',
      },
    };
  if (isDefault !== undefined) body.isDefault = isDefault;
  const properties: Record<string, { keyName: string; dataValue: string }> = {};
  for (const column of header.names.filter((n) => n !== '' && !OWN.has(n.toLowerCase()))) {
    const v = header.cell(row, column);
    if (v !== undefined) properties[column] = { keyName: column, dataValue: v };
  }
  if (Object.keys(properties).length) body.properties = properties;
  return { body: body as ProfileBody };
}

/**
 * A row checked into the profile row it writes, or why it is refused. Nothing is stored. `defaults` holds the
 * accounts and service types whose default profile an earlier row of the file made: the services decide a new
 * profile's default from what is stored, which does not yet hold the file's earlier rows.
 */
export async function prepareProfileRow(
  profiles: ProfilesService,
  header: Header,
  row: Row,
  orgId: number,
  seen: Map<string, number>,
  defaults: Set<string>,
): Promise<PreparedProfile | Refusal> {
  const made = bodyOf(header, row);
  if ('fault' in made) return made.fault;
  const { body } = made;
  const columns = columnOf(header);
  const fault = schemaFault(ProfileInput, body, row.line, columns);
  if (fault) return fault;
  const key = body.profileId ?? body.providerProfileId;
  if (key) {
    const earlier = seen.get(key);
    if (earlier !== undefined)
      return {
        row: row.line,
        column: header.find(body.profileId ? 'profileId' : 'providerProfileId')!,
        value: key,
        message: `${key} is already the profile of row ${earlier} of this file`,
      };
    seen.set(key, row.line);
  }
  try {
    const ref = body.profileId
      ? { profileId: body.profileId }
      : body.providerProfileId
        ? { providerProfileId: body.providerProfileId }
        : null;
    const existing = ref && (await profiles.repo.find(orgId, ref));
    if (body.profileId && !existing)
      return {
        row: row.line,
        column: header.find('profileId')!,
        value: body.profileId,
        message: `No usage profile ${body.profileId} of the organization`,
      };
    const prepared = existing
      ? { ...(await profiles.prepareUpdate(existing, body, orgId)), isNew: false }
      : { ...(await profiles.prepareCreate(body, orgId)), isNew: true };
    const slot = `${prepared.row.account_id}|${prepared.row.service_types}`;
    if (prepared.isNew && body.isDefault === undefined && defaults.has(slot)) prepared.row.is_default = false;
    if (prepared.row.is_default) defaults.add(slot);
    return { row: prepared.row, isNew: prepared.isNew };
  } catch (e) {
    return refusalOf(e, row.line, columns);
  }
}

export async function commitProfile(prepared: PreparedProfile, repo: ProfilesRepository): Promise<void> {
  await repo.save(prepared.row, prepared.isNew);
}
