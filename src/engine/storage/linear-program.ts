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

export type LpSolver = (lp: LinearProgram) => LpSolution;

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
    const merged = new Map<number, number>();
    for (const [j, v] of terms) if (v !== 0) merged.set(j, (merged.get(j) ?? 0) + v);
    for (const j of [...merged.keys()].sort((a, b) => a - b)) {
      this.indices.push(j);
      this.values.push(merged.get(j)!);
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
