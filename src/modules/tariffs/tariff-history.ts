// A tariff's history (GET /rest/public/tariffs/{masterTariffId}/history): every version, the rider versions in effect
// during each, a summary of the lookup values its rates name and, when asked, its documents.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { LookupsRepository } from '../../domain/properties/lookups.repository.ts';
import { formatDateTime } from '../../engine/time/datetime-input.ts';
import { notFound } from '../../http/errors.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { TariffsRepository, TariffViewer } from './tariffs.repository.ts';
import type { TariffHistorySchema } from './tariffs.schemas.ts';

export type TariffHistory = Static<typeof TariffHistorySchema>;

export class TariffHistoryReader {
  constructor(
    private readonly repo: TariffsRepository,
    private readonly lookups: LookupsRepository,
    private readonly documents: DocumentsService,
  ) {}

  /**
   * Every version with the rider versions in effect during it and a summary of the lookup values its rates name.
   * Version dates are local midnights in the tariff's zone; lookup summary dates are local dates.
   */
  async of(masterTariffId: number, p: { populateDocuments?: boolean }, viewer: TariffViewer): Promise<TariffHistory> {
    const versions = await this.repo.versions(masterTariffId, viewer);
    if (!versions.length) throw notFound('Tariff', 'masterTariffId', masterTariffId);
    const first = versions[0]!;
    const latest = versions.at(-1)!;
    const zone = first.time_zone;
    const midnight = (date: string | null) => (date === null ? null : formatDateTime(DateTime.fromISO(date, { zone })));
    const localDate = (ms: number | null) => (ms === null ? null : DateTime.fromMillis(ms, { zone }).toISODate());
    const { rates } = await this.repo.rates(versions.map((v) => v.tariff_id));
    const documents = p.populateDocuments
      ? await this.documents.ofTariffs(versions.map((v) => v.tariff_id))
      : undefined;
    const tariffVersions = [];
    for (const v of versions) {
      const own = rates.filter((r) => r.tariff_id === v.tariff_id);
      const riderVersions = [];
      for (const riderId of new Set(own.map((r) => r.rider_id).filter((x): x is number => x !== null))) {
        for (const rv of await this.repo.versions(riderId, { orgId: v.owner_org_id })) {
          // Rider versions in effect at some time during this version.
          if (
            (v.end_date === null || rv.effective_date < v.end_date) &&
            (rv.end_date === null || rv.end_date > v.effective_date)
          ) {
            riderVersions.push({
              riderId,
              riderTariffId: rv.tariff_id,
              effectiveDate: midnight(rv.effective_date)!,
              endDate: midnight(rv.end_date),
            });
          }
        }
      }
      const lookups = [
        ...new Map(
          own
            .filter((r) => r.variable_rate_key)
            .map((r) => [`${r.variable_rate_key}\0${r.variable_rate_sub_key ?? ''}`, r]),
        ).values(),
      ];
      const lookupVariableRates = [];
      let lastUpdated = v.last_updated ? Date.parse(v.last_updated) : null;
      for (const r of lookups) {
        const stats = await this.lookups.stats(r.variable_rate_key!, r.variable_rate_sub_key ?? undefined);
        if (stats.lastUpdated !== null) lastUpdated = Math.max(lastUpdated ?? 0, stats.lastUpdated);
        lookupVariableRates.push({
          propertyKey: r.variable_rate_key!,
          subPropertyKey: r.variable_rate_sub_key,
          fromDate: localDate(stats.minFrom),
          toDate: localDate(stats.maxTo),
          lastUpdatedDate:
            stats.lastUpdated === null ? null : formatDateTime(DateTime.fromMillis(stats.lastUpdated, { zone })),
          count: stats.lookupCount,
        });
      }
      tariffVersions.push({
        tariffId: v.tariff_id,
        effectiveDate: midnight(v.effective_date)!,
        endDate: midnight(v.end_date),
        lastUpdatedDate: lastUpdated === null ? null : formatDateTime(DateTime.fromMillis(lastUpdated, { zone })),
        riderVersions,
        lookupVariableRates,
        ...(documents ? { documents: documents.get(v.tariff_id) ?? [] } : {}),
      });
    }
    return {
      masterTariffId,
      tariffCode: latest.tariff_code,
      tariffName: latest.tariff_name,
      lseId: latest.lse_id,
      serviceType: latest.service_type,
      customerClass: latest.customer_class,
      initialEffectiveDate: midnight(first.effective_date)!,
      closedDate: latest.closed_date,
      tariffVersions,
    };
  }
}
