// The tariff after solar (#37): masterTariffId tagged after; else, when no export arrangement is given either, the
// tariff a new solar customer of the before tariff's utility takes today: of its tariffs open to solar customers
// (those whose versions say from when a new solar customer gets their export arrangement: isSolarEligible) for the
// customer's class and in effect at the start of year one, the one whose arrangement applies from the earliest date,
// then the lowest id (PG&E: E-ELEC, under the Net Billing Tariff). Said, with the rule, in the after scenario's
// assumptions. Else the before tariff (net metering then assumed where it names no arrangement, as before).
import type { PreparedBill } from '../../calculations/scenario-preparation.ts';
import { REFERENCE_DATA } from '../../tariffs/tariffs.repository.ts';
import type { TariffsService } from '../../tariffs/tariffs.service.ts';
import type { AnalysisPlan } from './inputs.ts';
import { note, type Assumption } from './types.ts';

export interface AfterTariffChoice {
  masterTariffId: number;
  /** What the answer says of the choice, when the analysis made it. */
  noted: Assumption | null;
}

export class AfterTariff {
  constructor(private readonly tariffs: TariffsService) {}

  async of(plan: AnalysisPlan, before: PreparedBill, yearOneFrom: string): Promise<AfterTariffChoice> {
    const beforeId = before.tariff.masterTariffId;
    if (plan.tariff.after) return { masterTariffId: plan.tariff.after.id, noted: null };
    if (plan.exports.arrangement !== undefined) return { masterTariffId: beforeId, noted: null };
    const day = yearOneFrom.slice(0, 10);
    const { rows } = await this.tariffs.list(
      {
        lseId: before.tariff.lseId,
        customerClasses: [before.tariff.customerClass],
        isSolarEligible: true,
        effectiveOn: day,
      },
      { paging: { pageStart: 0, pageCount: 100 }, search: null, sort: [], ext: true },
      // The utility's offer to new solar customers: reference tariffs only.
      REFERENCE_DATA,
    );
    const open = rows as { masterTariffId: number; tariffName: string; exportArrangementFrom?: string | null }[];
    const chosen = [...open].sort(
      (a, b) =>
        (a.exportArrangementFrom ?? '9999').localeCompare(b.exportArrangementFrom ?? '9999') ||
        a.masterTariffId - b.masterTariffId,
    )[0];
    if (!chosen || chosen.masterTariffId === beforeId) return { masterTariffId: beforeId, noted: null };
    return {
      masterTariffId: chosen.masterTariffId,
      noted: note(
        'masterTariffId',
        String(chosen.masterTariffId),
        `After solar: ${chosen.tariffName} (${chosen.masterTariffId}), the tariff a new solar customer of ${before.tariff.lseName} takes (of its ${open.length} tariff${open.length === 1 ? '' : 's'} open to solar customers of the class on ${day}, the one whose export arrangement applies from the earliest date${chosen.exportArrangementFrom ? `, ${chosen.exportArrangementFrom}` : ''}); give masterTariffId tagged after to choose another`,
        null,
        null,
        80,
      ),
    };
  }
}
