// The legacy price operation over the smart price: the same marginal energy price, told as the original's
// TariffRateSummary (the price at fromDateTime, then each change with its time, and each price relative to the
// window's highest). The smart price is asked from the start of fromDateTime's hour, so that changes fall on the hours
// where the tariff's times of use change, as the original's did; the summary keeps the requested times.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import { formatInstant, localClock } from '../../engine/time/local-clock.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument, notFound } from '../../http/errors.ts';
import { versionsIn, type TariffContextLoader } from '../calculations/tariff-context.ts';
import type { LegacyPricesQuery, TariffRateSummarySchema } from './legacy-prices.schemas.ts';
import { MAX_WINDOW_DAYS, type PricesService } from './prices.service.ts';

export type TariffRateSummary = Static<typeof TariffRateSummarySchema>;

const HOUR = 3_600_000;
const round2 = (x: number) => Math.round(x * 100) / 100 + 0;

export class LegacyPricesService {
  constructor(
    private readonly prices: PricesService,
    private readonly loader: TariffContextLoader,
    private readonly now: () => Date,
  ) {}

  async summaries(
    masterTariffId: number,
    q: Static<typeof LegacyPricesQuery>,
    orgId: number | null,
  ): Promise<TariffRateSummary[]> {
    const tariff = await this.loader.tariff(masterTariffId, { orgId });
    if (!tariff) throw notFound('Tariff', 'masterTariffId', masterTariffId);
    const zone = tariff.zone;
    const from = dateTimeParam('fromDateTime', q.fromDateTime, zone)?.value.toMillis() ?? this.now().getTime();
    const to = dateTimeParam('toDateTime', q.toDateTime, zone)?.value.toMillis() ?? from + 72 * HOUR;
    if (to <= from) throw invalidArgument('toDateTime', q.toDateTime ?? null, 'toDateTime must be after fromDateTime');
    const hour = DateTime.fromMillis(from, { zone }).startOf('hour').toMillis();
    const start = to - hour <= MAX_WINDOW_DAYS * 24 * HOUR ? hour : from;
    const clock = localClock(zone, start, to);
    const price = await this.prices.smart(
      {
        masterTariffId,
        fromDateTime: start === from && q.fromDateTime !== undefined ? q.fromDateTime : formatInstant(clock, start),
        toDateTime: q.toDateTime ?? formatInstant(clock, to),
        territoryId: q.territoryId,
        consumptionAmount: q.consumptionAmount,
        demandAmount: q.demandAmount,
      },
      orgId,
    );

    const runs = price.priceChanges.filter((r) => Date.parse(r.toDateTime) > from);
    const current = runs[0];
    if (!current) return [];
    const highest = Math.max(...runs.map((r) => r.rateAmount));
    const relative = (amount: number) => (highest > 0 ? round2(amount / highest) : amount === highest ? 1 : 0);
    const version =
      tariff.versions.find((v) => v.from <= from && (v.to === null || v.to > from)) ?? versionsIn(tariff, from, to)[0]!;
    // Whole seconds, as the original wrote them.
    const second = (ms: number) => formatInstant(clock, Math.floor(ms / 1000) * 1000);
    return [
      {
        tariffId: version.tariffId,
        chargeType: 'CONSUMPTION_BASED',
        quantityKey: 'consumption',
        fromDateTime: second(from),
        toDateTime: second(to),
        rateAmount: current.rateAmount,
        relativePriceIndex: relative(current.rateAmount),
        currency: price.currency,
        priceChanges: runs.slice(1).map((r) => ({
          changeName: r.name,
          changeDateTime: r.fromDateTime,
          rateAmount: r.rateAmount,
          relativePriceIndex: relative(r.rateAmount),
          accuracy: 1,
        })),
        name: current.name,
      },
    ];
  }
}
