// Smart price: the tariff (given, or the default one of a location's LSE for a customer class), its marginal energy
// price hour by hour from the bill engine's rates and selection, and the price changes with their statistics.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import { marginalPrices, type PricePoint } from '../../engine/price/smart-price.ts';
import { formatInstant, localClock } from '../../engine/time/local-clock.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument, missingArgument, notFound } from '../../http/errors.ts';
import { enumValue } from '../../http/list-params.ts';
import {
  territoriesOf,
  versionsIn,
  type TariffContext,
  type TariffContextLoader,
} from '../calculations/tariff-context.ts';
import type { LsesService } from '../lses/lses.service.ts';
import type { TerritoriesRepository } from '../territories/territories.repository.ts';
import { REFERENCE_DATA, type TariffsRepository } from '../tariffs/tariffs.repository.ts';
import type { ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { CUSTOMER_CLASSES } from '../utility-taxes/utility-taxes.schemas.ts';
import type { PriceSchema, SmartPriceQuery } from './prices.schemas.ts';

export type Price = Static<typeof PriceSchema>;
type Query = Static<typeof SmartPriceQuery>;

/** The longest window: a month of hourly prices. The spec advises a week at most; longer windows still answer. */
export const MAX_WINDOW_DAYS = 31;
const HOUR = 3_600_000;
const GROUP_BYS = ['HOUR', 'DAY', 'MONTH', 'YEAR'] as const;

const round6 = (x: number) => Math.round(x * 1e6) / 1e6 + 0;

export class PricesService {
  constructor(
    private readonly loader: TariffContextLoader,
    private readonly tariffs: TariffsRepository,
    private readonly zipcodes: ZipcodesService,
    private readonly lses: LsesService,
    private readonly territories: TerritoriesRepository,
    private readonly now: () => Date,
  ) {}

  async smart(q: Query, orgId: number | null): Promise<Price> {
    const customerClass = enumValue('customerClass', q.customerClass, CUSTOMER_CLASSES) ?? 'RESIDENTIAL';
    const groupBy = enumValue('groupBy', q.groupBy, GROUP_BYS) ?? null;
    if (q.endUse !== undefined && q.endUse.trim() === '')
      throw invalidArgument('endUse', q.endUse, 'endUse must not be empty');
    const zip = await this.zipcodes.resolve({
      zipCode: q.zipCode,
      postCode: q.postCode,
      country: q.country,
      addressString: q.addressString,
    });
    const tariff = await this.tariffFor(q, zip?.zipcode ?? null, customerClass, orgId);
    const zone = tariff.zone;

    const from = dateTimeParam('fromDateTime', q.fromDateTime, zone)?.value.toMillis() ?? this.now().getTime();
    const to = dateTimeParam('toDateTime', q.toDateTime, zone)?.value.toMillis() ?? from + 3 * 24 * HOUR;
    if (to <= from) throw invalidArgument('toDateTime', q.toDateTime ?? null, 'toDateTime must be after fromDateTime');
    if (to - from > MAX_WINDOW_DAYS * 24 * HOUR)
      throw invalidArgument(
        'toDateTime',
        q.toDateTime ?? null,
        `A smart price window may span at most ${MAX_WINDOW_DAYS} days`,
      );
    const versions = versionsIn(tariff, from, to);
    if (!versions.length)
      throw invalidArgument(
        'fromDateTime',
        q.fromDateTime ?? null,
        `No version of tariff ${tariff.masterTariffId} is in effect in the window`,
      );

    let territoryId = q.territoryId ?? null;
    if (territoryId === null && zip) {
      territoryId = (await this.territories.coveringZip(territoriesOf(versions), zip))[0] ?? null;
    }
    const time = await this.loader.time(
      versions.flatMap((v) => v.rates),
      zone,
      from,
      to,
      orgId,
    );
    const { points } = marginalPrices({
      from,
      to,
      zone,
      versions,
      versionFixed: false,
      exportOverride: null,
      ...time,
      properties: new Map(),
      territoryId,
      step: HOUR,
      consumptionAmount: q.consumptionAmount ?? null,
    });

    const clock = localClock(zone, from, to);
    const changes = group(points, groupBy, (t) => formatInstant(clock, t));
    const span = points.reduce((a, p) => a + (p.to - p.from), 0);
    const mean = span === 0 ? 0 : points.reduce((a, p) => a + p.amount * (p.to - p.from), 0) / span;
    const variance = span === 0 ? 0 : points.reduce((a, p) => a + (p.amount - mean) ** 2 * (p.to - p.from), 0) / span;
    const pageStart = q.pageStart ?? 0;
    const pageCount = q.pageCount ?? changes.length;
    return {
      description: `Marginal price of energy on ${tariff.lseName} ${tariff.tariffName} (master tariff ${tariff.masterTariffId})${q.endUse ? `, end use ${q.endUse}` : ''}`,
      masterTariffId: tariff.masterTariffId,
      fromDateTime: formatInstant(clock, from),
      toDateTime: formatInstant(clock, to),
      detailLevel: 'QUANTITY_KEY',
      currency: 'USD',
      rateMean: round6(mean),
      rateStandardDeviation: round6(Math.sqrt(variance)),
      priceChanges: changes
        .slice(pageStart, pageStart + pageCount)
        .map((c) => ({ ...c, rateAmount: round6(c.rateAmount), rateMeanDelta: round6(c.rateAmount - mean) })),
    };
  }

  /** The given tariff, or the default tariff of the customer class of an LSE serving the location. */
  private async tariffFor(
    q: Query,
    zipcode: string | null,
    customerClass: string,
    orgId: number | null,
  ): Promise<TariffContext> {
    if (q.masterTariffId !== undefined) {
      const tariff = await this.loader.tariff(q.masterTariffId, { orgId });
      if (!tariff) throw notFound('Tariff', 'masterTariffId', q.masterTariffId);
      return tariff;
    }
    if (zipcode === null)
      throw missingArgument(
        'masterTariffId',
        'masterTariffId or a location (zipCode, postCode or addressString) is required',
      );
    const lseIds = (
      await this.lses.list(
        { zipCode: zipcode },
        { paging: { pageStart: 0, pageCount: 1000 }, search: null, sort: [], ext: false },
      )
    ).rows
      .map((l) => l.lse_id)
      .sort((a, b) => a - b);
    const on = DateTime.fromJSDate(this.now()).toISODate()!;
    const at = q.fromDateTime ? (dateTimeParam('fromDateTime', q.fromDateTime, 'UTC')!.value.toISODate() ?? on) : on;
    const { rows } = await this.tariffs.list(
      { lseIds, customerClasses: [customerClass], tariffTypes: ['DEFAULT'], serviceTypes: ['ELECTRICITY'], on: at },
      { paging: { pageStart: 0, pageCount: 100 }, search: null, sort: [], ext: false },
      // The default tariff of a place is the utility's: a reference tariff.
      REFERENCE_DATA,
    );
    const chosen = rows.sort((a, b) => a.lse_id - b.lse_id || a.master_tariff_id - b.master_tariff_id)[0];
    if (!chosen)
      throw notFound(
        'Tariff',
        q.zipCode !== undefined ? 'zipCode' : q.postCode !== undefined ? 'postCode' : 'addressString',
        zipcode,
      );
    return (await this.loader.tariff(chosen.master_tariff_id, REFERENCE_DATA))!;
  }
}

/** Price changes: runs of one price (no groupBy), every hour (HOUR), or time-weighted means per local day, month, year. */
function group(points: readonly PricePoint[], groupBy: (typeof GROUP_BYS)[number] | null, at: (t: number) => string) {
  const out: {
    name: string;
    fromDateTime: string;
    toDateTime: string;
    rateAmount: number;
    from: number;
    to: number;
    weighted: number;
  }[] = [];
  for (const p of points) {
    const label = at(p.from);
    const key =
      groupBy === 'DAY'
        ? label.slice(0, 10)
        : groupBy === 'MONTH'
          ? label.slice(0, 7)
          : groupBy === 'YEAR'
            ? label.slice(0, 4)
            : null;
    const last = out.at(-1);
    const joins =
      last &&
      last.to === p.from &&
      (groupBy === null
        ? last.rateAmount === p.amount && last.name === p.name
        : groupBy !== 'HOUR' && last.name === key);
    if (joins) {
      last.weighted += p.amount * (p.to - p.from);
      last.to = p.to;
      last.toDateTime = at(p.to);
      last.rateAmount = groupBy === null ? last.rateAmount : last.weighted / (last.to - last.from);
      continue;
    }
    out.push({
      name: key ?? p.name,
      fromDateTime: label,
      toDateTime: at(p.to),
      rateAmount: p.amount,
      from: p.from,
      to: p.to,
      weighted: p.amount * (p.to - p.from),
    });
  }
  return out.map(({ name, fromDateTime, toDateTime, rateAmount }) => ({ name, fromDateTime, toDateTime, rateAmount }));
}
