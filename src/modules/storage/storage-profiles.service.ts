// Storage profiles after the original's POST /rest/v1/profiles/storage: an account's consumption and solar profiles
// and a battery, dispatched on the post-solar tariff over a range (a year by default), become three profiles of the
// account holding what the meter sees after the battery, as the original names them:
//   <id>-usage    grid to site (kWh drawn for the home's load; what the battery draws is in -storage),
//   <id>-solar    solar to grid (kWh of PV sent out after the home and the battery took theirs; SOLAR_PV),
//   <id>-storage  the battery's own grid flows: kWh drawn to charge it, less kWh it sent out (negative readings).
// Together they add up to the meter: usage - solar + storage is the net series the bill engine billed.
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { StorageRequest } from '../../engine/storage/storage-bill.ts';
import { dateTimeParam } from '../../http/dates.ts';
import { invalidArgument, missingArgument } from '../../http/errors.ts';
import type { Reading } from '../../importers/readings/reading.ts';
import { clip, usageInputs } from '../accounts/account-usage.ts';
import type { AccountsService, LoadedAccount } from '../accounts/accounts.service.ts';
import type { CalculationsService } from '../calculations/calculations.service.ts';
import { storageAnswer } from '../calculations/storage-answer.ts';
import { readBattery, readStrategy } from '../calculations/storage-inputs.ts';
import type { ProfileRef } from '../profiles/profiles.repository.ts';
import type { LoadedProfile, Profile, ProfilesService } from '../profiles/profiles.service.ts';
import type { StorageProfileBody, StorageProfileSchema } from './storage-profiles.schemas.ts';

type Body = Static<typeof StorageProfileBody>;
type Ref = { profileId?: string; providerProfileId?: string; dataFactor?: number };

const MEMBERS = [
  { suffix: 'usage', serviceTypes: 'ELECTRICITY', name: 'grid to site' },
  { suffix: 'solar', serviceTypes: 'SOLAR_PV', name: 'solar to grid' },
  { suffix: 'storage', serviceTypes: 'ELECTRICITY', name: 'battery grid flows' },
] as const;

