// Territory look-ups: by location (computed coverage), LSE, usage type and contained item; items and LSEs on request.
import type { Db } from '../../db/database.ts';
import { invalidArgument, notFound } from '../../http/errors.ts';
import { parsePaging, parseSearch, parseSort, type ListOptions } from '../../http/list-options.ts';
import type { ListQueryValues } from '../../http/query-schemas.ts';
import { enumList, enumValue } from '../../http/list-params.ts';
import type { LocationInput, ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { TerritoriesRepository, type Territory } from './territories.repository.ts';
import { ITEM_TYPES, USAGE_TYPES } from './territories.schemas.ts';

export interface TerritoryListParams extends LocationInput {
  lseId?: number;
  masterTariffId?: number;
  populateItems?: boolean;
  populateLses?: boolean;
  usageTypes?: string[];
  usageType?: string[];
  containsItemType?: string;
  containsItemValue?: string;
}

const LSE_LIST_RULES = {
  searchable: ['lseName', 'lseId'],
  defaultSearchOn: ['lseName'],
  sortable: ['lseId', 'lseName'],
  defaultSort: [],
};
const DEFAULT_USAGE_TYPES = ['SERVICE', 'TARIFF'];

export class TerritoriesService {
  readonly repo: TerritoriesRepository;

  constructor(
    db: Db,
    private readonly zipcodes: ZipcodesService,
  ) {
    this.repo = new TerritoriesRepository(db);
  }

  /** `orgId`: the caller's organization, which alone sees its own tariffs (masterTariffId). */
  async list(params: TerritoryListParams, options: ListOptions, orgId: number | null) {
    if ((params.containsItemType === undefined) !== (params.containsItemValue === undefined)) {
      const missing = params.containsItemType === undefined ? 'containsItemType' : 'containsItemValue';
      throw invalidArgument(missing, null, 'containsItemType and containsItemValue must be sent together');
    }
    const itemType = enumValue('containsItemType', params.containsItemType, ITEM_TYPES);
    const requested = [
      ...enumList('usageTypes', params.usageTypes, USAGE_TYPES),
      ...enumList('usageType', params.usageType, USAGE_TYPES),
    ];
    const zip = await this.zipcodes.resolve(params);
    // The territories over which the tariff's prices vary: those its rates name (none for a tariff without them).
    let territoryIds: number[] | undefined;
    if (params.masterTariffId !== undefined) {
      const ids = await this.repo.territoriesOfTariff(params.masterTariffId, orgId);
      if (ids === null) throw notFound('Tariff', 'masterTariffId', params.masterTariffId);
      territoryIds = ids;
    }
    const { rows, total } = await this.repo.list(
      {
        zip: zip ?? undefined,
        territoryIds,
        lseId: params.lseId,
        usageTypes: requested.length ? [...new Set(requested)] : DEFAULT_USAGE_TYPES,
        containsItem: itemType ? { type: itemType, value: params.containsItemValue!.trim() } : undefined,
      },
      options,
    );
    return { rows: await this.populate(rows, params.populateItems, params.populateLses), total };
  }

  /** One territory; with populateLses, the paging, search and sort parameters apply to its territoryLses. */
  async get(
    territoryId: number,
    q: ListQueryValues & { populateItems?: boolean; populateLses?: boolean },
  ): Promise<Territory> {
    const territory = await this.repo.find(territoryId);
    if (!territory) throw notFound('Territory', 'territoryId', territoryId);
    if (q.populateItems) territory.items = (await this.repo.itemsOf([territoryId])).get(territoryId);
    if (q.populateLses)
      territory.territoryLses = await this.repo.lsesOf(
        territoryId,
        parsePaging(q),
        parseSearch(q, LSE_LIST_RULES),
        parseSort(q, LSE_LIST_RULES),
      );
    return territory;
  }

  private async populate(rows: Territory[], items?: boolean, lses?: boolean): Promise<Territory[]> {
    if (items) {
      const byId = await this.repo.itemsOf(rows.map((r) => r.territoryId));
      for (const r of rows) r.items = byId.get(r.territoryId);
    }
    if (lses) for (const r of rows) r.territoryLses = await this.repo.lsesOf(r.territoryId, parsePaging({}), null, []);
    return rows;
  }
}
