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
    // A year's programs hold thousands of rows of a few terms (and a tier's row of a month of intervals), built
    // again for every year of every design: a row's terms are put in column order by insertion, in place in the
    // program's own arrays (a long row out of order is sorted once); a column given twice is summed and zeros are
    // dropped. No Map, copy or sort per row: those were most of a savings analysis's time.
    const start = this.indices.length;
    let inOrder = true;
    for (let k = 1; k < terms.length && inOrder; k++) inOrder = terms[k]![0] > terms[k - 1]![0];
    if (inOrder) {
      // Columns strictly increasing (most rows): nothing to sum or move, only zeros left out.
      for (let k = 0; k < terms.length; k++) {
        const term = terms[k]!;
        if (term[1] !== 0) {
          this.indices.push(term[0]);
          this.values.push(term[1]);
        }
      }
    } else this.placeUnordered(terms, start);
    this.starts.push(this.indices.length);
    this.rowLo.push(lower);
    this.rowUp.push(upper);
  }

  /** A row's terms out of column order, from `start` of the program's arrays: put in order, summed, zeros dropped. */
  private placeUnordered(terms: readonly (readonly [number, number])[], start: number): void {
    const sortFirst = terms.length > 32;
    for (const [j, v] of sortFirst ? [...terms].sort((a, b) => a[0] - b[0]) : terms) {
      let k = this.indices.length;
      while (k > start && this.indices[k - 1]! > j) k--;
      if (k > start && this.indices[k - 1] === j) {
        this.values[k - 1]! += v;
        continue;
      }
      // Shift the larger columns one place up and put this one below them.
      this.indices.push(j);
      this.values.push(v);
      for (let m = this.indices.length - 1; m > k; m--) {
        this.indices[m] = this.indices[m - 1]!;
        this.values[m] = this.values[m - 1]!;
      }
      this.indices[k] = j;
      this.values[k] = v;
    }
    let kept = start;
    for (let k = start; k < this.indices.length; k++)
      if (this.values[k] !== 0) {
        this.indices[kept] = this.indices[k]!;
        this.values[kept] = this.values[k]!;
        kept++;
      }
    this.indices.length = kept;
    this.values.length = kept;
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
