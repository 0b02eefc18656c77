// Everything the bill engine needs about one tariff over one range, read from the database once: its versions
// (rates, bands, property defaults; riders expanded into rates), the seasons, compiled TOU groups and holiday
// calendars the rates use, and the lookup values their variableRateKeys name.
import type { Db } from '../../db/database.ts';
import { addDays, type CivilDate } from '../../engine/calendar/civil-date.ts';
import { ownDemandKey } from '../../engine/bill/billing-demand.ts';
import { lookupKey, type DemandKey, type LookupSeries } from '../../engine/bill/types.ts';
import { localDateOf, localDateTime } from '../../engine/time/local-days.ts';
import type { SeasonDef } from '../../engine/time/seasons.ts';
import type { CompiledTouGroup } from '../../engine/time/tou-schedule.ts';
import type {
  ChargePeriod,
  ChargeType,
  Rate,
  RateUnit,
  TariffVersion,
  TierScope,
  TransactionType,
} from '../../engine/tariff/model.ts';
import { csvList } from '../../http/list-params.ts';
import { fromSqlBool } from '../../db/sql-values.ts';
import { DateTime } from 'luxon';
import type { CalendarsService } from '../calendars/calendars.service.ts';
import { bundledPrices } from '../../data/starter/export-prices/bundled-prices.ts';
import type { LookupsRepository } from '../../domain/properties/lookups.repository.ts';
import { toSeasonDef, type SeasonsRepository } from '../seasons/seasons.repository.ts';
import type { TimeOfUsesService } from '../timeofuses/timeofuses.service.ts';
import { exportRulesOf } from '../tariffs/export-rules-row.ts';
import {
  TariffsRepository,
  type BandRow,
  type RateRow,
  type TariffRow,
  type TariffViewer,
} from '../tariffs/tariffs.repository.ts';
import { toDemandKey } from './demand-keys.ts';
import type { TimeSelector } from './time-selector.ts';

export interface TariffContext {
  masterTariffId: number;
  tariffName: string;
  zone: string;
  lseId: number;
  lseName: string;
  customerClass: string;
  /** Every version, oldest first. */
  versions: TariffVersion[];
  /** The DEMAND keys its demand rates name as quantityKey (ratchets and demands the caller gives). */
  demandKeys: Map<string, DemandKey>;
}

export interface TimeContext {
  seasons: Map<number, SeasonDef>;
  touGroups: Map<string, CompiledTouGroup>;
  tous: Map<number, { groupKey: string; index: number }>;
  calendarsOn: (date: CivilDate) => ReadonlySet<number>;
  lookups: Map<string, LookupSeries>;
}

/** The versions in effect at some time in [from, to). */
export const versionsIn = (tariff: TariffContext, from: number, to: number): TariffVersion[] =>
  tariff.versions.filter((v) => v.from < to && (v.to === null || v.to > from));

/** The territories the versions' rates name: those a location can choose among. */
export const territoriesOf = (versions: readonly TariffVersion[]): number[] => [
  ...new Set(versions.flatMap((v) => v.rates.map((r) => r.territoryId)).filter((t): t is number => t !== null)),
];

const instant = (local: string, zone: string) => localDateTime(local, zone).toMillis();
const midnight = (date: string, zone: string) => DateTime.fromISO(date, { zone }).toMillis();

export function toEngineRate(r: RateRow, bands: readonly BandRow[], zone: string): Rate {
  return {
    tariffRateId: r.tariff_rate_id,
    tariffId: r.tariff_id,
    tariffSequenceNumber: r.tariff_sequence_number ?? 0,
    rateGroupName: r.rate_group_name ?? '',
    rateName: r.rate_name ?? '',
    chargeType: (r.charge_type ?? 'CONSUMPTION_BASED') as ChargeType,
    chargeClass: csvList(r.charge_class),
    chargePeriod: (r.charge_period ?? 'MONTHLY') as ChargePeriod,
    transactionType: r.transaction_type as TransactionType | null,
    quantityKey: r.quantity_key,
    applicabilityKey: r.applicability_key,
    variableRateKey: r.variable_rate_key,
    variableRateSubKey: r.variable_rate_sub_key,
    seasonId: r.season_id,
    touId: r.tou_id,
    territoryId: r.territory_id,
    from: r.from_date_time === null ? null : instant(r.from_date_time, zone),
    to: r.to_date_time === null ? null : instant(r.to_date_time, zone),
    tierScope: (r.tier_scope ?? 'TOU_PERIOD') as TierScope,
    bands: bands.map((b) => ({
      tariffRateBandId: b.tariff_rate_band_id,
      rateSequenceNumber: b.rate_sequence_number,
      consumptionUpperLimit: fromSqlBool(b.has_consumption_limit) ? b.consumption_upper_limit : null,
      demandUpperLimit: fromSqlBool(b.has_demand_limit) ? b.demand_upper_limit : null,
      applicabilityValue: b.applicability_value,
      calculationFactor: b.calculation_factor,
      rateAmount: b.rate_amount ?? 0,
      rateUnit: (b.rate_unit ?? 'COST_PER_UNIT') as RateUnit,
      isCredit: fromSqlBool(b.is_credit),
    })),
  };
}

