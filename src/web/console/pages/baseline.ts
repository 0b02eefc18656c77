// A typical baseline: GET /rest/v1/typicals/baselines/best (hourly, a typical year) as kWh by day and the average
// day by hour.
import { lineChart } from '../charts.ts';
import { field, fmt, h, MONTHS, table } from '../dom.ts';
import { load, type PageContext } from '../ui.ts';

interface Baseline {
  name: string;
  measures: { i: number; v: number }[];
  factors: { annualConsumption?: number; peakDemand?: number };
}

const TYPES = ['RESIDENTIAL', 'SMALL_COMMERCIAL', 'MEDIUM_COMMERCIAL', 'LARGE_COMMERCIAL'];

export function baselinePage(ctx: PageContext, params: URLSearchParams): HTMLElement {
  const zip = h('input', {
    name: 'zip',
    inputmode: 'numeric',
    pattern: '\\d{5}',
    value: params.get('zip') ?? '94110',
    required: true,
  });
  const type = h(
    'select',
    { name: 'buildingType' },
    TYPES.map((t) => h('option', { value: t }, t.toLowerCase().replace('_', ' '))),
  );
  const result = h('div', { id: 'baseline-result', 'aria-live': 'polite' });
  const submit = (event?: Event) => {
    event?.preventDefault();
    result.dataset.state = 'loading';
    void load(result, 'Loading the baseline…', async () => {
      const res = await ctx.api.get<Baseline>('/rest/v1/typicals/baselines/best', {
        zipCode: zip.value,
        buildingType: type.value,
      });
      const b = res.results[0]!;
      const hourly = b.measures.map((m) => m.v);
      const days = Array.from({ length: Math.floor(hourly.length / 24) }, (_, d) =>
        hourly.slice(d * 24, d * 24 + 24).reduce((s, v) => s + v, 0),
      );
      const byHour = Array.from(
        { length: 24 },
        (_, hr) => days.reduce((s, _d, d) => s + (hourly[d * 24 + hr] ?? 0), 0) / days.length,
      );
      // The typical year is its own calendar (a common year): day n is drawn at 2001-01-01 + n days (2001 is common too).
      const dayX = days.map((_, d) => Date.UTC(2001, 0, 1 + d) / 1000);
      return [
        h(
          'p',
          { class: 'baseline-summary' },
          `${b.name}: ${fmt.qty(b.factors.annualConsumption ?? hourly.reduce((s, v) => s + v, 0))} kWh a year, peak ${fmt.qty(b.factors.peakDemand)} kW.`,
        ),
        lineChart({
          caption: 'kWh by day of the typical year',
          description: `A line of the daily kWh of the typical year of ${b.name}.`,
          x: dayX,
          series: [{ label: 'kWh a day', values: days }],
          yLabel: 'kWh',
          format: (v) => v.toFixed(1),
          timeZone: 'UTC',
          xFormat: (t) => MONTHS[new Date(t * 1000).getUTCMonth()]!,
        }),
        lineChart({
          caption: 'The average day, kWh by hour',
          description:
            'A line of the average kWh in each hour of the day over the typical year; the table below holds the figures.',
          x: byHour.map((_, hr) => Date.UTC(2001, 0, 1, hr) / 1000),
          series: [{ label: 'kWh in the hour', values: byHour }],
          yLabel: 'kWh',
          format: (v) => v.toFixed(3),
          timeZone: 'UTC',
          xFormat: (t) => `${String(new Date(t * 1000).getUTCHours()).padStart(2, '0')}:00`,
        }),
        table(
          'The average day',
          ['Hour', 'kWh'],
          byHour.map((v, hr) => [`${String(hr).padStart(2, '0')}:00`, v.toFixed(3)]),
          { class: 'average-day' },
        ),
      ];
    }).then(() => (result.dataset.state = 'done'));
  };
  if (params.get('zip')) submit();
  return h(
    'section',
    {},
    h('h1', { tabindex: -1 }, 'Typical baseline'),
    h(
      'form',
      { class: 'card row', onsubmit: submit },
      field('ZIP code', zip),
      field('Building', type),
      h('button', { type: 'submit' }, 'Show'),
    ),
    result,
  );
}
