// Tariffs: which versions a listing selects (by place, account, dates, classes and flags, visible to the caller) and
// which version is in effect on a date, each as the API shows it (tariff-view.ts). The history of a tariff
// (tariff-history.ts) and the keys the selected versions ask for (tariff-question-sources.ts) are answered here too,
// by the parts that hold those jobs.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { Db } from '../../db/database.ts';
import type { LookupsRepository } from '../../domain/properties/lookups.repository.ts';
import { localDateParam } from '../../http/dates.ts';
import { invalidArgument, notFound } from '../../http/errors.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { enumList } from '../../http/list-params.ts';
import { DocumentsService } from '../documents/documents.service.ts';
import type { LsesService } from '../lses/lses.service.ts';
import type { PropertiesRepository } from '../properties/properties.repository.ts';
import type { SeasonsRepository } from '../seasons/seasons.repository.ts';
import type { TerritoriesRepository } from '../territories/territories.repository.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import type { Shaping, Window } from './rate-shaping.ts';
import { TariffHistoryReader, type TariffHistory } from './tariff-history.ts';
import { TariffQuestionCollector } from './tariff-question-sources.ts';
import { masterTariffIdList, type TariffPropertyKey } from './tariff-questions.ts';
import { TariffView, todayIn, type Tariff, type TariffRate } from './tariff-view.ts';
import { TariffsRepository, type TariffRow, type TariffViewer } from './tariffs.repository.ts';
import {
  CUSTOMER_CLASSES,
  PRIVACY_FLAGS,
  RATE_CHARGE_TYPES,
  TARIFF_PROPERTY_TYPES,
  TARIFF_SERVICE_TYPES,
  TARIFF_TYPES,
  type TariffPropertiesQuery,
} from './tariffs.schemas.ts';

export type TariffPropertiesParams = Static<typeof TariffPropertiesQuery>;

export interface TariffListParams {
  lseId?: number;
  masterTariffId?: number;
  /** Versions of any of these tariffs (not a parameter of the list; GET /rest/public/tariffs/properties). */
  masterTariffIds?: number[];
  effectiveOn?: string;
  fromDateTime?: string;
  toDateTime?: string;
  openOn?: string;
  customerClasses?: string[];
  tariffTypes?: string[];
  serviceTypes?: string[];
  chargeTypes?: string[];
  privacyFlags?: string[];
  zipCode?: string;
  postCode?: string;
  country?: string;
  addressString?: string;
  accountId?: string;
  riderId?: number;
  territoryId?: number;
  consumption?: number;
  demand?: number;
  hasNetMetering?: boolean;
  hasTimeOfUseRates?: boolean;
  hasTieredRates?: boolean;
  hasContractedRates?: boolean;
  isActive?: boolean;
  isSolarEligible?: boolean;
  populateRates?: boolean;
  populateProperties?: boolean;
  populateDocuments?: boolean;
  bundleRates?: boolean;
  applicableRatesOnly?: boolean;
  filterRiderRates?: boolean;
}

/** Where an account is: what the tariff list filters by when given accountId. Null: no such account for the organization. */
export type AccountPlaceResolver = (
  accountId: string,
  orgId: number | null,
) => Promise<{ zipCode: string | null; lseId: number | null; customerClass: string | null } | null>;

/** Who is asking: an organization's own (authored, PRIVATE) tariffs are seen by it alone. */
export type TariffCaller = TariffViewer;

export class TariffsService {
  readonly repo: TariffsRepository;
  private readonly view: TariffView;
  private readonly histories: TariffHistoryReader;

  constructor(
    db: Db,
    private readonly lses: LsesService,
    private readonly zipcodes: ZipcodesService,
    seasons: SeasonsRepository,
    private readonly territories: TerritoriesRepository,
    private readonly keys: PropertiesRepository,
    private readonly lookups: LookupsRepository,
    private readonly now: () => Date,
    /** Resolves accountId for the tariff list; without it, accountId is a 400. */
    private readonly accountPlace?: AccountPlaceResolver,
  ) {
    this.repo = new TariffsRepository(db);
    const documents = new DocumentsService(db);
    this.view = new TariffView(this.repo, seasons, territories, keys, documents, now);
    this.histories = new TariffHistoryReader(this.repo, lookups, documents);
  }

