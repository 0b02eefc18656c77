// A piece of a bill: a billing period, or the part of it under one tariff version. Its own module because the
// charges and the billed demand both speak of pieces, and the charges ask the billed demand for a rate's kW.
import type { TariffVersion } from '../tariff/model.ts';

export interface Piece {
  /** Index of the billing period. */
  period: number;
  from: number;
  to: number;
  i0: number;
  i1: number;
  version: TariffVersion;
  /** Length of the whole billing period (ms) and its local days. */
  periodMs: number;
  periodDays: number;
  /** The first piece of the calculation (one-time charges). */
  first: boolean;
}
