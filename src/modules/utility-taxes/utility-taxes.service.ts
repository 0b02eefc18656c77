// Utility taxes (the signal tier): local taxes on utility bills, by territory, class, dates and location.
import type { Static } from '@sinclair/typebox';
import type { Db } from '../../db/database.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument, notFound } from '../../http/errors.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { enumList } from '../../http/list-params.ts';
import type { TerritoriesRepository } from '../territories/territories.repository.ts';
import { UtilityTaxesRepository, type TaxRow } from './utility-taxes.repository.ts';
import { CUSTOMER_CLASSES, type UtilityTaxSchema } from './utility-taxes.schemas.ts';

export type UtilityTax = Static<typeof UtilityTaxSchema>;

export interface TaxListParams {
  territoryId?: number;
  lseId?: number;
  customerClasses?: string[];
  fromDateTime?: string;
  toDateTime?: string;
}

export class UtilityTaxesService {
  readonly repo: UtilityTaxesRepository;

  constructor(
    db: Db,
    private readonly territories: TerritoriesRepository,
  ) {
    this.repo = new UtilityTaxesRepository(db, territories);
  }

  async get(utilityTaxId: number): Promise<UtilityTax> {
    const row = await this.repo.find(utilityTaxId);
    if (!row) throw notFound('UtilityTax', 'utilityTaxId', utilityTaxId);
    return (await this.toApi([row]))[0]!;
  }

  async list(params: TaxListParams, options: ListOptions) {
    // Tax dates are calendar dates: the date part of the input, as written, is what counts.
    const from = dateTimeParam('fromDateTime', params.fromDateTime, 'UTC')?.value.toISODate() ?? undefined;
    const to = dateTimeParam('toDateTime', params.toDateTime, 'UTC')?.value.toISODate() ?? undefined;
    if (from && to && to < from)
      throw invalidArgument('toDateTime', params.toDateTime, 'toDateTime must not be before fromDateTime');
    const { rows, total } = await this.repo.list(
      {
        territoryId: params.territoryId,
        lseId: params.lseId,
        customerClasses: enumList('customerClasses', params.customerClasses, CUSTOMER_CLASSES),
        from,
        to,
      },
      options,
    );
    return { rows: await this.toApi(rows), total };
  }

  private async toApi(rows: TaxRow[]): Promise<UtilityTax[]> {
    const ids = [...new Set(rows.map((r) => r.territory_id))];
    const items = await this.territories.itemsOf(ids);
    const territories = new Map<number, Awaited<ReturnType<TerritoriesRepository['find']>>>();
    for (const id of ids) territories.set(id, await this.territories.find(id));
    return rows.map((r) => ({
      utilityTaxId: r.utility_tax_id,
      rateName: r.rate_name,
      fromDateTime: r.from_date,
      toDateTime: r.to_date,
      rateAmountElectricity: r.rate_amount_electricity,
      rateAmountGas: r.rate_amount_gas,
      territory: { ...territories.get(r.territory_id)!, items: items.get(r.territory_id) },
      customerClasses: r.customer_classes.split(',').filter(Boolean),
    }));
  }
}