  /** Today's date in a zone, YYYY-MM-DD. */
  private today(zone: string): string {
    return todayIn(this.now(), zone);
  }

  /**
   * Without a date range, the version of each tariff in effect on effectiveOn (default openOn, else today; UTC dates);
   * with fromDateTime and toDateTime, every version in effect at some time in the range. Every filter is SQL, so count
   * and paging hold; rate shaping (bundleRates, applicableRatesOnly, filterRiderRates) works on the page's rates.
   */
  async list(p: TariffListParams, options: ListOptions, caller: TariffCaller) {
    const on = localDateParam('effectiveOn', p.effectiveOn, 'UTC');
    const from = localDateParam('fromDateTime', p.fromDateTime, 'UTC');
    const to = localDateParam('toDateTime', p.toDateTime, 'UTC');
    const openOn = localDateParam('openOn', p.openOn, 'UTC');
    if ((from === undefined) !== (to === undefined)) {
      throw invalidArgument(
        from === undefined ? 'fromDateTime' : 'toDateTime',
        null,
        'fromDateTime and toDateTime go together',
      );
    }
    if (from && to && to <= from)
      throw invalidArgument('toDateTime', p.toDateTime, 'toDateTime must be after fromDateTime');
    if (on && from)
      throw invalidArgument(
        'effectiveOn',
        p.effectiveOn,
        'Send effectiveOn or a fromDateTime/toDateTime range, not both',
      );
    for (const name of ['bundleRates', 'applicableRatesOnly', 'filterRiderRates'] as const) {
      if (p[name] && !p.populateRates)
        throw invalidArgument(name, 'true', `${name} shapes the rates: send it with populateRates=true`);
    }
    let customerClasses: string[] = enumList('customerClasses', p.customerClasses, CUSTOMER_CLASSES);
    const tariffTypes = enumList('tariffTypes', p.tariffTypes, TARIFF_TYPES);
    const serviceTypes = enumList('serviceTypes', p.serviceTypes, TARIFF_SERVICE_TYPES);
    const chargeTypes = enumList('chargeTypes', p.chargeTypes, RATE_CHARGE_TYPES);
    const privacyFlags = enumList('privacyFlags', p.privacyFlags, PRIVACY_FLAGS);

    // Every place given narrows the LSEs: ZIP code, address, LSE and account all hold at once.
    let lseIds: number[] | undefined;
    const narrow = (ids: number[]) => {
      lseIds = lseIds ? lseIds.filter((id) => ids.includes(id)) : ids;
    };
    const zip = await this.zipcodes.resolve({ zipCode: p.zipCode, postCode: p.postCode, country: p.country });
    if (zip) narrow(await this.lsesServing(zip.zipcode));
    if (p.addressString !== undefined) {
      if (p.addressString.trim() === '')
        throw invalidArgument(
          'addressString',
          p.addressString,
          'addressString is empty: send an address with a five-digit ZIP code (or ending "City, ST")',
        );
      const place = await this.zipcodes.resolve({ addressString: p.addressString, country: p.country });
      narrow(await this.lsesServing(place!.zipcode));
    }
    if (p.lseId !== undefined) narrow([p.lseId]);
    if (p.accountId !== undefined) {
      if (!this.accountPlace)
        throw invalidArgument(
          'accountId',
          p.accountId,
          'accountId cannot be used here: this server has no account store configured for the tariff list',
        );
      const place = await this.accountPlace(p.accountId, caller.orgId);
      if (!place) throw notFound('Account', 'accountId', p.accountId);
      // A ZIP code the account holds but Ratebook has not loaded is served by no loaded LSE.
      if (place.zipCode !== null) narrow(await this.lsesServing(place.zipCode).catch(() => []));
      if (place.lseId !== null) narrow([place.lseId]);
      if (place.customerClass !== null) {
        const own = place.customerClass.toUpperCase();
        customerClasses = customerClasses.length ? customerClasses.filter((c) => c === own) : [own];
        if (!customerClasses.length) return { rows: [], total: 0 };
      }
    }
    // PRIVATE selects the caller's own tariffs (those its organization wrote); the repository never shows another's.
    const privacy = privacyFlags.length ? privacyFlags : ['PUBLIC'];
    const today = this.today('UTC');
    const listedOn = from ? undefined : (on ?? openOn ?? today);
    const { rows, total } = await this.repo.list(
      {
        lseIds,
        masterTariffId: p.masterTariffId,
        masterTariffIds: p.masterTariffIds,
        customerClasses,
        tariffTypes,
        serviceTypes,
        on: listedOn,
        range: from && to ? { from, to } : undefined,
        active: p.isActive === undefined ? undefined : { value: p.isActive, today },
        privacy,
        openOn,
        chargeTypes,
        riderId: p.riderId,
        territoryId: p.territoryId,
        consumption: p.consumption,
        demand: p.demand,
        solarEligible: p.isSolarEligible,
        flags: {
          hasNetMetering: p.hasNetMetering,
          hasTimeOfUseRates: p.hasTimeOfUseRates,
          hasTieredRates: p.hasTieredRates,
          hasContractedRates: p.hasContractedRates,
        },
      },
      options,
      caller,
    );
    const shaping: Shaping = {
      bundleRates: p.bundleRates ?? false,
      applicableRatesOnly: p.applicableRatesOnly ?? false,
      filterRiderRates: p.filterRiderRates ?? false,
      territoryId: p.territoryId,
      consumption: p.consumption,
      demand: p.demand,
    };
    const windowOf = (row: TariffRow): Window => {
      const midnight = (date: string) => DateTime.fromISO(date, { zone: row.time_zone }).toMillis();
      if (listedOn !== undefined)
        return {
          from: midnight(listedOn),
          to: DateTime.fromISO(listedOn, { zone: row.time_zone }).plus({ days: 1 }).toMillis(),
        };
      return {
        from: Math.max(midnight(from!), midnight(row.effective_date)),
        to: Math.min(midnight(to!), row.end_date === null ? Infinity : midnight(row.end_date)),
      };
    };
    return {
      rows: await this.view.populate(
        rows,
        p.populateRates,
        p.populateProperties,
        { shaping, windowOf },
        p.populateDocuments,
      ),
      total,
    };
  }

