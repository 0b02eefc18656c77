// The bill calculator: interval data from a CSV file (csv.ts) or a typical baseline, on a tariff, through
// POST /rest/v1/ondemand/calculate (detailLevel RATE, groupBy MONTH): the monthly bill as bars stacked by charge type,
// the items and the assumptions the API made.
import { barChart } from '../charts.ts';
import { usageFromCsv, type Usage } from '../csv.ts';
import { field, fmt, h, MONTHS, table } from '../dom.ts';
import { load, tariffPicker, type PageContext } from '../ui.ts';

interface Item {
  rateName: string | null;
  chargeType: string | null;
  fromDateTime: string;
  itemQuantity: number | null;
  rateAmount: number | null;
  cost: number;
  quantityKey: string | null;
  touName: string | null;
  tierLowerLimit?: number | null;
  tierUpperLimit?: number | null;
}

interface Assumption {
  keyName: string;
  dataValue: unknown;
  description: string | null;
  accuracy: number | null;
}

export interface Bill {
  masterTariffId: number;
  tariffName: string;
  totalCost: number;
  currency: string;
  fromDateTime: string;
  toDateTime: string;
  accuracy: number;
  summary: { subTotalCost: number; taxCost: number; totalCost: number; kWh: number; kW: number };
  items: Item[];
  assumptions: Assumption[];
}

const BUILDINGS = [
  ['RESIDENTIAL', 'Home'],
  ['SMALL_COMMERCIAL', 'Small office'],
  ['MEDIUM_COMMERCIAL', 'Medium office'],
  ['LARGE_COMMERCIAL', 'Hospital'],
];

const monthLabel = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;

export function billPage(ctx: PageContext, params: URLSearchParams): HTMLElement {
  const picker = tariffPicker(ctx.api, params.get('zip') ?? '94110', Number(params.get('tariff')) || null);
  const csvRadio = h('input', { type: 'radio', name: 'source', value: 'csv', id: 'source-csv', checked: true });
  const baselineRadio = h('input', { type: 'radio', name: 'source', value: 'baseline', id: 'source-baseline' });
  const file = h('input', { type: 'file', name: 'csv', accept: '.csv,text/csv' });
  const building = h(
    'select',
    { name: 'buildingId' },
    BUILDINGS.map(([v, l]) => h('option', { value: v }, l)),
  );
  const year = h('input', {
    name: 'year',
    type: 'number',
    min: 2000,
    max: 2100,
    value: new Date().getFullYear(),
    required: true,
  });
  const loadSize = h('input', {
    name: 'loadSize',
    type: 'number',
    min: 0,
    step: 'any',
    placeholder: 'the baseline’s own',
  });
  const taxes = h('input', { type: 'checkbox', name: 'applyUtilityTax', id: 'apply-tax' });
  const result = h('div', { id: 'bill-result', 'aria-live': 'polite' });
  const csvFields = h(
    'fieldset',
    { class: 'csv-fields' },
    h('legend', {}, 'Interval data'),
    field(
      'CSV file',
      file,
      'columns fromDateTime (or start), kWh (or quantityValue), optionally toDateTime; one reading per line; times without an offset are the tariff’s local time',
    ),
  );
  const baselineFields = h(
    'fieldset',
    { class: 'baseline-fields', hidden: true },
    h('legend', {}, 'Typical baseline'),
    h(
      'div',
      { class: 'row' },
      field('Building', building),
      field('Year', year),
      field('kWh a year (optional)', loadSize),
    ),
  );
  const toggle = () => {
    csvFields.hidden = !csvRadio.checked;
    baselineFields.hidden = csvRadio.checked;
  };
  csvRadio.addEventListener('change', toggle);
  baselineRadio.addEventListener('change', toggle);

  const submit = async (event: Event) => {
    event.preventDefault();
    result.dataset.state = 'loading';
    await load(result, 'Calculating…', async () => {
      const masterTariffId = Number(picker.select.value);
      if (!masterTariffId) throw new Error('Pick a tariff first (enter a ZIP code to list them)');
      const body: Record<string, unknown> = { masterTariffId, detailLevel: 'RATE', groupBy: 'MONTH' };
      let usage: Usage | null = null;
      if (csvRadio.checked) {
        const chosen = file.files?.[0];
        if (!chosen) throw new Error('Choose a CSV file of interval data, or pick a typical baseline');
        usage = usageFromCsv(await chosen.text());
        Object.assign(body, {
          fromDateTime: usage.fromDateTime,
          toDateTime: usage.toDateTime,
          propertyInputs: usage.propertyInputs,
        });
        if (taxes.checked) body.address = { zip: picker.zip.value };
        body.applyUtilityTax = taxes.checked;
      } else {
        const y = Number(year.value);
        const inputs: Record<string, unknown>[] = [
          { keyName: 'baselineType', dataValue: 'typicalElectricity' },
          { keyName: 'buildingId', dataValue: building.value },
        ];
        if (loadSize.value) inputs.push({ keyName: 'loadSize', dataValue: Number(loadSize.value) });
        Object.assign(body, {
          fromDateTime: `${y}-01-01`,
          toDateTime: `${y + 1}-01-01`,
          address: { zip: picker.zip.value },
          applyUtilityTax: taxes.checked,
          propertyInputs: inputs,
        });
      }
      const res = await ctx.api.post<Bill>('/rest/v1/ondemand/calculate?fields=ext', body);
      return billView(res.results[0]!, usage);
    });
    result.dataset.state = 'done';
  };

  return h(
    'section',
    {},
    h('h1', { tabindex: -1 }, 'Bill calculator'),
    h(
      'form',
      { class: 'card', onsubmit: submit },
      picker.element,
      h(
        'fieldset',
        { class: 'row' },
        h('legend', {}, 'Usage'),
        h('span', {}, csvRadio, h('label', { for: 'source-csv' }, 'Upload interval data (CSV)')),
        h('span', {}, baselineRadio, h('label', { for: 'source-baseline' }, 'Typical baseline for the ZIP code')),
      ),
      csvFields,
      baselineFields,
      h('p', {}, taxes, h('label', { for: 'apply-tax' }, ' Add the utility taxes of the ZIP code')),
      h('button', { type: 'submit' }, 'Calculate'),
    ),
    result,
  );
}

