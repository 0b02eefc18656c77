// Pieces every page uses: the page context, messages in words (errors as alerts), and the tariff picker.
import { type Api, ApiError } from './api.ts';
import { CsvError } from './csv.ts';
import { field, h } from './dom.ts';

export interface PageContext {
  api: Api;
  /** Moves to a route (#/...), as a link would. */
  go(route: string): void;
}

export interface TariffSummary {
  masterTariffId: number;
  tariffCode: string | null;
  tariffName: string;
  lseId: number;
  lseName: string;
  customerClass: string | null;
  tariffType: string | null;
  effectiveDate: string | null;
  timeZone?: string | null;
}

/** A failure in words, announced to screen readers. */
export function errorBox(err: unknown): HTMLElement {
  const text =
    err instanceof ApiError || err instanceof CsvError
      ? err.message
      : `Something went wrong: ${(err as Error)?.message ?? String(err)}`;
  return h('p', { class: 'error', role: 'alert' }, text);
}

export function busy(text: string): HTMLElement {
  return h('p', { class: 'busy', role: 'status' }, text);
}

/** Runs a task that fills `target`, with a busy note meanwhile and the error in words if it fails. */
export async function load(target: HTMLElement, note: string, task: () => Promise<Node | Node[]>): Promise<boolean> {
  target.replaceChildren(busy(note));
  target.setAttribute('aria-busy', 'true');
  try {
    const out = await task();
    target.replaceChildren(...(Array.isArray(out) ? out : [out]));
    return true;
  } catch (err) {
    target.replaceChildren(errorBox(err));
    return false;
  } finally {
    target.removeAttribute('aria-busy');
  }
}

export const tariffLabel = (t: TariffSummary) => `${t.tariffCode ?? t.masterTariffId} — ${t.tariffName} (${t.lseName})`;

/**
 * Fills a select with tariffs (after any options it is given first) and selects `wanted`, kept as an option of its
 * own when the list does not hold it.
 */
export function fillTariffs(
  select: HTMLSelectElement,
  tariffs: TariffSummary[],
  wanted: number | null,
  first: HTMLOptionElement[] = [],
): void {
  const options = tariffs.map((t) =>
    h('option', { value: t.masterTariffId, 'data-time-zone': t.timeZone ?? null }, tariffLabel(t)),
  );
  if (wanted && !tariffs.some((t) => t.masterTariffId === wanted))
    options.unshift(h('option', { value: wanted }, `Tariff ${wanted}`));
  select.replaceChildren(...first, ...options);
  select.value = wanted ? String(wanted) : (first[0]?.value ?? select.value);
}

/**
 * A ZIP code and the tariffs of the utilities serving it, as a select; `initial` preselects one (and is kept as an
 * option when the ZIP code's list does not hold it).
 */
export function tariffPicker(
  api: Api,
  zip: string,
  initial: number | null,
): {
  element: HTMLElement;
  zip: HTMLInputElement;
  select: HTMLSelectElement;
  timeZone: () => string | undefined;
  ready: Promise<void>;
} {
  const zipInput = h('input', {
    name: 'zip',
    inputmode: 'numeric',
    autocomplete: 'postal-code',
    pattern: '\\d{5}',
    value: zip,
    required: true,
  });
  const select = h('select', { name: 'masterTariffId', required: true });
  const status = h('span', { class: 'hint', role: 'status' });
  const fill = async () => {
    if (!/^\d{5}$/.test(zipInput.value)) return;
    status.textContent = 'Loading tariffs…';
    try {
      const res = await api.get<TariffSummary>('/rest/public/tariffs', { zipCode: zipInput.value, pageCount: 200 });
      fillTariffs(select, res.results, Number(select.value || initial) || null);
      status.textContent = `${res.results.length} tariffs serve ${zipInput.value}`;
    } catch (err) {
      status.textContent = (err as Error).message;
    }
  };
  zipInput.addEventListener('change', () => void fill());
  if (initial) select.append(h('option', { value: initial }, `Tariff ${initial}`));
  const element = h(
    'div',
    { class: 'row align-top' },
    field('ZIP code', zipInput, 'five digits; lists the tariffs of the utilities serving it'),
    field('Tariff', select),
    status,
  );
  const timeZone = () => select.selectedOptions[0]?.dataset.timeZone || undefined;
  return { element, zip: zipInput, select, timeZone, ready: fill() };
}
