// Who is calling: the application a request's credentials proved, made by the keys module and attached to each
// request by the HTTP authentication, which every module then reads.
import type { Tier } from './tiers.ts';

export interface Principal {
  appId: string;
  orgId: number;
  orgName: string;
  tiers: ReadonlySet<Tier>;
}
