// The caller's own rates (rateInputs) and the utility taxes of an address, as engine rates. They get negative ids,
// which the answer shows as null: they are not rates of the stored tariff.
import type { Static } from '@sinclair/typebox';
import {
  CHARGE_CLASSES,
  CHARGE_PERIODS,
  CHARGE_TYPES,
  RATE_UNITS,
  TIER_SCOPES,
  TRANSACTION_TYPES,
  type Rate,
} from '../../engine/tariff/model.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { missingArgument } from '../../http/errors.ts';
import { enumList, enumValue } from '../../http/list-params.ts';
import type { TaxRow } from '../utility-taxes/utility-taxes.repository.ts';
import type { RateInput } from './calculations.schemas.ts';

export function readRateInputs(
  inputs: readonly Static<typeof RateInput>[],
  path: string,
  zone: string,
  tariffId: number,
): Rate[] {
  return inputs.map((r, k) => {
    const field = `${path}[${k}]`;
    const chargeType = enumValue(`${field}.chargeType`, r.chargeType, CHARGE_TYPES);
    if (!chargeType) throw missingArgument(`${field}.chargeType`);
    return {
      tariffRateId: -(k + 1),
      tariffId,
      tariffSequenceNumber: 1000 + k,
      rateGroupName: r.rateGroupName ?? 'Rate inputs',
      rateName: r.rateName ?? r.rateGroupName ?? `Rate input ${k + 1}`,
      chargeType,
      chargeClass: enumList(`${field}.chargeClass`, r.chargeClass ?? null, CHARGE_CLASSES),
      chargePeriod: enumValue(`${field}.chargePeriod`, r.chargePeriod ?? null, CHARGE_PERIODS) ?? 'MONTHLY',
      transactionType: enumValue(`${field}.transactionType`, r.transactionType ?? null, TRANSACTION_TYPES) ?? null,
      quantityKey: r.quantityKey ?? null,
      applicabilityKey: r.applicabilityKey ?? null,
      variableRateKey: r.variableRateKey ?? null,
      variableRateSubKey: null,
      seasonId: r.season?.seasonId ?? null,
      touId: r.timeOfUse?.touId ?? null,
      territoryId: r.territory?.territoryId ?? null,
      from: dateTimeParam(`${field}.fromDateTime`, r.fromDateTime ?? undefined, zone)?.value.toMillis() ?? null,
      to: dateTimeParam(`${field}.toDateTime`, r.toDateTime ?? undefined, zone)?.value.toMillis() ?? null,
      tierScope: enumValue(`${field}.tierScope`, r.tierScope ?? null, TIER_SCOPES) ?? 'TOU_PERIOD',
      bands: r.rateBands.map((b, j) => ({
        tariffRateBandId: -(k * 100 + j + 1),
        rateSequenceNumber: j + 1,
        consumptionUpperLimit: b.consumptionUpperLimit ?? null,
        demandUpperLimit: b.demandUpperLimit ?? null,
        applicabilityValue: b.applicabilityValue ?? null,
        calculationFactor: b.calculationFactor ?? null,
        rateAmount: b.rateAmount,
        rateUnit: enumValue(`${field}.rateBands[${j}].rateUnit`, b.rateUnit ?? null, RATE_UNITS) ?? 'COST_PER_UNIT',
        isCredit: b.isCredit ?? false,
      })),
    };
  });
}

/** A city utility tax: a percentage of the charges before tax (stored as a fraction, 0.075 = 7.5 %). */
export function taxRate(t: TaxRow, tariffId: number, midnight: (date: string, plusDays?: number) => number): Rate {
  return {
    tariffRateId: -1_000_000 - t.utility_tax_id,
    tariffId,
    tariffSequenceNumber: 9999,
    rateGroupName: 'Utility Taxes',
    rateName: t.rate_name,
    chargeType: 'TAX',
    chargeClass: ['TAX'],
    chargePeriod: 'MONTHLY',
    transactionType: null,
    quantityKey: null,
    applicabilityKey: null,
    variableRateKey: null,
    variableRateSubKey: null,
    seasonId: null,
    touId: null,
    territoryId: null,
    from: t.from_date === null ? null : midnight(t.from_date),
    // to_date is the last day the tax applies.
    to: t.to_date === null ? null : midnight(t.to_date, 1),
    tierScope: 'TOU_PERIOD',
    bands: [
      {
        tariffRateBandId: -1_000_000 - t.utility_tax_id,
        rateSequenceNumber: 1,
        consumptionUpperLimit: null,
        demandUpperLimit: null,
        applicabilityValue: null,
        calculationFactor: null,
        rateAmount: (t.rate_amount_electricity ?? 0) * 100,
        rateUnit: 'PERCENTAGE',
        isCredit: false,
      },
    ],
  };
}