  /**
   * The property keys the selected tariffs ask for (GET /rest/public/tariffs/properties): the list's selection (same
   * parameters, same meaning, every matching version, not a page), then each version's stored properties and the keys
   * its rates and the riders it names ask for (tariff-question-sources.ts), merged one entry per key. A masterTariffId no
   * tariff has, or only as another organization's PRIVATE one, is a 404; one the other parameters leave out adds nothing.
   */
  async propertyKeys(p: TariffPropertiesParams, caller: TariffCaller): Promise<TariffPropertyKey[]> {
    // fields and the populate flags change nothing here (accepted for the original's clients: see TariffPropertiesQuery).
    const {
      masterTariffId,
      includeAll,
      propertyTypes,
      fields: _fields,
      populateProperties: _properties,
      populateRates: _rates,
      ...selection
    } = p;
    const questions = new TariffQuestionCollector(
      this.repo,
      this.keys,
      this.territories,
      this.view,
      {
        includeAll: includeAll ?? false,
        propertyTypes: enumList('propertyTypes', propertyTypes, TARIFF_PROPERTY_TYPES),
      },
      caller,
    );
    const ids = masterTariffIdList(masterTariffId);
    const chunk = 500;
    for (let pageStart = 0; ; pageStart += chunk) {
      const { rows, total } = await this.list(
        { ...selection, masterTariffIds: ids, populateProperties: true },
        {
          paging: { pageStart, pageCount: chunk },
          search: null,
          sort: [{ field: 'masterTariffId', descending: false }],
          ext: false,
        },
        caller,
      );
      await questions.add(rows);
      if (!rows.length || pageStart + chunk >= total) break;
    }
    // Named but not selected: not there at all (or not the caller's to see) is a 404; otherwise it asks nothing here.
    for (const id of ids ?? []) {
      if (!questions.found.has(id) && !(await this.repo.existsWithPrivacy(id, PRIVACY_FLAGS, caller)))
        throw notFound('Tariff', 'masterTariffId', id);
    }
    return questions.result();
  }

