// Export arrangements that carry something from one billing period to the next, billed over the periods in order:
// - net metering: each period nets imports and exports per TOU period ("bucket": the touId of the energy rates, or
//   the whole period for rates without one); a net export is a kWh credit that offsets the same bucket's kWh in the
//   following periods. Energy rates bill the net kWh left (tiers count it), so fixed, minimum and demand charges are
//   never offset. At the true-up the credit left is paid at the year-end sell rate (0: it expires).
// - net billing with carryover: each period's energy charges (imports billed, exports credited at the SELL rates)
//   floor at $0; the excess is a dollar credit applied to later periods' energy charges; at the true-up it is paid
//   or expires. Charges classed NON_BYPASSABLE are left out of both: owed on every imported kWh whatever the credit.
// Credits start at zero at the start of the range (said as an assumption unless the range starts a credit year).
import { DEFAULT_TRUE_UP_MONTH, type ExportRules, type Rate, type TariffVersion } from '../tariff/model.ts';
import type { Assume } from './assumptions.ts';
import { isPercentage, type RawItem } from './charges.ts';
import type { Piece } from './piece.ts';
import type { Selection } from './selection.ts';

type Settled = { piece: Piece; rates: readonly Rate[]; items: RawItem[] };

const isSell = (r: Rate) => r.transactionType === 'SELL' || r.transactionType === 'SELL_EXPORT';
const isEnergy = (r: Rate) => (r.chargeType === 'CONSUMPTION_BASED' || r.chargeType === 'TAX') && !isPercentage(r);
/** A rate of non-bypassable charges alone (an all-in rate that also carries other classes is an energy rate). */
const isNonBypassable = (r: Rate) => r.chargeClass.length > 0 && r.chargeClass.every((c) => c === 'NON_BYPASSABLE');
/** The rates whose kWh net metering nets: energy bought (BUY, BUY_IMPORT, NET or unstated), per kWh. */
const isNetted = (r: Rate) => isEnergy(r) && !isSell(r);
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The synthetic rates the ledger's items are billed under (negative ids: not rates of the tariff). */
function ledgerRate(
  tariffId: number,
  id: number,
  touId: number | null,
  rateName: string,
  chargeType: Rate['chargeType'] = 'NET_EXCESS_GENERATION',
): Rate {
  return {
    tariffRateId: id,
    tariffId,
    tariffSequenceNumber: 9000,
    rateGroupName: 'Export Credits',
    rateName,
    chargeType,
    chargeClass: ['NET_EXCESS'],
    chargePeriod: 'MONTHLY',
    transactionType: 'SELL',
    quantityKey: null,
    applicabilityKey: null,
    variableRateKey: null,
    variableRateSubKey: null,
    seasonId: null,
    touId,
    territoryId: null,
    from: null,
    to: null,
    tierScope: 'TOU_PERIOD',
    bands: [],
  };
}

const item = (
  piece: Piece,
  rate: Rate,
  quantityKey: string,
  quantity: number,
  amount: number,
  cost: number,
): RawItem => ({
  piece,
  rate,
  band: null,
  quantityKey,
  quantity,
  amount,
  cost,
  tierLower: null,
  tierUpper: null,
  proration: null,
  demandAt: null,
  weight: 'TIME',
});

/**
 * The calculation's arrangement: the range's last version's, with what the calculation overrides (its arrangement,
 * true-up month, year-end sell rate, whether dollar credit is paid). One arrangement for the whole range.
 */
export function exportRulesFor(
  versions: readonly TariffVersion[],
  override: Partial<ExportRules> | null,
): ExportRules | null {
  const base = versions.at(-1)?.exportRules ?? null;
  const arrangement = override?.arrangement ?? base?.arrangement;
  if (!arrangement) return null;
  return {
    arrangement,
    trueUpMonth: override?.trueUpMonth ?? base?.trueUpMonth ?? DEFAULT_TRUE_UP_MONTH,
    yearEndSellRate: override?.yearEndSellRate ?? base?.yearEndSellRate ?? 0,
    yearEndCreditPaid: override?.yearEndCreditPaid ?? base?.yearEndCreditPaid ?? false,
  };
}

