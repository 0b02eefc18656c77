// Running a prepared scenario's bill, with or without a battery behind the meter: the engine's complaints about an
// input become 400s naming it (a scenario's own inputs by their path in the request), an optimiser's failure a 400
// on the dispatch strategy.
import { calculateBill } from '../../engine/bill/calculate.ts';
import type { PreparedGrid } from '../../engine/bill/prepared.ts';
import { BillInputError, type BillInput, type BillResult } from '../../engine/bill/types.ts';
import { OptimiserError } from '../../engine/storage/bill-optimal.ts';
import { billWithStorage, type StorageBill, type StorageRequest } from '../../engine/storage/storage-bill.ts';
import { type ApiError, invalidArgument } from '../../http/errors.ts';
import { highsSolver } from '../storage/highs-solver.ts';
import type { SharedGrids } from './shared-grids.ts';

export interface BillRunners {
  /** `grid`: the tariff made ready for the range (prepareGrid), when many usages are billed on it. */
  run(input: BillInput, grid?: PreparedGrid): BillResult;
  /** The bill of `input` with a battery dispatched behind the meter (BILL_OPTIMAL solves with HiGHS). */
  runStorage(input: BillInput, request: StorageRequest): Promise<StorageBill>;
}

/** The engine's complaint about an input as a 400; a scenario's own inputs are named by their path in the request. */
function inputError(e: BillInputError, path: string): ApiError {
  return invalidArgument(/^(propertyInputs|rateInputs)/.test(e.field) ? `${path}${e.field}` : e.field, null, e.message);
}

/**
 * The runners of the scenario at `path` (`scenarios[2].`, or ''). `grids`: the request's shared grids, a bill given
 * no grid of its own being run on the one that fits it (made once); null: each bill prepares its own.
 */
export function billRunners(path: string, grids: SharedGrids | null): BillRunners {
  const run = (bill: BillInput, grid?: PreparedGrid): BillResult => {
    try {
      return calculateBill(bill, grid ?? grids?.gridFor(bill));
    } catch (e) {
      if (e instanceof BillInputError) throw inputError(e, path);
      throw e;
    }
  };
  const runStorage = async (bill: BillInput, request: StorageRequest): Promise<StorageBill> => {
    const solver = request.strategy === 'BILL_OPTIMAL' ? await highsSolver() : undefined;
    try {
      return billWithStorage(bill, request, solver);
    } catch (e) {
      if (e instanceof BillInputError) throw inputError(e, path);
      if (e instanceof OptimiserError)
        throw invalidArgument(`${path}storage.dispatchStrategy`, 'BILL_OPTIMAL', e.message);
      throw e;
    }
  };
  return { run, runStorage };
}
