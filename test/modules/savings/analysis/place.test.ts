// The place step: the address's ZIP code (coordinates only when near one), else the account's; places outside the
// US states refused, naming the input.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PlaceStep } from '../../../../src/modules/savings/analysis/place.ts';
import type { AccountSource, Body } from '../../../../src/modules/savings/analysis/types.ts';
import type { ZipRow } from '../../../../src/modules/zipcodes/zipcodes.repository.ts';
import { refuses, zipRow } from './fixtures.ts';

const step = (resolved: ZipRow | null, stored: ZipRow | undefined = undefined) =>
  new PlaceStep({
    resolveAddress: async () => resolved,
    repo: { find: async () => stored } as never,
  });
const account = (zip: string | null): AccountSource =>
  ({ field: 'providerAccountId', value: 'home', account: { row: { zip_code: zip } } }) as never;
const body = (address: Body['address']) => ({ address }) as Body;

describe('the place step', () => {
  it("takes the address's ZIP code, else the account's", async () => {
    assert.equal((await step(zipRow()).of(body({ zip: '94110' }), null)).zipcode, '94110');
    const other = zipRow({ zipcode: '94016' });
    assert.equal((await step(null, other).of(body(undefined), account('94016'))).zipcode, '94016');
    // An address given wins over the account's.
    assert.equal((await step(zipRow(), other).of(body({ zip: '94110' }), account('94016'))).zipcode, '94110');
  });

  it('refuses no place, a point far from every ZIP code and places outside the states', async () => {
    await refuses(() => step(zipRow()).of(body(undefined), null), 'address');
    await refuses(() => step(null).of(body({ zip: '00000' }), null), 'address');
    // London is thousands of km from the nearest US ZIP code.
    await refuses(() => step(zipRow()).of(body({ lat: 51.5, lon: -0.12 }), null), 'address.lat');
    // About 40 km from the ZIP code's centre is near enough.
    assert.equal((await step(zipRow()).of(body({ lat: 37.5, lon: -122.1 }), null)).zipcode, '94110');
    await refuses(
      () => step(zipRow({ zipcode: '09001', state: 'AE' })).of(body({ zip: '09001' }), null),
      'address.zip',
    );
    await refuses(() => step(null, undefined).of(body(undefined), account(null)), 'address');
    await refuses(
      () => step(null, zipRow({ zipcode: '96201', state: 'AP' })).of(body(undefined), account('96201')),
      'providerAccountId',
    );
  });
});
