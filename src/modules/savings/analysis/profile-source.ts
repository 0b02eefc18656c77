// Which of the account's profiles the savings analysis reads: for the usage, the one named (tagged before,after),
// else the account's default ELECTRICITY profile when the request gives no usage; for the PV output, the one named
// (tagged solar), else its default SOLAR_PV profile when the request gives no PV system. A profile named that is not
// the account's is a 400/404 naming the input.
import { invalidArgument } from '../../../http/errors.ts';
import { accountProfile } from '../../accounts/account-readings.ts';
import type { LoadedProfile, ProfilesService } from '../../profiles/profiles.service.ts';
import type { AnalysisPlan, Placed, PropertyInput } from './inputs.ts';
import type { AccountSource } from './types.ts';

/** A profile of the account read for the usage or the PV output, with the input (field, value) that names it. */
export interface ProfileSource {
  profile: LoadedProfile;
  field: string;
  value: string;
  keyName: string;
}

export class ProfileSources {
  constructor(private readonly profiles: ProfilesService) {}

  /** The account's profile the usage is read from (null: the usage is not an account's profile). */
  async usage(plan: AnalysisPlan, source: AccountSource | null, orgId: number | null): Promise<ProfileSource | null> {
    const named = plan.profiles.usage;
    if (named) {
      if (plan.consumption || plan.baseline.given)
        throw invalidArgument(
          `${named.path}.keyName`,
          named.input.keyName,
          'Give the usage once: a profile of the account, a consumption series, or a typical baseline',
        );
      const found = await this.named(named, source!, orgId!);
      if (found.profile.row.service_types !== 'ELECTRICITY')
        throw invalidArgument(
          found.field,
          found.value,
          `Profile ${found.value} is a ${found.profile.row.service_types} profile: the usage is an ELECTRICITY profile (a PV output is tagged solar)`,
        );
      return found;
    }
    if (!source || plan.consumption || plan.baseline.given) return null;
    const profile = await this.profiles.defaultOf(source.account, 'ELECTRICITY');
    return profile && { profile, field: source.field, value: source.value, keyName: 'profileId' };
  }

  /** The account's profile the PV output is read from (null: the PV is not an account's profile). */
  async solar(plan: AnalysisPlan, source: AccountSource | null, orgId: number | null): Promise<ProfileSource | null> {
    const named = plan.profiles.solar;
    if (named) {
      const found = await this.named(named, source!, orgId!);
      if (found.profile.row.service_types === 'GAS')
        throw invalidArgument(
          found.field,
          found.value,
          `Profile ${found.value} is a GAS profile: the PV output is a SOLAR_PV profile (PVWatts or readings)`,
        );
      return found;
    }
    if (plan.pv.sizePath !== null || plan.pv.production || !source) return null;
    const profile = await this.profiles.defaultOf(source.account, 'SOLAR_PV');
    return profile && { profile, field: source.field, value: source.value, keyName: 'profileId' };
  }

  /** A profile named by an input (profileId or providerProfileId): one of the account's, or a 400/404 naming the input. */
  private async named(named: Placed<PropertyInput>, source: AccountSource, orgId: number): Promise<ProfileSource> {
    const field = `${named.path}.dataValue`;
    const value = String(named.input.dataValue);
    const profile = (await accountProfile(
      this.profiles,
      source.account,
      named.input.keyName === 'profileId' ? { profileId: value } : { providerProfileId: value },
      orgId,
      field,
    ))!;
    return { profile, field, value, keyName: named.input.keyName };
  }
}

/** A profile as the answer names it: its id, and its providerProfileId when it has one. */
export function nameOf(profile: LoadedProfile): string {
  return `profile ${profile.row.profile_id}${profile.row.provider_profile_id ? ` (${profile.row.provider_profile_id})` : ''}`;
}
