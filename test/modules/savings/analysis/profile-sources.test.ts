// The account's profiles the usage and the PV output are read from (profile-source.ts), the usage from a profile's
// readings (usage-readings.ts) and the PV output from a profile's readings (production-profile.ts), on stand-in
// services: the stored profiles and their readings are the profiles module's, tested there.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Reading } from '../../../../src/importers/readings/reading.ts';
import { profileProduction } from '../../../../src/modules/savings/analysis/production-profile.ts';
import { nameOf, ProfileSources, type ProfileSource } from '../../../../src/modules/savings/analysis/profile-source.ts';
import type { AccountSource, Memo } from '../../../../src/modules/savings/analysis/types.ts';
import { readingsUsage } from '../../../../src/modules/savings/analysis/usage-readings.ts';
import { H, planOf, refuses, zipRow } from './fixtures.ts';

const FROM = Date.parse('2027-01-01T00:00:00Z');
const account = { row: { account_id: 'a-1', zip_code: null } };
const source: AccountSource = { field: 'accountId', value: 'a-1', account } as never;
const profile = (service_types: string, source_id = 'Other') => ({
  row: { profile_id: `p-${service_types}`, provider_profile_id: 'meter', service_types, source_id },
  account,
  properties: new Map(),
});
const reading = (start: number, end: number, value: number, unit: Reading['unit'] = 'kWh'): Reading => ({
  start,
  end,
  value,
  unit,
  cost: null,
});
const memo = (): Memo => ({ stations: new Map(), pv: new Map(), calendars: new Map(), afterBills: new Map() });
const readingsOf = (readings: Reading[], description: string | null = null) => ({
  readingsIn: async () => ({ readings, description }),
});

describe("the account's profiles", () => {
  it("takes the account's default profiles only when the request gives no usage or PV", async () => {
    const asked: string[] = [];
    const sources = new ProfileSources({
      defaultOf: async (_: unknown, type: string) => {
        asked.push(type);
        return profile(type);
      },
    } as never);
    const none = planOf([{ keyName: 'loadSize', dataValue: 5000 }]);
    assert.equal(await sources.usage(none, source, 7), null);
    const bare = planOf([]);
    assert.equal((await sources.usage(bare, source, 7))!.profile.row.profile_id, 'p-ELECTRICITY');
    assert.equal((await sources.solar(bare, source, 7))!.profile.row.profile_id, 'p-SOLAR_PV');
    assert.equal(await sources.solar(planOf([{ keyName: 'systemSize', dataValue: 4 }]), source, 7), null);
    assert.equal(await sources.usage(bare, null, null), null);
    assert.deepEqual(asked, ['ELECTRICITY', 'SOLAR_PV']);
    await refuses(
      () =>
        sources.usage(
          planOf([
            { keyName: 'loadSize', dataValue: 5000 },
            { keyName: 'profileId', dataValue: 'p-1' },
          ]),
          source,
          7,
        ),
      'propertyInputs[1].keyName',
    );
    assert.equal(nameOf(profile('ELECTRICITY') as never), 'profile p-ELECTRICITY (meter)');
  });

  it('reads usage on the grid of its most common reading length, saying what was not read', async () => {
    // Three 15-minute readings and one hourly: a 15-minute grid, the hour shared by time; a kW reading not read.
    const readings = [
      reading(FROM, FROM + H / 4, 1),
      reading(FROM + H / 4, FROM + H / 2, 1),
      reading(FROM + H / 2, FROM + (3 * H) / 4, 1),
      reading(FROM + H, FROM + 2 * H, 4),
      reading(FROM, FROM + H, 9, 'kW'),
    ];
    const src = { profile: profile('ELECTRICITY'), field: 'accountId', value: 'a-1', keyName: 'profileId' };
    const u = await readingsUsage(
      { profiles: readingsOf(readings), baselines: {} } as never,
      src as ProfileSource,
      planOf([]),
      zipRow(),
      'UTC',
      FROM,
      FROM + 2 * H,
      false,
    );
    assert.equal(u.duration, H / 4);
    assert.deepEqual([...u.values], [1, 1, 1, 0, 1, 1, 1, 1]);
    assert.equal(u.dataValue, 'p-ELECTRICITY');
    assert.equal(
      u.noted,
      'Readings of profile p-ELECTRICITY (meter) of the account: 4 kWh reading(s) in year one on a grid of 15 minutes',
    );
    assert.deepEqual(
      u.more.map((m) => m.keyName),
      ['demand'],
    );
  });

  it('reads the PV output hour by hour, once per request, refusing long readings and gaps', async () => {
    const src = {
      profile: profile('SOLAR_PV'),
      field: 'propertyInputs[0].dataValue',
      value: 'pv',
      keyName: 'profileId',
    };
    const services = (readings: Reading[]) =>
      ({ profiles: readingsOf(readings), accounts: { zoneOf: () => 'UTC' }, zipcodes: {}, solar: {} }) as never;
    const m = memo();
    const full = [
      reading(FROM, FROM + H / 2, 1),
      reading(FROM + H / 2, FROM + H, 2),
      reading(FROM + H, FROM + 2 * H, 0),
    ];
    const p = await profileProduction(services(full), src as ProfileSource, FROM, FROM + 2 * H, m);
    assert.deepEqual([...p.hourly], [3, 0]);
    assert.equal(p.station, null);
    assert.match(p.assumptions[0]!.description ?? '', /readings sent\), 3 kWh in year one/);
    // Read once: a second design on another stand-in still gets the first reading.
    assert.deepEqual(
      [...(await profileProduction(services([]), src as ProfileSource, FROM, FROM + 2 * H, m)).hourly],
      [3, 0],
    );
    await refuses(
      () =>
        profileProduction(services([reading(FROM, FROM + 2 * H, 5)]), src as ProfileSource, FROM, FROM + 2 * H, memo()),
      'propertyInputs[0].dataValue',
    );
    const message = await refuses(
      () => profileProduction(services([reading(FROM, FROM + H, 1)]), src as ProfileSource, FROM, FROM + 2 * H, memo()),
      'propertyInputs[0].dataValue',
    );
    assert.match(message, /no readings from 2027-01-01T01:00:00Z to 2027-01-01T02:00:00Z/);
  });
});
