// Which tariff an account is on when: each account tariff holds from its effective date (a local date, YYYY-MM-DD)
// until the next one's. A tariff set without a date holds from the start of time (EARLIEST).

export const EARLIEST = '1900-01-01';

export interface TimelinePart {
  masterTariffId: number;
  /** Local dates; `to` exclusive, null for open. */
  from: string;
  to: string | null;
}

/** The parts of the timeline overlapping [from, to) (dates; null for open ends), in order. */
export function tariffsInRange(
  rows: readonly { effective_date: string; master_tariff_id: number }[],
  from: string | null,
  to: string | null,
): TimelinePart[] {
  const sorted = [...rows].sort((a, b) => a.effective_date.localeCompare(b.effective_date));
  const parts = sorted.map((r, i) => ({
    masterTariffId: r.master_tariff_id,
    from: r.effective_date,
    to: sorted[i + 1]?.effective_date ?? null,
  }));
  return parts.filter((p) => (to === null || p.from < to) && (from === null || p.to === null || p.to > from));
}
