// A linear program in the form solvers take (minimise c'x + offset subject to rowLower <= Ax <= rowUpper and
// colLower <= x <= colUpper, A by rows), built row by row. The engine states programs; the solver is passed in (the
// service gives HiGHS), so the engine itself imports no solver.

export interface LinearProgram {
  numCols: number;
  numRows: number;
  colCost: Float64Array;
  colLower: Float64Array;
  colUpper: Float64Array;
  rowLower: Float64Array;
  rowUpper: Float64Array;
  /** Compressed rows: row r's entries are indices/values[starts[r] .. starts[r + 1]). */
  starts: Int32Array;
  indices: Int32Array;
  values: Float64Array;
  offset: number;
}

export interface LpSolution {
  /** OPTIMAL, or what the solver said instead (INFEASIBLE, ...). */
  status: string;
  x: Float64Array;
  objective: number;
}

/**
 * Solves a program. `slot` names a place in a sequence of similar programs (the engine passes a billing period's
 * index): a solver may keep the program a slot last held and, when the next one differs from it only in bounds and
 * costs (the same period of another year or design), start from its optimal basis instead of from nothing. The
 * answer is the optimum either way.
 */
export type LpSolver = (lp: LinearProgram, slot?: number) => LpSolution;

export class LpBuilder {
  private readonly cost: number[] = [];
  private readonly lower: number[] = [];
  private readonly upper: number[] = [];
  private readonly rowLo: number[] = [];
  private readonly rowUp: number[] = [];
  private readonly starts: number[] = [0];
  private readonly indices: number[] = [];
  private readonly values: number[] = [];
  offset = 0;

  /** A new column; its index. */
  column(cost: number, lower = 0, upper = Number.POSITIVE_INFINITY): number {
    this.cost.push(cost);
    this.lower.push(lower);
    this.upper.push(Math.max(lower, upper));
    return this.cost.length - 1;
  }

  /** lower <= sum of coefficient x column <= upper (columns need not be sorted or distinct). */
  row(terms: readonly (readonly [number, number])[], lower: number, upper: number): void {
    // A year's programs hold thousands of rows of a few terms each: sorted by insertion into the row's own stretch
    // of the arrays, a column given twice summed, zeros dropped (no Map or sort per row: they were the build's time).
    const start = this.indices.length;
    for (const [j, v] of terms) {
      if (v === 0) continue;
      let k = this.indices.length;
      while (k > start && this.indices[k - 1]! > j) k--;
      if (k > start && this.indices[k - 1] === j) {
        this.values[k - 1]! += v;
        continue;
      }
      if (k === this.indices.length) {
        this.indices.push(j);
        this.values.push(v);
      } else {
        this.indices.splice(k, 0, j);
        this.values.splice(k, 0, v);
      }
    }
    for (let k = this.indices.length - 1; k >= start; k--)
      if (this.values[k] === 0) {
        this.indices.splice(k, 1);
        this.values.splice(k, 1);
      }
    this.starts.push(this.indices.length);
    this.rowLo.push(lower);
    this.rowUp.push(upper);
  }

  build(): LinearProgram {
    return {
      numCols: this.cost.length,
      numRows: this.rowLo.length,
      colCost: Float64Array.from(this.cost),
      colLower: Float64Array.from(this.lower),
      colUpper: Float64Array.from(this.upper),
      rowLower: Float64Array.from(this.rowLo),
      rowUpper: Float64Array.from(this.rowUp),
      starts: Int32Array.from(this.starts),
      indices: Int32Array.from(this.indices),
      values: Float64Array.from(this.values),
      offset: this.offset,
    };
  }
}
