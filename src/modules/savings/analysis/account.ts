// The account step of the savings analysis: the stored account a request names (accountId or providerAccountId, of
// the caller's organization) and what it stands in for before any profile is read: its customerClass and its
// properties as inputs of the bills. Its place is the place step's, its tariff the before tariff's, its profiles the
// usage and production steps'. Everything it stands in for is said in the answer's assumptions.
import { baselineClassOf } from '../../../domain/baselines/building-types.ts';
import { invalidArgument, notFound } from '../../../http/errors.ts';
import { ACCOUNT_KEYS } from '../../accounts/account-property-values.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import type { ZipRow } from '../../zipcodes/zipcodes.repository.ts';
import type { AnalysisPlan, Placed, PropertyInput } from './inputs.ts';
import { note, type AccountSource, type Assumption, type Body } from './types.ts';

export class AccountStep {
  constructor(private readonly accounts: AccountsService) {}

  /** The account the request names, of the caller's organization (another's, or none such, is a 404 naming it). */
  async of(body: Body, orgId: number | null): Promise<AccountSource | null> {
    if (body.accountId === undefined && body.providerAccountId === undefined) return null;
    const field = body.accountId !== undefined ? 'accountId' : 'providerAccountId';
    const value = body.accountId ?? body.providerAccountId!;
    if (orgId === null) throw notFound('Account', field, value);
    const account = await this.accounts.load(
      field === 'accountId' ? { accountId: value } : { providerAccountId: value },
      orgId,
    );
    if (
      body.accountId !== undefined &&
      body.providerAccountId !== undefined &&
      account.row.provider_account_id !== body.providerAccountId
    ) {
      throw invalidArgument(
        'providerAccountId',
        body.providerAccountId,
        `Account ${body.accountId} has ${account.row.provider_account_id === null ? 'no providerAccountId' : `providerAccountId ${account.row.provider_account_id}`}: name the account once`,
      );
    }
    return { account, field, value };
  }

  /**
   * What the account stands in for before any profile is read: its customerClass (unless given; `plan` takes its
   * baseline class) and its properties as inputs of every plan's bills. Returns the tariff class and what is said.
   */
  standIn(
    source: AccountSource,
    body: Body,
    zip: ZipRow,
    given: readonly Placed<PropertyInput>[],
    plan: AnalysisPlan,
    plans: readonly AnalysisPlan[],
  ): { tariffClass: string; notes: Assumption[] } {
    const { row } = source.account;
    const notes = [
      note(
        source.field,
        source.value,
        `Account ${row.account_id}${row.provider_account_id ? ` (${row.provider_account_id})` : ''}${row.account_name ? `, ${row.account_name}` : ''}: ${body.address === undefined ? `its place (ZIP code ${zip.zipcode}), ` : ''}its properties as inputs of the bills, and what the request does not give`,
        null,
        null,
        100,
      ),
    ];
    let tariffClass: string = plan.customerClass;
    if (!given.some((p) => p.input.keyName === 'customerClass')) {
      tariffClass = this.accounts.customerClass(source.account);
      plan.customerClass = baselineClassOf(tariffClass);
      notes.push(
        source.account.properties.has('customerClass')
          ? note('customerClass', tariffClass, `The account's customerClass, ${tariffClass}`, null, null, 100)
          : note(
              'customerClass',
              'RESIDENTIAL',
              'The account names no customerClass: RESIDENTIAL is assumed',
              null,
              null,
              90,
            ),
      );
    }
    for (const p of plans) withAccountProperties(p, source);
    return { tariffClass, notes };
  }
}

/** An account's properties are inputs of the utility bills (territoryId, applicability keys), where the request gives none of that key. */
function withAccountProperties(plan: AnalysisPlan, { account, field }: AccountSource): void {
  for (const p of account.properties.values()) {
    if (p.key_name in ACCOUNT_KEYS && p.key_name !== 'territoryId') continue;
    for (const s of ['before', 'after'] as const) {
      if (plan.billProperties[s].some((x) => x.input.keyName === p.key_name)) continue;
      plan.billProperties[s].push({
        input: { keyName: p.key_name, dataValue: p.data_value },
        path: `${field}.properties.${p.key_name}`,
        scenarios: new Set([s]),
      });
    }
  }
}