  /** The ids of the LSEs serving a ZIP code (400 or 404 naming zipCode when it is not one). */
  private async lsesServing(zipCode: string): Promise<number[]> {
    return (
      await this.lses.list(
        { zipCode },
        { paging: { pageStart: 0, pageCount: 1000 }, search: null, sort: [], ext: false },
      )
    ).rows.map((l) => l.lse_id);
  }

  /** The version in effect on effectiveOn (in the tariff's zone); without it, today's, else the latest before today. */
  async get(
    masterTariffId: number,
    p: {
      effectiveOn?: string;
      populateRates?: boolean;
      populateProperties?: boolean;
      populateDocuments?: boolean;
      lookupVariableRates?: boolean;
    },
    caller: TariffCaller,
  ): Promise<Tariff> {
    const versions = await this.repo.versions(masterTariffId, caller);
    if (!versions.length) throw notFound('Tariff', 'masterTariffId', masterTariffId);
    const zone = versions[0]!.time_zone;
    const on = localDateParam('effectiveOn', p.effectiveOn, zone);
    const date = on ?? this.today(zone);
    const inEffect = versions.filter((v) => v.effective_date <= date && (v.end_date === null || v.end_date > date));
    let chosen = inEffect.at(-1);
    if (!chosen && on === undefined) chosen = versions.filter((v) => v.effective_date <= date).at(-1) ?? versions[0];
    if (!chosen) throw notFound('Tariff', 'effectiveOn', p.effectiveOn);
    const tariff = (
      await this.view.populate([chosen], p.populateRates, p.populateProperties, undefined, p.populateDocuments)
    )[0]!;
    if (p.lookupVariableRates && tariff.rates) {
      // The value in effect at the start of effectiveOn, or now.
      const at = on ? +DateTime.fromISO(on, { zone }) : +this.now();
      await this.fillVariableRates(tariff.rates, at);
    }
    return tariff;
  }

  /** One version by its tariffId, with its rates and properties; a 404 when the caller may not see it. */
  async version(tariffId: number, caller: TariffCaller, withDocuments = false): Promise<Tariff> {
    const row = await this.repo.version(tariffId, caller);
    if (!row) throw notFound('Tariff', 'tariffId', tariffId);
    return (await this.view.populate([row], true, true, undefined, withDocuments))[0]!;
  }

  /** Variable rates take the lookup value in effect at `at`; with none loaded their amount is unknown (null). */
  private async fillVariableRates(rates: TariffRate[], at: number): Promise<void> {
    for (const rate of rates) {
      if (!rate.variableRateKey) continue;
      const { rows } = await this.lookups.range(rate.variableRateKey, rate.variableRateSubKey ?? '', at, at + 1, {
        pageStart: 0,
        pageCount: 1,
      });
      const value = rows[0] ? (rows[0].actual_value ?? rows[0].best_value) : null;
      for (const band of rate.rateBands) band.rateAmount = value;
    }
  }

  /**
   * Every version with the rider versions in effect during it and a summary of the lookup values its rates name
   * (tariff-history.ts).
   */
  history(masterTariffId: number, p: { populateDocuments?: boolean }, caller: TariffCaller): Promise<TariffHistory> {
    return this.histories.of(masterTariffId, p, caller);
  }
}
