// The tariff a place's customers of a class are on when nothing says otherwise: a DEFAULT tariff of an LSE serving
// the ZIP code, for the class. Of several, the one in effect on the date (else the latest to have been), then the one
// with most customers, then the lowest id, so the choice is stable.
import { invalidArgument } from '../../http/errors.ts';
import { REFERENCE_DATA } from '../tariffs/tariffs.repository.ts';
import type { TariffsService } from '../tariffs/tariffs.service.ts';

export async function defaultTariffOf(
  tariffs: TariffsService,
  zipCode: string,
  customerClass: string,
  onDate: string,
  field: string,
): Promise<{ masterTariffId: number; tariffName: string; lseName: string | null }> {
  const { rows } = await tariffs.list(
    {
      zipCode,
      customerClasses: [customerClass],
      tariffTypes: ['DEFAULT'],
      fromDateTime: '1900-01-01',
      toDateTime: '2199-12-31',
    },
    { paging: { pageStart: 0, pageCount: 1000 }, search: null, sort: [], ext: false },
    // A default tariff is the utility's: chosen among reference tariffs (an organization's own are PRIVATE anyway).
    REFERENCE_DATA,
  );
  const inEffect = (t: (typeof rows)[number]) =>
    t.effectiveDate <= onDate && (t.endDate === null || t.endDate > onDate);
  const best = [...rows].sort(
    (a, b) =>
      Number(inEffect(b)) - Number(inEffect(a)) ||
      b.effectiveDate.localeCompare(a.effectiveDate) ||
      (b.customerCount ?? -1) - (a.customerCount ?? -1) ||
      a.masterTariffId - b.masterTariffId,
  )[0];
  if (!best)
    throw invalidArgument(
      field,
      zipCode,
      `No ${customerClass} default tariff is loaded for ZIP code ${zipCode}: name one with masterTariffId`,
    );
  return { masterTariffId: best.masterTariffId, tariffName: best.tariffName, lseName: best.lseName ?? null };
}