export function billView(bill: Bill, usage: Usage | null): HTMLElement {
  const months = [...new Set(bill.items.map((i) => i.fromDateTime.slice(0, 7)))].sort();
  const types = [...new Set(bill.items.map((i) => i.chargeType ?? 'OTHER'))];
  const byMonthType = (type: string) =>
    months.map((m) =>
      bill.items
        .filter((i) => (i.chargeType ?? 'OTHER') === type && i.fromDateTime.startsWith(m))
        .reduce((s, i) => s + i.cost, 0),
    );
  const money = (v: number) => fmt.money(v, bill.currency);
  return h(
    'div',
    { class: 'card', 'data-total': bill.totalCost },
    h('h2', {}, 'Bill'),
    h(
      'p',
      { class: 'total' },
      'Total ',
      h('strong', { id: 'bill-total' }, money(bill.totalCost)),
      ` for ${bill.fromDateTime.slice(0, 10)} to ${bill.toDateTime.slice(0, 10)} on ${bill.tariffName}`,
    ),
    h(
      'dl',
      { class: 'facts' },
      ...[
        ['Before tax', money(bill.summary.subTotalCost)],
        ['Tax', money(bill.summary.taxCost)],
        ['Energy', `${fmt.qty(bill.summary.kWh)} kWh`],
        ['Peak demand', `${fmt.qty(bill.summary.kW)} kW`],
        ['Accuracy', `${bill.accuracy} %`],
        ...(usage ? [['Readings uploaded', `${usage.readings} (${fmt.qty(usage.kWh)} kWh)`]] : []),
      ].flatMap(([k, v]) => [h('dt', {}, k!), h('dd', {}, v!)]),
    ),
    barChart({
      caption: 'Monthly bill by charge type',
      description: `Stacked bars of the bill of each month by charge type; the items table below holds the figures. Total ${money(bill.totalCost)}.`,
      labels: months.map(monthLabel),
      series: types.map((t) => ({ label: t, values: byMonthType(t) })),
      stacked: true,
      yLabel: bill.currency,
      format: (v) => v.toFixed(2),
    }),
    h(
      'details',
      {},
      h('summary', {}, `Items (${bill.items.length} lines by rate and month)`),
      table(
        'Items',
        ['Month', 'Charge', 'Charge type', 'Quantity', 'Rate', 'Cost'],
        bill.items.map((i) => [
          monthLabel(i.fromDateTime.slice(0, 7)),
          `${i.rateName ?? ''}${i.touName && i.touName !== i.rateName ? ` (${i.touName})` : ''}`,
          i.chargeType ?? '',
          i.itemQuantity === null ? '' : `${fmt.qty(i.itemQuantity)} ${i.quantityKey ?? ''}`,
          fmt.price(i.rateAmount),
          money(i.cost),
        ]),
        { class: 'items stack' },
      ),
    ),
    table(
      'Assumptions',
      ['Property', 'Value', 'Why', 'Accuracy'],
      bill.assumptions.map((a) => [
        a.keyName,
        typeof a.dataValue === 'object' ? JSON.stringify(a.dataValue) : String(a.dataValue ?? ''),
        a.description ?? '',
        a.accuracy === null ? '' : `${a.accuracy} %`,
      ]),
      { class: 'assumptions stack' },
    ),
  );
}
