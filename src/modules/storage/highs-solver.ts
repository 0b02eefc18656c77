// The engine's linear programs solved by HiGHS (the University of Edinburgh's solver, compiled to WebAssembly: npm
// `highs`). The WebAssembly module is loaded once per process, from the package's own file: no network at run time.
import highsPackage from 'highs';
import type { LinearProgram, LpSolution, LpSolver } from '../../engine/storage/linear-program.ts';

// The package's types describe a CommonJS module whose `default` is the loader; imported as ESM, the loader is the
// default itself.
const loadHighs = ((highsPackage as unknown as { default?: unknown }).default ??
  highsPackage) as unknown as typeof highsPackage.default;

let loading: Promise<LpSolver> | null = null;
const TIME_LIMIT_SECONDS = 30;

/** The solver, loading HiGHS on first use. */
export function highsSolver(): Promise<LpSolver> {
  loading ??= loadHighs().then((highs) => {
    const inf = highs.infinity;
    const bound = (values: Float64Array) => values.map((v) => (v === Infinity ? inf : v === -Infinity ? -inf : v));
    const optimal = highs.constants.modelStatus.optimal;
    return (lp: LinearProgram): LpSolution =>
      highs.withModel(
        {
          numCols: lp.numCols,
          numRows: lp.numRows,
          offset: lp.offset,
          colCost: lp.colCost,
          colLower: bound(lp.colLower),
          colUpper: bound(lp.colUpper),
          rowLower: bound(lp.rowLower),
          rowUpper: bound(lp.rowUpper),
          matrix: {
            format: 'csr',
            numRows: lp.numRows,
            numCols: lp.numCols,
            starts: lp.starts,
            indices: lp.indices,
            values: lp.values,
          },
        },
        (model) => {
          // A program of a billing period solves in well under a second; the limit only stops a runaway.
          model.options.set({ output_flag: false, time_limit: TIME_LIMIT_SECONDS });
          model.run();
          const status = model.getModelStatus();
          if (status !== optimal)
            return {
              status: statusName(highs.constants.modelStatus, status),
              x: new Float64Array(0),
              objective: Number.NaN,
            };
          return {
            status: 'OPTIMAL',
            x: Float64Array.from(model.getSolution().colValue),
            objective: model.getObjectiveValue(),
          };
        },
      );
  });
  return loading!;
}

function statusName(names: Readonly<Record<string, unknown>>, code: unknown): string {
  const name = Object.entries(names).find(([, v]) => v === code)?.[0];
  return (name ?? String(code)).replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
}
