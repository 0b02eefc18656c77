// The engine's linear programs solved by HiGHS (the University of Edinburgh's solver, compiled to WebAssembly: npm
// `highs`). The WebAssembly module is loaded once per process, from the package's own file: no network at run time.
import highsPackage from 'highs';
import type { LinearProgram, LpSolution, LpSolver } from '../../engine/storage/linear-program.ts';

// The package's types describe a CommonJS module whose `default` is the loader; imported as ESM, the loader is the
// default itself.
const loadHighs = ((highsPackage as unknown as { default?: unknown }).default ??
  highsPackage) as unknown as typeof highsPackage.default;
type Highs = Awaited<ReturnType<typeof loadHighs>>;
type Model = ReturnType<Highs['createModel']>;

let loading: Promise<Highs> | null = null;
/** The WebAssembly runtime, loaded on first use. */
function runtime(): Promise<Highs> {
  loading ??= loadHighs();
  return loading;
}
const TIME_LIMIT_SECONDS = 30;
// A program of a billing period solves in well under a second; the limit only stops a runaway. Presolve is off: the
// programs are small (tens of rows and hundreds of columns a month once runs are merged) and presolving took more
// than the simplex itself (a month's program from nothing 2.6 -> 1.3 ms in the savings bench, bench/README); a program
// the simplex does not finish on its own is solved again with presolve (`solution`).
const OPTIONS = { output_flag: false, time_limit: TIME_LIMIT_SECONDS, presolve: 'off' };

/** Solves programs one by one, each on a model of its own (nothing kept between them). */
export async function highsSolver(): Promise<LpSolver> {
  const highs = await runtime();
  return (lp) =>
    highs.withModel(modelData(highs, lp), (model) => {
      model.options.set(OPTIONS);
      return solution(highs, model);
    });
}

/**
 * A solver that keeps, for each slot, the model it last solved there: a program with the same matrix as the slot's
 * (the same billing period of another year of a term, or of another design with the same battery) has only its
 * bounds, costs and offset changed, and HiGHS starts from the previous optimal basis (a few dual simplex iterations
 * instead of presolving and solving the program afresh). `dispose` frees the models (WebAssembly memory is not
 * garbage-collected): call it when the sequence of programs ends.
 */
export async function highsSession(): Promise<{
  solve: LpSolver;
  dispose: () => void;
  /** Programs solved from nothing and from a kept basis (what the tests and benches read). */
  counts: { fresh: number; hot: number };
}> {
  const highs = await runtime();
  const held = new Map<number, { model: Model; lp: LinearProgram }>();
  const fresh = await highsSolver();
  const counts = { fresh: 0, hot: 0 };
  const solve: LpSolver = (lp, slot) => {
    if (slot === undefined) {
      counts.fresh++;
      return fresh(lp);
    }
    const kept = held.get(slot);
    if (kept && sameMatrix(kept.lp, lp)) {
      const { model } = kept;
      // Only what differs from the program the model holds is sent (a later year moves the PV's hours only).
      const costs = changed(kept.lp.colCost, lp.colCost);
      if (costs) model.changeColsCost(costs, pick(lp.colCost, costs));
      const cols = changed(kept.lp.colLower, lp.colLower, kept.lp.colUpper, lp.colUpper);
      if (cols)
        model.changeColsBounds(cols, bounded(highs, pick(lp.colLower, cols)), bounded(highs, pick(lp.colUpper, cols)));
      const rows = changed(kept.lp.rowLower, lp.rowLower, kept.lp.rowUpper, lp.rowUpper);
      if (rows)
        model.changeRowsBounds(rows, bounded(highs, pick(lp.rowLower, rows)), bounded(highs, pick(lp.rowUpper, rows)));
      if (lp.offset !== kept.lp.offset) model.changeObjectiveOffset(lp.offset);
      kept.lp = lp;
      counts.hot++;
      const hot = solution(highs, model, false);
      if (hot.status === 'OPTIMAL') return hot;
      // A basis the changes left the solver unable to use: solved again from nothing.
      model.clearSolver();
      return solution(highs, model);
    }
    counts.fresh++;
    if (kept) {
      // Another shape: the slot's model takes the new program (its options kept; no basis to start from).
      kept.model.passModel(modelData(highs, lp));
      kept.lp = lp;
      return solution(highs, kept.model);
    }
    const model = highs.createModel(modelData(highs, lp));
    model.options.set(OPTIONS);
    held.set(slot, { model, lp });
    return solution(highs, model);
  };
  const dispose = () => {
    for (const { model } of held.values()) model.dispose();
    held.clear();
  };
  return { solve, dispose, counts };
}

/** The positions where `a` and `b` (or `c` and `d`) differ, as HiGHS selects them; null where none do. */
function changed(a: Float64Array, b: Float64Array, c?: Float64Array, d?: Float64Array) {
  const indices: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] || (c && c[i] !== d![i])) indices.push(i);
  return indices.length ? { kind: 'set' as const, indices: Int32Array.from(indices) } : null;
}

const pick = (values: Float64Array, at: { indices: Int32Array }) => Float64Array.from(at.indices, (i) => values[i]!);

const bounded = (highs: Highs, values: Float64Array) =>
  values.map((v) => (v === Infinity ? highs.infinity : v === -Infinity ? -highs.infinity : v));

function modelData(highs: Highs, lp: LinearProgram) {
  return {
    numCols: lp.numCols,
    numRows: lp.numRows,
    offset: lp.offset,
    colCost: lp.colCost,
    colLower: bounded(highs, lp.colLower),
    colUpper: bounded(highs, lp.colUpper),
    rowLower: bounded(highs, lp.rowLower),
    rowUpper: bounded(highs, lp.rowUpper),
    matrix: {
      format: 'csr' as const,
      numRows: lp.numRows,
      numCols: lp.numCols,
      starts: lp.starts,
      indices: lp.indices,
      values: lp.values,
    },
  };
}

function solution(highs: Highs, model: Model, presolveIfNotOptimal = true): LpSolution {
  model.run();
  let status = model.getModelStatus();
  if (status !== highs.constants.modelStatus.optimal && presolveIfNotOptimal) {
    // What the simplex alone did not solve (or called infeasible) is solved again from nothing as HiGHS does by
    // default, with presolve, before its status is believed.
    model.options.set({ presolve: 'on' });
    model.clearSolver();
    model.run();
    model.options.set({ presolve: 'off' });
    status = model.getModelStatus();
  }
  if (status !== highs.constants.modelStatus.optimal)
    return { status: statusName(highs.constants.modelStatus, status), x: new Float64Array(0), objective: Number.NaN };
  return {
    status: 'OPTIMAL',
    x: Float64Array.from(model.getSolution().colValue),
    objective: model.getObjectiveValue(),
  };
}

/** Whether two programs have the same rows, columns and matrix (bounds and costs may differ). */
function sameMatrix(a: LinearProgram, b: LinearProgram): boolean {
  return (
    a.numRows === b.numRows &&
    a.numCols === b.numCols &&
    equal(a.starts, b.starts) &&
    equal(a.indices, b.indices) &&
    equal(a.values, b.values)
  );
}

function equal(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function statusName(names: Readonly<Record<string, unknown>>, code: unknown): string {
  const name = Object.entries(names).find(([, v]) => v === code)?.[0];
  return (name ?? String(code)).replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
}