type LookupHour = { from: number; to: number; value: number };

/** Export price spans a process keeps (a span is a key's year of hourly values, 8,760 of them: about 0.9 MB). */
const KEPT_SPANS = 32;

export class TariffContextLoader {
  private readonly tariffs: TariffsRepository;
  /** `splicedLookups`'s spans as read, by key and span, with the key's stamp when read (LookupsRepository.stamp). */
  private readonly spans = new Map<string, { stamp: string; hours: readonly Readonly<LookupHour>[] }>();

  constructor(
    db: Db,
    private readonly seasons: SeasonsRepository,
    private readonly timeOfUses: TimeOfUsesService,
    private readonly calendars: CalendarsService,
    private readonly lookups: LookupsRepository,
  ) {
    this.tariffs = new TariffsRepository(db);
  }

  /** The tariff's versions, or null when no tariff the viewer may see has that masterTariffId. */
  async tariff(masterTariffId: number, viewer: TariffViewer): Promise<TariffContext | null> {
    const rows = await this.tariffs.versions(masterTariffId, viewer);
    if (!rows.length) return null;
    const zone = rows[0]!.time_zone;
    const versions = await this.toVersions(rows, zone);
    const keyNames = [
      ...new Set(versions.flatMap((v) => v.rates.map(ownDemandKey)).filter((k): k is string => k !== null)),
    ];
    const demandKeys = new Map((await this.tariffs.propertyKeys(keyNames)).map((k) => [k.key_name, toDemandKey(k)]));
    return {
      masterTariffId,
      tariffName: rows.at(-1)!.tariff_name,
      zone,
      lseId: rows[0]!.lse_id,
      lseName: rows[0]!.lse_name,
      customerClass: rows.at(-1)!.customer_class,
      versions,
      demandKeys,
    };
  }

  private async toVersions(rows: TariffRow[], zone: string): Promise<TariffVersion[]> {
    const { rates, bands } = await this.tariffs.rates(rows.map((r) => r.tariff_id));
    const properties = await this.tariffs.properties(rows.map((r) => r.tariff_id));
    const out: TariffVersion[] = [];
    for (const row of rows) {
      const from = midnight(row.effective_date, zone);
      const to = row.end_date === null ? null : midnight(row.end_date, zone);
      const own: Rate[] = [];
      for (const r of rates.filter((x) => x.tariff_id === row.tariff_id)) {
        if (r.rider_id === null) own.push(toEngineRate(r, bands.get(r.tariff_rate_id) ?? [], zone));
        else own.push(...(await this.riderRates(r.rider_id, from, to, zone, { orgId: row.owner_org_id })));
      }
      const defaults = new Map<string, string>();
      for (const p of properties)
        if (p.tariff_id === row.tariff_id && fromSqlBool(p.is_default) && p.property_value !== null)
          defaults.set(p.key_name, p.property_value);
      out.push({
        tariffId: row.tariff_id,
        masterTariffId: row.master_tariff_id,
        tariffName: row.tariff_name,
        from,
        to,
        rates: own,
        propertyDefaults: defaults,
        exportRules: exportRulesOf(row),
      });
    }
    return out;
  }

  /** A rider's rates over a version's span: each rider version's rates, limited to that rider version's dates. */
  private async riderRates(
    riderId: number,
    from: number,
    to: number | null,
    zone: string,
    viewer: TariffViewer,
  ): Promise<Rate[]> {
    // Seen as the owner of the version naming the rider sees it (authoring refuses a rider its author cannot see).
    const riderRows = await this.tariffs.versions(riderId, viewer);
    const out: Rate[] = [];
    for (const v of await this.toVersions(riderRows, zone)) {
      const start = Math.max(from, v.from);
      const end = Math.min(to ?? Infinity, v.to ?? Infinity);
      if (end <= start) continue;
      for (const r of v.rates)
        out.push({
          ...r,
          from: Math.max(start, r.from ?? -Infinity),
          to: Math.min(end, r.to ?? Infinity) === Infinity ? null : Math.min(end, r.to ?? Infinity),
        });
    }
    return out;
  }

