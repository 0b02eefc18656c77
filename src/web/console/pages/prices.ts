// Smart price for a week: GET /rest/v1/prices/smart for seven days from a date, drawn as a stepped line (each price
// holds until the next change) with the changes listed.
import { lineChart } from '../charts.ts';
import { field, fmt, h, table } from '../dom.ts';
import { load, tariffPicker, type PageContext } from '../ui.ts';

interface Change {
  name: string;
  fromDateTime: string;
  toDateTime: string;
  rateAmount: number;
}

interface Price {
  description: string;
  currency: string;
  rateMean: number;
  priceChanges: Change[];
}

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function pricesPage(ctx: PageContext, params: URLSearchParams): HTMLElement {
  const picker = tariffPicker(ctx.api, params.get('zip') ?? '94110', Number(params.get('tariff')) || null);
  const from = h('input', {
    type: 'date',
    name: 'from',
    value: params.get('from') ?? new Date().toISOString().slice(0, 10),
    required: true,
  });
  const result = h('div', { id: 'prices-result', 'aria-live': 'polite' });
  const submit = (event?: Event) => {
    event?.preventDefault();
    result.dataset.state = 'loading';
    void load(result, 'Loading prices…', async () => {
      const masterTariffId = Number(picker.select.value);
      if (!masterTariffId) throw new Error('Pick a tariff first (enter a ZIP code to list them)');
      const res = await ctx.api.get<Price>('/rest/v1/prices/smart', {
        masterTariffId,
        fromDateTime: from.value,
        toDateTime: plusDays(from.value, 7),
        pageCount: 1000,
      });
      const p = res.results[0]!;
      const changes = p.priceChanges;
      // One point per change and one at the end, so the last price is drawn to the window's end.
      const x = [
        ...changes.map((c) => Date.parse(c.fromDateTime) / 1000),
        Date.parse(changes[changes.length - 1]!.toDateTime) / 1000,
      ];
      const y = [...changes.map((c) => c.rateAmount), changes[changes.length - 1]!.rateAmount];
      return [
        h('p', {}, p.description, `. Mean ${fmt.price(p.rateMean)} ${p.currency} per kWh.`),
        lineChart({
          caption: 'Price per kWh over the week',
          description: `A stepped line of the price per kWh from ${from.value} for seven days, ${changes.length} price changes; the table below lists them.`,
          x,
          series: [{ label: `${p.currency}/kWh`, values: y, stepped: true }],
          yLabel: `${p.currency} per kWh`,
          format: (v) => v.toFixed(4),
          timeZone: picker.timeZone(),
        }),
        table(
          'Price changes',
          ['From', 'To', 'Name', 'Price per kWh'],
          changes.map((c) => [
            c.fromDateTime.replace('T', ' ').slice(0, 16),
            c.toDateTime.replace('T', ' ').slice(0, 16),
            c.name,
            fmt.price(c.rateAmount),
          ]),
          { class: 'changes' },
        ),
      ];
    }).then(() => (result.dataset.state = 'done'));
  };
  if (params.get('tariff')) void picker.ready.then(() => submit());
  return h(
    'section',
    {},
    h('h1', { tabindex: -1 }, 'Smart price for a week'),
    h(
      'form',
      { class: 'card', onsubmit: submit },
      picker.element,
      h('div', { class: 'row' }, field('From (7 days)', from), h('button', { type: 'submit' }, 'Show prices')),
    ),
    result,
  );
}