export class StorageProfilesService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly profiles: ProfilesService,
    private readonly calculations: CalculationsService,
  ) {}

  async create(body: Body, orgId: number): Promise<Static<typeof StorageProfileSchema>> {
    if (!body.accountId && !body.providerAccountId)
      throw missingArgument('accountId', 'Give the account: accountId or providerAccountId');
    const account = await this.accounts.load(
      body.accountId ? { accountId: body.accountId } : { providerAccountId: body.providerAccountId! },
      orgId,
    );
    const zone = this.accounts.zoneOf(account);
    const start = dateTimeParam('fromDateTime', body.fromDateTime, zone)?.value;
    if (!start) throw missingArgument('fromDateTime');
    const end = body.toDateTime ? dateTimeParam('toDateTime', body.toDateTime, zone)?.value : start.plus({ years: 1 });
    if (!end || end <= start)
      throw invalidArgument('toDateTime', body.toDateTime ?? null, 'toDateTime must be after fromDateTime');
    if (end.diff(start, 'days').days > 1100)
      throw invalidArgument('toDateTime', body.toDateTime ?? null, 'Storage profiles span at most 1,100 days');
    const from = start.toMillis();
    const to = end.toMillis();

    // The home's load: the consumption profile's readings (default the account's ELECTRICITY profile).
    const usage = await this.member(account, body.consumption, 'consumption', 'ELECTRICITY', orgId);
    if (!usage) throw missingArgument('consumption', 'The account has no ELECTRICITY profile: name one in consumption');
    const usageReadings = clip((await this.profiles.readingsIn(usage.profile, from, to)).readings, from, to).map((r) =>
      r.unit === 'kWh' ? { ...r, value: r.value * usage.factor } : r,
    );
    if (!usageReadings.some((r) => r.unit === 'kWh'))
      throw invalidArgument(
        'consumption',
        usage.profile.row.profile_id,
        'The consumption profile has no kWh readings in the range',
      );

    // The PV: the solar profiles named (each scaled by its dataFactor), else the account's SOLAR_PV profile.
    const refs: (Ref | undefined)[] =
      body.solar === undefined ? [undefined] : Array.isArray(body.solar) ? body.solar : [body.solar];
    let pv: { step: number; values: Float64Array } | null = null;
    for (const [k, ref] of refs.entries()) {
      const field = Array.isArray(body.solar) ? `solar[${k}]` : 'solar';
      const solar = await this.member(account, ref, field, 'SOLAR_PV', orgId);
      if (!solar) continue;
      const readings = clip((await this.profiles.readingsIn(solar.profile, from, to)).readings, from, to);
      pv = addSeries(pv, readings, solar.factor, from, to, field);
    }

    const s = body.storage;
    const masterTariffId = Number(s.mainTariffId);
    if (!Number.isInteger(masterTariffId) || masterTariffId < 1)
      throw invalidArgument('storage.mainTariffId', String(s.mainTariffId), 'mainTariffId must be a tariff id');
    const battery = readBattery(s, 'storage.');
    const { strategy, schedule } = readStrategy(s.dispatchStrategy, 'storage.');
    const efficiency = s.solarDcToAcEfficiency === undefined ? 0.96 : Number(s.solarDcToAcEfficiency);
    if (!(efficiency >= 0.5 && efficiency <= 1))
      throw invalidArgument(
        'storage.solarDcToAcEfficiency',
        String(s.solarDcToAcEfficiency),
        'solarDcToAcEfficiency must be from 0.5 to 1',
      );
    const request: StorageRequest & { populateDispatch: boolean } = {
      battery,
      strategy,
      schedule,
      solar: pv && {
        from,
        duration: pv.step,
        values: pv.values,
        side: 'AC',
        dcToAcEfficiency: efficiency,
        inverterAcKw: null,
      },
      populateDispatch: false,
    };
    const iso = (d: DateTime) => d.toISO()!;
    const prepared = await this.calculations.prepareBill(
      {
        fromDateTime: iso(start),
        toDateTime: iso(end),
        ...(account.row.zip_code ? { address: { zip: account.row.zip_code } } : {}),
      },
      {
        masterTariffId,
        propertyInputs: [
          ...usageInputs(usageReadings),
          ...(s.tariffPropertyInputs ?? []).map((p) => ({ keyName: p.keyName, dataValue: p.dataValue })),
        ],
      },
      orgId,
    );
    const r = await prepared.runStorage(prepared.input, request);

    // The three profiles, replaced on each run of the same family.
    const d = r.dispatch;
    const series = {
      usage: d.gridToLoad,
      solar: d.solarToGrid,
      storage: Float64Array.from(d.gridToBattery, (g, i) => g - d.batteryToGrid[i]!),
    };
    const made: Profile[] = [];
    for (const m of MEMBERS) {
      const providerProfileId = `${body.providerProfileId}-${m.suffix}`;
      const { profile } = await this.profiles.upsert(
        {
          accountId: account.row.account_id,
          providerProfileId,
          profileName: `${body.profileName ?? body.providerProfileId}: post-storage ${m.name}`,
          serviceTypes: m.serviceTypes,
          isDefault: false,
        },
        orgId,
      );
      if (profile.accountId !== account.row.account_id)
        throw invalidArgument(
          'providerProfileId',
          body.providerProfileId,
          `${providerProfileId} is a profile of another account`,
        );
      const values = series[m.suffix];
      const readings: Reading[] = Array.from(values, (value, i) => ({
        start: from + i * r.step,
        end: Math.min(to, from + (i + 1) * r.step),
        unit: 'kWh',
        value: Math.round(value * 1e6) / 1e6,
        cost: null,
      }));
      await this.profiles.addReadings({ providerProfileId }, { readings, notes: [] }, 'JSON', 'replace', orgId);
      made.push(await this.profiles.get({ providerProfileId }, {}, orgId));
    }
    const fromText = DateTime.fromMillis(from, { zone }).toISO()!;
    return {
      providerProfileId: body.providerProfileId,
      profiles: made,
      storage: storageAnswer(r, request, fromText, r.step),
      totalCost: r.bill.summary.totalCost,
    };
  }

  /** A profile of the account named by `ref`, else its default of the service type (null when it has none). */
  private async member(
    account: LoadedAccount,
    ref: Ref | undefined,
    field: string,
    serviceType: string,
    orgId: number,
  ): Promise<{ profile: LoadedProfile; factor: number } | null> {
    const factor = ref?.dataFactor ?? 1;
    if (!(Number.isFinite(factor) && factor >= 0 && factor <= 1000))
      throw invalidArgument(`${field}.dataFactor`, String(factor), 'dataFactor must be from 0 to 1000');
    let by: ProfileRef | null = null;
    if (ref?.profileId) by = { profileId: ref.profileId };
    else if (ref?.providerProfileId) by = { providerProfileId: ref.providerProfileId };
    if (!by) {
      const profile = await this.profiles.defaultOf(account, serviceType);
      return profile && { profile, factor };
    }
    const profile = await this.profiles.load(by, orgId);
    if (profile.row.account_id !== account.row.account_id)
      throw invalidArgument(`${field}.profileId`, profile.row.profile_id, 'The profile belongs to another account');
    return { profile, factor };
  }
}

/** PV readings summed onto one series of their own step from `from` (readings of one length, on its boundaries). */
function addSeries(
  into: { step: number; values: Float64Array } | null,
  readings: readonly Reading[],
  factor: number,
  from: number,
  to: number,
  field: string,
): { step: number; values: Float64Array } | null {
  const energy = readings.filter((r) => r.unit === 'kWh');
  if (!energy.length) return into;
  const step = into?.step ?? energy[0]!.end - energy[0]!.start;
  const out = into ?? { step, values: new Float64Array(Math.ceil((to - from) / step)) };
  for (const r of energy) {
    const k = (r.start - from) / step;
    if (r.end - r.start !== step || !Number.isInteger(k))
      throw invalidArgument(
        field,
        null,
        `The solar profiles' readings must be intervals of one length (${step / 60_000} minutes) from fromDateTime`,
      );
    out.values[k]! += Math.max(0, r.value) * factor;
  }
  return out;
}
