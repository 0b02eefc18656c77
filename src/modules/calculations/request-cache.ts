// What one request reads once, whatever the number of its scenarios naming it: tariffs, their time data, export
// prices spliced for a vintage, the customer's place (ZIP code, territory, utility taxes) and, for a portfolio job's
// chunk, the tariff grids its bills share.
import type { LookupSeries } from '../../engine/bill/types.ts';
import type { TaxRow } from '../utility-taxes/utility-taxes.repository.ts';
import type { ZipRow } from '../zipcodes/zipcodes.repository.ts';
import { SharedGrids } from './shared-grids.ts';
import type { TariffContext, TimeContext } from './tariff-context.ts';

/**
 * Per request: tariffs, their time data and export prices are read once, whatever the number of scenarios naming them.
 * A portfolio job keeps one for a chunk of accounts (one organization, minutes at most): the same tariffs over the
 * same range are read once for all of them.
 */
export class RequestCache {
  readonly tariffs = new Map<number, Promise<TariffContext | null>>();
  readonly time = new Map<string, Promise<TimeContext>>();
  /** Export prices spliced for a vintage, by their segments. */
  readonly spliced = new Map<string, Promise<LookupSeries>>();
  /**
   * Tariff grids prepared once for all bills on the same tariff, range and step (a job's chunk: many accounts, one
   * grid per tariff); null: each bill prepares its own (one request's few scenarios gain little from sharing).
   */
  readonly grids: SharedGrids | null;
  /**
   * Where the customers are: an address's ZIP code, the tariff territories covering a ZIP code, the utility taxes
   * there for a class and dates (a job's chunk bills each account on several tariffs at one address).
   */
  readonly zips = new Map<string, Promise<ZipRow | null>>();
  readonly covering = new Map<string, Promise<number[]>>();
  readonly taxes = new Map<string, Promise<TaxRow[]>>();

  constructor(shareGrids = false) {
    this.grids = shareGrids ? new SharedGrids() : null;
  }
}

/** `map`'s value at `key`, made by `make` (and kept) the first time it is asked for. */
export function once<T>(map: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let value = map.get(key);
  if (!value) {
    value = make();
    map.set(key, value);
  }
  return value;
}
