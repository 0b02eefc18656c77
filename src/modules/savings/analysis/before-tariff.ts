// The tariff before solar: masterTariffId tagged before; else the account's tariff on the first day of year one (its
// place's default tariff when it has none set); else the place's default tariff on the day of the request. What is
// chosen for an account is said in the before scenario's assumptions.
import { DateTime } from 'luxon';
import { localDateParam } from '../../../http/dates.ts';
import { invalidArgument } from '../../../http/errors.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import { EARLIEST } from '../../accounts/tariff-timeline.ts';
import type { TariffsService } from '../../tariffs/tariffs.service.ts';
import { defaultTariffOf } from '../default-tariff.ts';
import type { AnalysisPlan } from './inputs.ts';
import { note, zoneOf, type AccountSource, type Assumption, type BillRequest } from './types.ts';

export class BeforeTariff {
  constructor(
    private readonly accounts: AccountsService,
    private readonly tariffs: TariffsService,
    private readonly now: () => Date,
  ) {}

  async of(request: BillRequest, plan: AnalysisPlan, customerClass: string, notes: Assumption[]): Promise<number> {
    if (plan.tariff.before) return plan.tariff.before.id;
    const { zip, account } = request;
    const held = account && (await this.accountTariff(account, request.yearOne.from, notes));
    if (held) return held;
    const today = DateTime.fromJSDate(this.now(), { zone: zoneOf(zip) }).toISODate()!;
    const chosen = await defaultTariffOf(
      this.tariffs,
      zip.zipcode,
      customerClass,
      today,
      account ? 'masterTariffId' : 'address',
    );
    if (account)
      notes.push(
        note(
          'masterTariffId',
          String(chosen.masterTariffId),
          `The account has no tariff set: the ${customerClass} default tariff of its ${request.body.address === undefined ? 'place' : 'address'}${chosen.lseName ? ` (${chosen.lseName})` : ''}, ${chosen.tariffName} (${chosen.masterTariffId})`,
          null,
          null,
          75,
        ),
      );
    return chosen.masterTariffId;
  }

  /** The account's tariff on the first day of year one; null when it has none set (its default is then the place's). */
  private async accountTariff(source: AccountSource, yearOneFrom: string, notes: Assumption[]): Promise<number | null> {
    const { account } = source;
    if (!account.tariffs.length) return null;
    const start = localDateParam('fromDateTime', yearOneFrom, this.accounts.zoneOf(account))!;
    const [held] = await this.accounts.timeline(account, start, DateTime.fromISO(start).plus({ days: 1 }).toISODate()!);
    if (!held) {
      const first = [...account.tariffs].sort((a, b) => a.effective_date.localeCompare(b.effective_date))[0]!;
      throw invalidArgument(
        'masterTariffId',
        null,
        `The account is on no tariff on ${start}, the start of year one (its first starts ${first.effective_date}): set one from an earlier date, or give masterTariffId tagged before`,
      );
    }
    const { part } = held;
    notes.push(
      note(
        'masterTariffId',
        String(part.masterTariffId),
        `The account's tariff on ${start}, the start of year one (set from ${part.from === EARLIEST ? 'the start' : part.from}${part.to ? ` until ${part.to}` : ''})`,
        null,
        null,
        100,
      ),
    );
    return part.masterTariffId;
  }
}