export interface ExportLedger {
  readonly rules: ExportRules | null;
  /** Rates the arrangement leaves out: SELL and NET_EXCESS_GENERATION under net metering (kWh credits instead). */
  skips(rate: Rate): boolean;
  /** The share of a rate's imported kWh billed in the current period: the net left after netting and credit. */
  kwhFactor(rate: Rate, allTou: boolean): number;
  /** Before the period's charges: nets each bucket (net metering). */
  beginPeriod(pieces: readonly Piece[]): void;
  /** After the period's usage charges, before its minimum: the credit items and the carryover. */
  endPeriod(settled: readonly Settled[], month: number): void;
  /** After the period's minimum (which credits never offset): the true-up, when the period is the true-up month's. */
  trueUp(settled: readonly Settled[], month: number): void;
  /** After the last period: credit left unsettled is said. */
  finish(lastMonth: number | null): void;
}

/** The ledger of the calculation's arrangement (a no-op without one, or for arrangements that carry nothing). */
export function exportLedger(
  rules: ExportRules | null,
  selection: Selection,
  tous: ReadonlySet<number>,
  assume: Assume,
): ExportLedger {
  const kwhCredit = new Map<number | null, number>();
  let dollarCredit = 0;
  let factors = new Map<number | null, number>();
  let factorAllTou = 1;
  let pending: { bucket: number | null; creditIn: number; creditOut: number }[] = [];
  let first = true;
  const netMetering = rules?.arrangement === 'NET_METERING';
  const carryover = rules?.arrangement === 'NET_BILLING_CARRYOVER';
  const bucketOf = (r: Rate) => (r.touId !== null && tous.has(r.touId) ? r.touId : null);

  const trueUp = (settled: readonly Settled[], month: number) => {
    if (!rules || month !== rules.trueUpMonth) return;
    const last = settled.at(-1)!;
    const { piece } = last;
    const tariffId = piece.version.tariffId;
    if (netMetering) {
      const left = [...kwhCredit.values()].reduce((a, b) => a + b, 0);
      if (left > 0) {
        const rate = rules.yearEndSellRate;
        last.items.push(
          item(
            piece,
            ledgerRate(
              tariffId,
              -9_000_003,
              null,
              rate > 0
                ? 'True-up: kWh credit paid at the year-end sell rate'
                : 'True-up: kWh credit expired (year-end sell rate 0)',
            ),
            'trueUpKwh',
            left,
            rate,
            -left * rate,
          ),
        );
      }
      kwhCredit.clear();
    } else if (carryover) {
      if (dollarCredit > 0) {
        const paid = rules.yearEndCreditPaid;
        last.items.push(
          item(
            piece,
            ledgerRate(
              tariffId,
              -9_000_004,
              null,
              paid ? 'True-up: export credit paid' : 'True-up: export credit expired',
            ),
            'trueUpCredit',
            dollarCredit,
            paid ? 1 : 0,
            paid ? -dollarCredit : 0,
          ),
        );
      }
      dollarCredit = 0;
    }
  };

  return {
    rules,
    skips: (r) =>
      (netMetering && (isSell(r) || r.chargeType === 'NET_EXCESS_GENERATION')) ||
      (rules?.arrangement === 'BUY_ALL_SELL_ALL' && r.chargeType === 'NET_EXCESS_GENERATION'),
    kwhFactor(rate, allTou) {
      if (!netMetering || !isNetted(rate)) return 1;
      return allTou && rate.touId !== null ? factorAllTou : (factors.get(bucketOf(rate)) ?? 1);
    },
    beginPeriod(pieces) {
      if (!netMetering) return;
      const i0 = pieces[0]!.i0;
      const i1 = pieces.at(-1)!.i1;
      const buckets = new Set<number | null>();
      for (const p of pieces) for (const r of p.version.rates) if (isNetted(r)) buckets.add(bucketOf(r));
      factors = new Map();
      pending = [];
      let billedTou = 0;
      let importedTou = 0;
      for (const bucket of buckets) {
        const m = selection.measure({ seasonId: null, touId: bucket, from: null, to: null }, i0, i1);
        const creditIn = kwhCredit.get(bucket) ?? 0;
        const net = m.imported - m.exported - creditIn;
        const billed = Math.max(0, net);
        factors.set(bucket, m.imported > 0 ? billed / m.imported : 0);
        if (bucket !== null) {
          billedTou += billed;
          importedTou += m.imported;
        }
        pending.push({ bucket, creditIn, creditOut: Math.max(0, -net) });
      }
      factorAllTou = importedTou > 0 ? billedTou / importedTou : 1;
    },
    endPeriod(settled, month) {
      const last = settled.at(-1)!;
      const { piece } = last;
      const tariffId = piece.version.tariffId;
      if (netMetering) {
        for (const p of pending) {
          const id = -9_100_000 - (p.bucket ?? 0);
          if (p.creditIn > 0)
            last.items.push(
              item(
                piece,
                ledgerRate(tariffId, id - 1, p.bucket, 'Net metering: kWh credit carried in'),
                'kWhCreditIn',
                p.creditIn,
                0,
                0,
              ),
            );
          if (p.creditOut > 0)
            last.items.push(
              item(
                piece,
                ledgerRate(tariffId, id - 2, p.bucket, 'Net metering: kWh credit carried out'),
                'kWhCreditOut',
                p.creditOut,
                0,
                0,
              ),
            );
          kwhCredit.set(p.bucket, p.creditOut);
        }
      } else if (carryover) {
        let energy = 0;
        // Non-bypassable charges are owed on every imported kWh: export credit never offsets them, so they are
        // neither floored with the energy charges nor paid by credit carried in.
        for (const s of settled)
          for (const x of s.items)
            if (x.rate.chargeType === 'CONSUMPTION_BASED' && !isPercentage(x.rate) && !isNonBypassable(x.rate))
              energy += x.cost;
        if (energy < 0) {
          last.items.push(
            item(
              piece,
              ledgerRate(
                tariffId,
                -9_000_001,
                null,
                'Export credit beyond the energy charges, carried forward',
                'CONSUMPTION_BASED',
              ),
              'creditCarriedOut',
              -energy,
              1,
              -energy,
            ),
          );
          dollarCredit += -energy;
        } else if (dollarCredit > 0 && energy > 0) {
          const applied = Math.min(dollarCredit, energy);
          last.items.push(
            item(
              piece,
              ledgerRate(tariffId, -9_000_002, null, 'Export credit carried in', 'CONSUMPTION_BASED'),
              'creditCarriedIn',
              applied,
              1,
              -applied,
            ),
          );
          dollarCredit -= applied;
        }
      }
      if (first && rules && (netMetering || carryover) && month !== (rules.trueUpMonth % 12) + 1) {
        assume({
          keyName: 'exportCredit',
          dataValue: '0',
          description: `No export credit is carried into the range: the credit year (true-up in ${MONTHS[rules.trueUpMonth - 1]}) is taken to start with it`,
          fromDateTime: piece.from,
          toDateTime: null,
          accuracy: 90,
        });
      }
      first = false;
    },
    trueUp,
    finish(lastMonth) {
      if (!rules || lastMonth === null) return;
      const kwh = [...kwhCredit.values()].reduce((a, b) => a + b, 0);
      if (kwh > 0)
        assume({
          keyName: 'exportCredit',
          dataValue: String(Math.round(kwh * 1e6) / 1e6),
          description: `kWh credit left at the end of the range, before the true-up in ${MONTHS[rules.trueUpMonth - 1]}: carried, not paid`,
          fromDateTime: null,
          toDateTime: null,
          accuracy: 100,
        });
      if (dollarCredit > 0)
        assume({
          keyName: 'exportCredit',
          dataValue: String(Math.round(dollarCredit * 1e8) / 1e8),
          description: `Dollar credit left at the end of the range, before the true-up in ${MONTHS[rules.trueUpMonth - 1]}: carried, not paid`,
          fromDateTime: null,
          toDateTime: null,
          accuracy: 100,
        });
    },
  };
}