  /** One lookup series spliced from the keys of consecutive spans (an export vintage's locked, then floating, prices). */
  async splicedLookups(segments: readonly { keyName: string; from: number; to: number }[]): Promise<LookupSeries> {
    const from: number[] = [];
    const to: number[] = [];
    const value: number[] = [];
    for (const s of segments) {
      for (const h of await this.span(s)) {
        // Each span keeps the values that start in it: hourly values split cleanly at a year's first midnight.
        if (h.from < s.from || h.from >= s.to) continue;
        from.push(h.from);
        to.push(h.to);
        value.push(h.value);
      }
    }
    return { from: Float64Array.from(from), to: Float64Array.from(to), value: Float64Array.from(value) };
  }

  /**
   * A key's hourly values over [from, to). Read once and kept while the key's stamp stays the same: every calculation
   * on a net billing tariff reads a year of them, and a portfolio job's every chunk did (a third of a worker's row
   * parsing, bench/README); a write anywhere changes the stamp, so the next read takes the new values.
   */
  private async span(s: { keyName: string; from: number; to: number }) {
    const id = `${s.keyName}|${s.from}|${s.to}`;
    const stamp = await this.lookups.stamp(s.keyName, '');
    const kept = this.spans.get(id);
    if (kept && stamp !== null && kept.stamp === stamp) return kept.hours;
    const { rows: stored } = await this.lookups.range(s.keyName, '', s.from, s.to, {
      pageStart: 0,
      pageCount: 1_000_000,
    });
    // Not stored yet, or not all (a server loads them after it listens, two years of a key at a time, and a range
    // may straddle what is in and what is not): the bundled file's own values, the same the load stores.
    const hours =
      stored.length >= Math.floor((s.to - s.from) / 3_600_000)
        ? stored.map((x) => ({
            from: Number(x.from_time),
            to: Number(x.to_time),
            value: x.best_value ?? x.actual_value ?? 0,
          }))
        : bundledPrices(s.keyName, s.from, s.to);
    if (stamp !== null) {
      this.spans.delete(id);
      this.spans.set(id, { stamp, hours });
      if (this.spans.size > KEPT_SPANS) this.spans.delete(this.spans.keys().next().value!);
    }
    return hours;
  }

  /** Seasons, TOU groups, holiday calendars and lookup values for the rates (and lookbacks), over [from, to). */
  async time(
    rates: readonly TimeSelector[],
    zone: string,
    from: number,
    to: number,
    orgId: number | null,
  ): Promise<TimeContext> {
    const seasonIds = [...new Set(rates.map((r) => r.seasonId).filter((s): s is number => s !== null))];
    const seasons = new Map((await this.seasons.byIds(seasonIds)).map((s) => [s.season_id, toSeasonDef(s)]));
    const touGroups = new Map<string, CompiledTouGroup>();
    const tous = new Map<number, { groupKey: string; index: number }>();
    for (const touId of new Set(rates.map((r) => r.touId).filter((t): t is number => t !== null))) {
      if (tous.has(touId)) continue;
      const group = await this.timeOfUses.repo.groupOfTou(touId, orgId);
      if (!group) continue;
      const groupKey = `${group.group.lse_id}:${group.group.tou_group_id}`;
      const compiled = await this.timeOfUses.compile(group);
      touGroups.set(groupKey, compiled);
      compiled.tous.forEach((t, index) => {
        tous.set(t.touId, { groupKey, index });
      });
    }
    const calendarIds = [...new Set([...touGroups.values()].flatMap((g) => [...g.calendarIds]))];
    const range = {
      from: addDays(localDateOf(DateTime.fromMillis(from), zone), -1),
      to: addDays(localDateOf(DateTime.fromMillis(to), zone), 1),
    };
    const calendarsOn = await this.calendars.calendarsByDate(calendarIds, range);
    const lookups = new Map<string, LookupSeries>();
    for (const r of rates) {
      if (r.variableRateKey === null) continue;
      const key = lookupKey(r);
      if (lookups.has(key)) continue;
      const { rows } = await this.lookups.range(r.variableRateKey, r.variableRateSubKey ?? '', from, to, {
        pageStart: 0,
        pageCount: 1_000_000,
      });
      lookups.set(key, {
        from: Float64Array.from(rows.map((x) => Number(x.from_time))),
        to: Float64Array.from(rows.map((x) => Number(x.to_time))),
        value: Float64Array.from(rows.map((x) => x.best_value ?? x.actual_value ?? 0)),
      });
    }
    return { seasons, touGroups, tous, calendarsOn, lookups };
  }
}
