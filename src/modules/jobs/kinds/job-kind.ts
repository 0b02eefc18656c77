// What a kind of portfolio job is: how its request is checked when the job is made, and what one account gets for one
// scenario. A kind calls an existing service (there is no second billing path); a new kind (the tariff comparison) is
// one file with one of these and a line in kinds/index.ts.
import type { Static } from '@sinclair/typebox';
import type { AccountRef } from '../../accounts/accounts.repository.ts';
import type { PropertyDataInput } from '../../calculations/calculations.schemas.ts';

export interface ScenarioSpec {
  name: string;
  masterTariffId: number | null;
  propertyInputs: Static<typeof PropertyDataInput>[];
}

/** One account's figures for one scenario. */
export interface ScenarioOutcome {
  masterTariffId: number | null;
  tariffName: string | null;
  totalCost: number | null;
  kWh: number | null;
  figures: Record<string, number | null>;
}

export interface JobKind {
  /** As the request's `kind` names it. */
  readonly name: string;
  /** The request's field that holds the kind's body (`calculation`, `analysis`, ...). */
  readonly field: string;
  /** Whether the body may be left out (then {}). */
  readonly bodyOptional: boolean;
  /** Checks the kind's body and scenarios when the job is made: a 400 naming the parameter, before any work. */
  check(body: Record<string, unknown>, scenarios: ScenarioSpec[]): void;
  /**
   * A chunk of a job's accounts begun (`refs`: the accounts it will run, in order): what its accounts share (tariffs
   * and their time data, read once; what can be read for all of them at once) is kept by the function it answers
   * until the chunk ends (or, where the kind says so, shared with the same job's next chunks in this process).
   */
  chunk(body: Record<string, unknown>, orgId: number, refs: readonly AccountRef[], jobId: string): ChunkRun;
}

/**
 * One account made ready for its scenarios (what they share read once). Throws (an ApiError for the account's own
 * faults) when the account cannot be run: that fails every scenario.
 */
export type ChunkRun = (ref: AccountRef) => Promise<AccountRun>;

/** One scenario of an account made ready by its kind; throws as the single operation would have answered. */
export type AccountRun = (scenario: ScenarioSpec) => Promise<ScenarioOutcome>;
