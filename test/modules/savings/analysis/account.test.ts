// The account step: the account a request names (one name only), and what it stands in for: its customerClass
// unless given, its properties as inputs of every plan's bills where the request gives none of that key.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AccountStep } from '../../../../src/modules/savings/analysis/account.ts';
import { plansOf } from '../../../../src/modules/savings/analysis/plan.ts';
import type { Body } from '../../../../src/modules/savings/analysis/types.ts';
import { refuses, zipRow } from './fixtures.ts';

const loaded = (properties: Record<string, string>) => ({
  row: { account_id: 'a-1', provider_account_id: 'home', account_name: 'Mission home', zip_code: '94110' },
  properties: new Map(Object.entries(properties).map(([key_name, data_value]) => [key_name, { key_name, data_value }])),
  tariffs: [],
});
const accounts = (properties: Record<string, string>) => ({
  load: async (by: object, orgId: number) => {
    assert.equal(orgId, 7);
    assert.ok('accountId' in by || 'providerAccountId' in by);
    return loaded(properties);
  },
  customerClass: (a: ReturnType<typeof loaded>) => a.properties.get('customerClass')?.data_value ?? 'RESIDENTIAL',
});

describe('the account step', () => {
  it('finds the account named, of the caller only, and refuses two names for two accounts', async () => {
    const step = new AccountStep(accounts({}) as never);
    assert.equal(await step.of({} as Body, 7), null);
    const source = await step.of({ providerAccountId: 'home' } as Body, 7);
    assert.deepEqual([source!.field, source!.value], ['providerAccountId', 'home']);
    await refuses(() => step.of({ accountId: 'a-1' } as Body, null), 'accountId', 404);
    await refuses(() => step.of({ accountId: 'a-1', providerAccountId: 'other' } as Body, 7), 'providerAccountId');
  });

  it("stands in with the account's customerClass and properties, said in the assumptions", async () => {
    const step = new AccountStep(
      accounts({ customerClass: 'GENERAL', territoryId: '80', cityLimits: 'Inside' }) as never,
    );
    const body = {
      providerAccountId: 'home',
      propertyInputs: [{ keyName: 'cityLimits', dataValue: 'Outside', scenarios: 'after' }],
    } as Body;
    const source = (await step.of(body, 7))!;
    const { given, plan, all } = plansOf(body, source);
    const { tariffClass, notes } = step.standIn(source, body, zipRow(), given.properties, plan, all);
    assert.equal(tariffClass, 'GENERAL');
    assert.equal(plan.customerClass, 'GENERAL');
    assert.deepEqual(
      notes.map((n) => [n.keyName, n.dataValue]),
      [
        ['providerAccountId', 'home'],
        ['customerClass', 'GENERAL'],
      ],
    );
    assert.match(notes[0]!.description ?? '', /its place \(ZIP code 94110\)/);
    // territoryId goes to both bills; cityLimits only where the request gives none (before); customerClass to neither.
    const keys = (s: 'before' | 'after') =>
      plan.billProperties[s].map((p) => `${p.input.keyName}=${p.input.dataValue}@${p.path}`);
    assert.deepEqual(keys('before'), [
      'territoryId=80@providerAccountId.properties.territoryId',
      'cityLimits=Inside@providerAccountId.properties.cityLimits',
    ]);
    assert.deepEqual(keys('after'), [
      'cityLimits=Outside@propertyInputs[0]',
      'territoryId=80@providerAccountId.properties.territoryId',
    ]);
  });

  it('keeps a customerClass the request gives', async () => {
    const step = new AccountStep(accounts({ customerClass: 'GENERAL' }) as never);
    const body = { accountId: 'a-1', propertyInputs: [{ keyName: 'customerClass', dataValue: 'RESIDENTIAL' }] } as Body;
    const source = (await step.of(body, 7))!;
    const { given, plan, all } = plansOf(body, source);
    const { tariffClass, notes } = step.standIn(source, body, zipRow(), given.properties, plan, all);
    assert.deepEqual([tariffClass, plan.customerClass, notes.length], ['RESIDENTIAL', 'RESIDENTIAL', 1]);
  });
});
