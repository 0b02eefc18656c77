// The tariffs a customer may be compared on: the DEFAULT and ALTERNATIVE electricity tariffs of the customer's class
// from every LSE serving its ZIP code, in effect on both the first and the last day of the year compared (a tariff
// that opens or closes within the year cannot bill the whole of it), reference tariffs and the caller's own authored
// ones (another organization's are never seen), each with the
// applicability properties of its version on the first day.
import type { ListOptions } from '../../http/list-options.ts';
import type { TariffsService } from '../tariffs/tariffs.service.ts';
import type { ApplicabilityProperty } from './eligibility.ts';

export interface Candidate {
  masterTariffId: number;
  tariffId: number;
  tariffCode: string | null;
  tariffName: string;
  tariffType: string | null;
  lseId: number;
  lseName: string | null;
  properties: ApplicabilityProperty[];
}

const PAGE = 500;

export async function candidatesOf(
  tariffs: TariffsService,
  place: { zipCode: string; customerClass: string; firstDay: string; lastDay: string },
  orgId: number,
): Promise<Candidate[]> {
  const on = async (effectiveOn: string, populateProperties: boolean) => {
    const out = [];
    for (let pageStart = 0; ; pageStart += PAGE) {
      const options: ListOptions = {
        paging: { pageStart, pageCount: PAGE },
        search: null,
        sort: [{ field: 'masterTariffId', descending: false }],
        ext: false,
      };
      const { rows, total } = await tariffs.list(
        {
          zipCode: place.zipCode,
          customerClasses: [place.customerClass],
          tariffTypes: ['DEFAULT', 'ALTERNATIVE'],
          serviceTypes: ['ELECTRICITY'],
          // Reference tariffs and the caller's own (authored, PRIVATE): a utility program's own rates are candidates.
          privacyFlags: ['PUBLIC', 'PRIVATE'],
          effectiveOn,
          populateProperties,
        },
        options,
        { orgId },
      );
      out.push(...rows);
      if (pageStart + PAGE >= total) return out;
    }
  };
  const [first, last] = await Promise.all([on(place.firstDay, true), on(place.lastDay, false)]);
  const throughout = new Set(last.map((t) => t.masterTariffId));
  return first
    .filter((t) => throughout.has(t.masterTariffId))
    .map((t) => ({
      masterTariffId: t.masterTariffId,
      tariffId: t.tariffId,
      tariffCode: t.tariffCode ?? null,
      tariffName: t.tariffName,
      tariffType: t.tariffType ?? null,
      lseId: t.lseId,
      lseName: t.lseName ?? null,
      properties: (t.properties ?? []).map((p) => ({
        keyName: p.keyName,
        displayName: p.displayName,
        dataType: p.dataType,
        propertyTypes: p.propertyTypes,
        operator: p.operator,
        propertyValue: p.propertyValue,
        minValue: p.minValue,
        maxValue: p.maxValue,
        choices: p.choices,
      })),
    }));
}
