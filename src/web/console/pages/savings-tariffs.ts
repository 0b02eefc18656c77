// The savings page's tariffs: those of the place's utilities for the customer class (GET /rest/public/tariffs with
// zipCode and customerClasses), the one before solar preselected as the place's default tariff (default-tariff.ts),
// and after solar: by default the one the analysis picks for a new solar customer of the utility (#37: PG&E's E-ELEC
// under net billing), else the same as before solar, or any other listed.
import type { Api } from '../api.ts';
import { defaultOf } from '../default-tariff.ts';
import { field, h } from '../dom.ts';
import { fillTariffs, type TariffSummary } from '../ui.ts';

interface Listed extends TariffSummary {
  customerCount?: number | null;
}

const CLASSES = [
  ['RESIDENTIAL', 'Home (residential)'],
  ['GENERAL', 'Business (general)'],
] as const;

export interface SavingsTariffs {
  element: HTMLElement;
  customerClass: HTMLSelectElement;
  before: HTMLSelectElement;
  after: HTMLSelectElement;
  /** Settles when the list for the current ZIP code and class is in the selects. */
  ready(): Promise<void>;
}

/** The after select's first two options: the analysis's own pick (no after tariff sent), or the before tariff. */
export const AFTER_NEW_SOLAR = '';
export const AFTER_SAME = 'same';

export function savingsTariffs(
  api: Api,
  zip: HTMLInputElement,
  initialClass: string | null,
  initialAfter: string | null = null,
): SavingsTariffs {
  const customerClass = h(
    'select',
    { name: 'customerClass' },
    CLASSES.map(([v, l]) => h('option', { value: v, selected: v === initialClass }, l)),
  );
  const before = h('select', { name: 'tariffBefore' });
  const after = h('select', { name: 'tariffAfter' });
  const status = h('p', { class: 'hint', role: 'status' });
  let pending: Promise<void> = Promise.resolve();
  const fill = async () => {
    if (!/^\d{5}$/.test(zip.value)) {
      status.textContent = 'Enter a five-digit ZIP code to list its tariffs';
      return;
    }
    status.textContent = 'Loading tariffs…';
    try {
      const res = await api.get<Listed>('/rest/public/tariffs', {
        zipCode: zip.value,
        customerClasses: customerClass.value,
        pageCount: 200,
      });
      const chosen = defaultOf(res.results);
      // Without a DEFAULT tariff the analysis looks for one itself and says in words that there is none.
      const none = chosen ? [] : [h('option', { value: '' }, 'The place’s default tariff')];
      fillTariffs(before, res.results, chosen?.masterTariffId ?? null, none);
      // The page's link names the after tariff for the first list only; another ZIP code's list starts afresh.
      const wanted = initialAfter;
      initialAfter = null;
      fillTariffs(after, res.results, Number(wanted) || null, [
        h('option', { value: AFTER_NEW_SOLAR }, 'The one a new solar customer takes'),
        h('option', { value: AFTER_SAME }, 'The same as before solar'),
      ]);
      if (wanted === AFTER_SAME) after.value = AFTER_SAME;
      status.textContent = `${res.results.length} ${customerClass.value.toLowerCase()} tariffs serve ${zip.value}${chosen ? `; the default is ${chosen.tariffCode ?? chosen.masterTariffId}` : '; none is a default tariff'}`;
    } catch (err) {
      status.textContent = (err as Error).message;
    }
  };
  const refill = () => (pending = fill());
  zip.addEventListener('change', refill);
  customerClass.addEventListener('change', refill);
  refill();
  const element = h(
    'div',
    {},
    h(
      'div',
      { class: 'row align-top' },
      field('Customer', customerClass),
      field('Tariff before solar', before, 'preselected: the place’s default tariff'),
      field(
        'Tariff after solar',
        after,
        'default: the utility’s tariff for new solar customers, with its export rules',
      ),
    ),
    status,
  );
  return { element, customerClass, before, after, ready: () => pending };
}
