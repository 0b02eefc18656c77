// The calculation's answer: the engine's bill result shaped as CalculatedCost, its times on the tariff's local clock,
// the caller's expected total compared with the one calculated, and the ext fields (fields=ext) when asked for.
import { randomUUID } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { BillResult } from '../../engine/bill/types.ts';
import { formatInstant, localClock } from '../../engine/time/local-clock.ts';
import type { CalculatedCostSchema } from './calculations.schemas.ts';
import type { Scenario } from './scenario-inputs.ts';
import type { TariffContext } from './tariff-context.ts';

/** One scenario's answer, as the API gives it. */
export type CalculatedCost = Static<typeof CalculatedCostSchema>;

/** quantityKeyDescription (ext) of the engine's own quantity keys; a property key gives its display name. */
const QUANTITY_KEY_DESCRIPTIONS: Record<string, string> = {
  fixed: 'Fixed charge per charge period',
  consumption: 'Energy (kWh)',
  demand: 'Peak demand (kW)',
  minimum: 'Minimum charge shortfall',
  maximum: 'Maximum charge adjustment',
  percentage: 'Percentage of the charges it applies to',
};

/** The bill of one scenario as the API answers it (CalculatedCost), with a fresh calculatedCostId. */
export function toCalculatedCost(
  tariff: TariffContext,
  r: BillResult,
  from: number,
  to: number,
  expected: Scenario['expected'],
  ext: boolean,
): CalculatedCost {
  const clock = localClock(tariff.zone, from, to);
  const at = (ms: number | null) => (ms === null ? null : formatInstant(clock, ms));
  const assumptions = r.assumptions.map((a) => ({
    keyName: a.keyName,
    displayName: a.displayName,
    description: a.description,
    fromDateTime: at(a.fromDateTime),
    toDateTime: at(a.toDateTime),
    dataType: null as string | null,
    dataValue: a.dataValue,
    unit: null,
    accuracy: a.accuracy,
  }));
  let accuracy = r.accuracy;
  if (expected?.totalCost !== undefined) {
    // Agreement with the caller's expected total: 100 when equal, falling with the relative difference.
    const diff = Math.abs(r.summary.totalCost - expected.totalCost);
    const agreement =
      expected.totalCost === 0
        ? diff === 0
          ? 100
          : 0
        : Math.max(0, 100 - (100 * diff) / Math.abs(expected.totalCost));
    accuracy = Math.min(accuracy, Math.round(agreement * 100) / 100);
    assumptions.push({
      keyName: 'expected',
      displayName: null,
      description: `Expected totalCost ${expected.totalCost}; calculated ${r.summary.totalCost}`,
      fromDateTime: null,
      toDateTime: null,
      dataType: 'DECIMAL',
      dataValue: String(expected.totalCost),
      unit: null,
      accuracy: Math.round(agreement * 100) / 100,
    });
  }
  const nullId = (id: number | null) => (id === null || id < 0 ? null : id);
  return {
    masterTariffId: tariff.masterTariffId,
    tariffName: tariff.tariffName,
    totalCost: r.summary.totalCost,
    fromDateTime: at(from)!,
    toDateTime: at(to)!,
    accuracy,
    currency: 'USD',
    summary: r.summary,
    items: r.items.map((i) => {
      const base = {
        tariffRateId: nullId(i.tariffRateId),
        tariffRateBandId: nullId(i.tariffRateBandId),
        rateSequenceNumber: i.rateSequenceNumber,
        rateGroupName: i.rateGroupName,
        rateName: i.rateName,
        fromDateTime: at(i.fromDateTime)!,
        toDateTime: at(i.toDateTime)!,
        quantityKey: i.quantityKey,
        rateType: i.rateType,
        rateAmount: i.rateAmount,
        itemQuantity: i.itemQuantity,
        cost: i.cost,
        chargeType: i.chargeType,
        chargeClass: i.chargeClass,
        period: i.period,
        demandInterval: at(i.demandInterval),
        duration: i.duration,
        touId: i.touId,
        touName: i.touName,
        seasonId: i.seasonId,
        seasonName: i.seasonName,
      };
      if (!ext) return base;
      const key = tariff.demandKeys.get(i.quantityKey);
      return {
        ...base,
        tariffId: i.tariffId,
        quantityKeyDescription: QUANTITY_KEY_DESCRIPTIONS[i.quantityKey] ?? key?.displayName ?? null,
        tierLowerLimit: i.tierLowerLimit,
        tierUpperLimit: i.tierUpperLimit,
        rateProration: i.rateProration,
        formula: key?.formula ?? null,
        transactionType: i.transactionType,
      };
    }),
    assumptions,
    calculatedCostId: randomUUID(),
  };
}
