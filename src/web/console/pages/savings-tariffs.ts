// The savings page's tariffs: those of the place's utilities for the customer class (GET /rest/public/tariffs with
// zipCode and customerClasses), the one before solar preselected as the place's default tariff (default-tariff.ts),
// and optionally another after solar.
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

export function savingsTariffs(api: Api, zip: HTMLInputElement, initialClass: string | null): SavingsTariffs {
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
      fillTariffs(after, res.results, null, [h('option', { value: '' }, 'The same as before solar')]);
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
      field('Tariff after solar', after, 'optional: a solar or time-of-use tariff to move to'),
    ),
    status,
  );
  return { element, customerClass, before, after, ready: () => pending };
}
