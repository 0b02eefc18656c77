// LSE look-ups: one by id, or a filtered list (by location, ownership and service types).
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { ListOptions } from '../../http/list-options.ts';
import { enumList } from '../../http/list-params.ts';
import type { LocationInput, ZipcodesService } from '../zipcodes/zipcodes.service.ts';
import { LsesRepository, type CustomerClassKey, type LseRow } from './lses.repository.ts';
import { OWNERSHIPS, SERVICE_TYPES } from './lses.schemas.ts';

export interface LseListParams extends LocationInput {
  ownerships?: string[];
  serviceTypes?: string[];
  residentialServiceTypes?: string[];
  commercialServiceTypes?: string[];
  industrialServiceTypes?: string[];
  transportationServiceTypes?: string[];
}

export class LsesService {
  readonly repo: LsesRepository;

  constructor(
    db: Db,
    private readonly zipcodes: ZipcodesService,
  ) {
    this.repo = new LsesRepository(db);
  }

  async get(lseId: number): Promise<LseRow> {
    const row = await this.repo.find(lseId);
    if (!row) throw notFound('LoadServingEntity', 'lseId', lseId);
    return row;
  }

  /** The IANA zone of an LSE's tariffs and calendars; UTC for none (general calendars) or an LSE without one. */
  async zoneOf(lseId: number | null): Promise<string> {
    if (lseId === null) return 'UTC';
    return (await this.repo.find(lseId))?.time_zone_id ?? 'UTC';
  }

  async list(params: LseListParams, options: ListOptions) {
    const zip = await this.zipcodes.resolve({
      zipCode: params.zipCode,
      postCode: params.postCode,
      country: params.country,
    });
    const classServiceTypes: Partial<Record<CustomerClassKey, string[]>> = {
      residential: enumList('residentialServiceTypes', params.residentialServiceTypes, SERVICE_TYPES),
      commercial: enumList('commercialServiceTypes', params.commercialServiceTypes, SERVICE_TYPES),
      industrial: enumList('industrialServiceTypes', params.industrialServiceTypes, SERVICE_TYPES),
      transportation: enumList('transportationServiceTypes', params.transportationServiceTypes, SERVICE_TYPES),
    };
    return this.repo.list(
      {
        zip: zip ?? undefined,
        ownerships: enumList('ownerships', params.ownerships, OWNERSHIPS),
        serviceTypes: enumList('serviceTypes', params.serviceTypes, SERVICE_TYPES),
        classServiceTypes,
      },
      options,
    );
  }
}
