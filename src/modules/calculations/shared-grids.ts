// Prepared grids (engine/bill/prepared.ts) shared by the bills of one RequestCache. A portfolio job's chunk bills many
// accounts on the same tariffs over the same range, and a grid (the local clock, billing periods, pieces, TOU slots,
// lookup averages) depends on those and the grid's step only, never on the usage: the chunk prepares each once, as
// the savings analysis does for its designs. A grid is reused only for a bill it fits (fitsGrid: the same tariff
// versions, time data and rate objects, not equal copies), so the bills' versions and added rates are handed out as
// one instance per value (`one`, `rates`); the bill on a shared grid is the bill on its own, to the cent.
import { fitsGrid, prepareGrid, type PreparedGrid } from '../../engine/bill/prepared.ts';
import type { BillInput } from '../../engine/bill/types.ts';
import type { Rate } from '../../engine/tariff/model.ts';

export class SharedGrids {
  /** Grids by range and zone: a bill takes the first it fits. */
  private readonly grids = new Map<string, PreparedGrid[]>();
  private readonly values = new Map<string, unknown>();

  /** The value `make` gives for `key`, made once (one that throws is not kept: the next bill throws it again). */
  one<T>(key: string, make: () => T): T {
    if (this.values.has(key)) return this.values.get(key) as T;
    const value = make();
    this.values.set(key, value);
    return value;
  }

  /**
   * Rates added to a tariff (rate inputs, utility taxes) as the instance first seen with the same content: accounts
   * in one place on one tariff get equal tax rates, built afresh for each bill.
   */
  rates(extra: Rate[]): Rate[] {
    // undefined and non-finite numbers are kept apart from null (JSON would write all of them as null).
    const content = JSON.stringify(extra, (_k, v) =>
      v === undefined || (typeof v === 'number' && !Number.isFinite(v)) ? `\u0000${String(v)}` : v,
    );
    return this.one(`rates|${content}`, () => extra);
  }

  /** A grid `input` fits, prepared from the first bill that needed it. */
  gridFor(input: BillInput): PreparedGrid {
    const key = `${input.from}|${input.to}|${input.zone}`;
    let list = this.grids.get(key);
    if (!list) {
      list = [];
      this.grids.set(key, list);
    }
    const found = list.find((g) => fitsGrid(g, input));
    if (found) return found;
    const made = prepareGrid(input);
    list.push(made);
    return made;
  }
}
