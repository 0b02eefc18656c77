// Savings of solar: POST /rest/v1/accounts/analysis for a typical home or building of a ZIP code on a tariff of its
// utilities (the place's default preselected; savings-tariffs.ts), after solar on the tariff a new solar customer
// takes unless another is chosen, with a PV system of the size given and optionally a battery (savings-battery.ts);
// the bill before and after solar by month of year one, side by side, the exports after solar (savings-export.ts) and,
// with a battery, a July day of its dispatch.
import { barChart } from '../charts.ts';
import { field, fmt, h, MONTHS, table } from '../dom.ts';
import { load, type PageContext } from '../ui.ts';
import { batteryFields, batteryView } from './savings-battery.ts';
import { exportView } from './savings-export.ts';
import { AFTER_SAME, savingsTariffs } from './savings-tariffs.ts';
import type { Analysis } from './savings-types.ts';

export function savingsPage(ctx: PageContext, params: URLSearchParams): HTMLElement {
  const zip = h('input', {
    name: 'zip',
    inputmode: 'numeric',
    pattern: '\\d{5}',
    value: params.get('zip') ?? '94110',
    required: true,
  });
  const size = h('input', {
    name: 'systemSize',
    type: 'number',
    min: 0.1,
    step: 'any',
    value: params.get('kw') ?? '4',
    required: true,
  });
  const year = h('input', {
    name: 'year',
    type: 'number',
    min: 2000,
    max: 2100,
    value: params.get('year') ?? new Date().getFullYear() + 1,
    required: true,
  });
  const tariffs = savingsTariffs(ctx.api, zip, params.get('class'), params.get('after'));
  const battery = batteryFields(params);
  const result = h('div', { id: 'savings-result', 'aria-live': 'polite' });
  const submit = (event?: Event) => {
    event?.preventDefault();
    result.dataset.state = 'loading';
    void load(result, 'Analysing (a year of hourly bills and PV production)…', async () => {
      const inputs: Record<string, unknown>[] = [
        { keyName: 'customerClass', dataValue: tariffs.customerClass.value },
        { keyName: 'systemSize', dataValue: Number(size.value), scenarios: 'solar' },
      ];
      const after = tariffs.after.value;
      if (tariffs.before.value)
        inputs.push({
          keyName: 'masterTariffId',
          dataValue: Number(tariffs.before.value),
          scenarios: after === AFTER_SAME ? 'before,after' : 'before',
        });
      if (Number(after)) inputs.push({ keyName: 'masterTariffId', dataValue: Number(after), scenarios: 'after' });
      const storage = battery.inputs();
      const res = await ctx.api.post<Analysis>('/rest/v1/accounts/analysis', {
        address: { zip: zip.value },
        fromDateTime: `${year.value}-01-01`,
        propertyInputs: [...inputs, ...storage],
      });
      const a = res.results[0]!;
      return [
        ...analysisView(a),
        ...(storage.length
          ? [
              h('h2', {}, 'The battery'),
              ...(await batteryView(ctx.api, a, {
                zip: zip.value,
                customerClass: tariffs.customerClass.value,
                systemSize: Number(size.value),
                storage,
              })),
            ]
          : []),
        ...(await exportView(ctx.api, a)),
      ];
    }).then(() => (result.dataset.state = 'done'));
  };
  if (params.get('zip')) void tariffs.ready().then(() => submit());
  return h(
    'section',
    {},
    h('h1', { tabindex: -1 }, 'Savings of solar'),
    h(
      'p',
      {},
      'A typical home or building of the ZIP code on a tariff of its utility, with a PV system of this size (PVWatts-grade model on typical weather) and optionally a battery.',
    ),
    h(
      'form',
      { class: 'card', onsubmit: submit },
      h('div', { class: 'row' }, field('ZIP code', zip), field('System size (kW)', size), field('First year', year)),
      tariffs.element,
      battery.element,
      h('button', { type: 'submit' }, 'Analyse'),
    ),
    result,
  );
}

function analysisView(a: Analysis): HTMLElement[] {
  const monthly = (scenario: string) => {
    const s = a.series.find((x) => x.scenario === scenario && x.seriesPeriod === 'MONTH');
    return a.seriesData.filter((d) => d.seriesId === s?.seriesId);
  };
  const before = monthly('before');
  const after = monthly('after');
  const labels = before.map((d) => `${MONTHS[Number(d.fromDateTime.slice(5, 7)) - 1]} ${d.fromDateTime.slice(0, 4)}`);
  const money = (v: number) => fmt.money(v, a.currency);
  const tariffOf = (name: string) => {
    const s = a.scenarios.find((x) => x.name === name);
    return s?.masterTariffId ? `${s.tariffName ?? 'tariff'} (${s.masterTariffId})` : 'unknown';
  };
  return [
    h(
      'p',
      { class: 'savings-summary' },
      `Year one: ${money(a.summary.preTotalCost)} without solar, ${money(a.summary.postTotalCost)} with; ${money(a.summary.netAvoidedCost)} saved, ${fmt.qty(a.summary.totalSolarKWh)} kWh produced (${a.summary.netAvoidedKWhPctOffset} % of the usage). Over ${a.summary.projectDuration} years: ${money(a.summary.lifetimeAvoidedCost)}.`,
    ),
    h('p', { class: 'meta' }, `Before solar on ${tariffOf('before')}; after solar on ${tariffOf('after')}.`),
    barChart({
      caption: 'Utility bill by month, before and after solar',
      description: 'Bars of each month’s bill without and with solar side by side; the table below holds the figures.',
      labels,
      series: [
        { label: 'Before solar', values: before.map((d) => d.cost) },
        { label: 'After solar', values: after.map((d) => d.cost) },
      ],
      stacked: false,
      yLabel: a.currency,
      format: (v) => v.toFixed(2),
    }),
    table(
      `Bill by month (${a.currency})`,
      ['Month', 'Before solar', 'After solar', 'Saved'],
      labels.map((l, i) => [
        l,
        fmt.amount(before[i]!.cost),
        fmt.amount(after[i]?.cost ?? 0),
        fmt.amount(before[i]!.cost - (after[i]?.cost ?? 0)),
      ]),
      { class: 'by-month' },
    ),
  ];
}
