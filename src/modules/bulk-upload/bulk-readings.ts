// A readings file: one reading a row, into the profile the row names (a profileId or providerProfileId column) or,
// for rows that name none, the profile the form names. Two layouts: named columns, read by the same names and the
// same reading parser as POST /rest/v1/profiles/{id}/readings with text/csv; and the original's Powermeter layout
// (Time, Usage (kWh), IsInitial), where each row is a reading's end and the row before it gives its start.
import type { Reading } from '../../importers/readings/reading.ts';
import { readingFromFields, type ReadingFields } from '../../importers/readings/reading-rows.ts';
import { READING_COLUMNS } from '../../importers/readings/readings-csv.ts';
import type { ProfileRef, ProfileRow } from '../profiles/profiles.repository.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { booleanCell, refusalOf, type Header, type Refusal, type Row } from './bulk-rows.ts';

/** A profile the file writes into, checked once: its row and the zone its wall-clock times are read in. */
export interface ReadingsTarget {
  row: ProfileRow;
  zone: string;
}

export interface ReadingsForm {
  profileId?: string;
  providerProfileId?: string;
  quantityUnit?: string;
}

/** 20100103T080000.000Z (ISO 8601 basic, as Powermeter writes it) -> 2010-01-03T08:00:00.000Z; others unchanged. */
export function extendedIso(text: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(text.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}${m[8] ?? ''}` : text;
}

/**
 * Reads a readings file's rows into readings. Keeps, per profile, the start of its previous reading (the reading
 * parser places a repeated wall-clock hour after it) and, for Powermeter, the previous row's time. One instance a
 * pass over the file; the targets checked in the first pass are handed to the second, which reads nothing.
 */
export class ReadingRows {
  private readonly previousStart = new Map<string, number>();
  private readonly previousTime = new Map<string, string>();
  /** Powermeter rows that only start a series (IsInitial, or a profile's first row): no reading of their own. */
  initialRows = 0;
  private readonly fieldColumns = new Map<keyof ReadingFields, string>();
  private readonly usageColumn: string | undefined;

  constructor(
    private readonly profiles: ProfilesService,
    private readonly header: Header,
    private readonly layout: 'COLUMNS' | 'POWERMETER',
    private readonly orgId: number,
    private readonly form: ReadingsForm,
    readonly targets: Map<string, ReadingsTarget | Refusal> = new Map(),
  ) {
    for (const name of header.names) {
      const key = READING_COLUMNS.get(name.toLowerCase());
      if (key && !this.fieldColumns.has(key)) this.fieldColumns.set(key, name);
    }
    this.usageColumn = header.names.find((n) => n.toLowerCase().startsWith('usage'));
  }

  /** The file's column for a field a parser or service names; the form's field when no column named the profile. */
  columnOf = (field: string | null): string | null => {
    if (!field) return null;
    if (field === 'profileId' || field === 'providerProfileId') return this.header.find(field) ?? field;
    if (this.layout === 'POWERMETER') {
      if (field === 'quantityValue') return this.usageColumn ?? field;
      if (field === 'fromDateTime' || field === 'toDateTime') return this.header.find('Time') ?? field;
      if (field === 'quantityUnit') return 'quantityUnit';
    }
    return this.fieldColumns.get(field as keyof ReadingFields) ?? field;
  };

  /** The profile a row names, checked once per profile (the organization's, one that takes readings). */
  private async target(row: Row): Promise<ReadingsTarget | Refusal> {
    const id =
      this.header.cell(row, 'profileId') ?? (this.header.has('providerProfileId') ? undefined : this.form.profileId);
    const pid =
      this.header.cell(row, 'providerProfileId') ??
      (this.header.has('profileId') ? undefined : this.form.providerProfileId);
    const ref: ProfileRef | null = id ? { profileId: id } : pid ? { providerProfileId: pid } : null;
    if (!ref)
      return {
        row: row.line,
        column: this.header.find('profileId') ?? this.header.find('providerProfileId') ?? 'profileId',
        value: null,
        message:
          'Name the profile of the readings: a profileId or providerProfileId column, or the form field profileId or providerProfileId',
      };
    const key = 'profileId' in ref ? `id:${ref.profileId}` : `pid:${ref.providerProfileId}`;
    let found = this.targets.get(key);
    if (!found) {
      try {
        const loaded = await this.profiles.load(ref, this.orgId);
        found = { row: loaded.row, zone: loaded.account.row.time_zone ?? 'UTC' };
      } catch (e) {
        found = refusalOf(e, row.line, this.columnOf);
      }
      this.targets.set(key, found);
    }
    // A profile refused once is named again on each of its rows.
    return 'row' in found && 'message' in found ? { ...found, row: row.line } : found;
  }

  /** A row's reading and its profile; null for a Powermeter row that only starts a series; or why it is refused. */
  async read(row: Row): Promise<{ target: ReadingsTarget; reading: Reading } | Refusal | null> {
    const target = await this.target(row);
    if ('message' in target) return target;
    const profileId = target.row.profile_id;
    let fields: ReadingFields;
    if (this.layout === 'POWERMETER') {
      const time = extendedIso(this.header.cell(row, 'Time') ?? '');
      const previous = this.previousTime.get(profileId);
      this.previousTime.set(profileId, time);
      if (booleanCell(this.header.cell(row, 'IsInitial')) === true || previous === undefined) {
        this.initialRows++;
        return null;
      }
      fields = {
        fromDateTime: previous,
        toDateTime: time,
        quantityValue: this.usageColumn === undefined ? undefined : row.cells[this.usageColumn],
        quantityUnit: this.form.quantityUnit ?? 'kWh',
      };
    } else {
      fields = {};
      for (const [key, column] of this.fieldColumns) {
        const v = row.cells[column];
        if (v !== undefined && v !== '') fields[key] = v;
      }
    }
    try {
      const reading = readingFromFields(
        fields,
        `row ${row.line}`,
        { zone: target.zone, defaultUnit: this.form.quantityUnit ?? 'kWh' },
        this.previousStart.get(profileId),
      );
      this.profiles.checkReadings(target.row, [reading]);
      this.previousStart.set(profileId, reading.start);
      return { target, reading };
    } catch (e) {
      return refusalOf(e, row.line, this.columnOf);
    }
  }
}
