// What the jobs module stores as JSON: the request as checked, and each account's result.
import type { ScenarioOutcome, ScenarioSpec } from './kinds/job-kind.ts';

/** portfolio_jobs.request. */
export interface StoredRequest {
  /** The kind's body (calculation, analysis, ...). */
  body: Record<string, unknown>;
  scenarios: ScenarioSpec[];
}

export interface AccountError {
  code: string;
  message: string;
  propertyName: string | null;
  propertyValue: string | null;
}

export interface ScenarioResult extends ScenarioOutcome {
  name: string;
  status: 'SUCCESS' | 'FAILED';
  error: AccountError | null;
}

/** portfolio_job_results.result. */
export interface AccountResult {
  status: 'SUCCESS' | 'FAILED';
  /** The first failing scenario's error, its name in front when there are several. */
  error: AccountError | null;
  scenarios: ScenarioResult[];
}
