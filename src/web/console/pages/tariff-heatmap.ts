// The TOU heatmap of a tariff for a year: the smart price API's hourly marginal price (GET /rest/v1/prices/smart,
// groupBy=HOUR, one request per month: the API spans at most 31 days) folded by heatmap.ts into months x hours for
// weekdays and weekends, coloured by price; the holidays of the tariff's TOU calendars (GET
// /rest/public/calendars/dates) are marked on their months and listed.
import { fmt, h, MONTHS } from '../dom.ts';
import { buildHeatmap, colourOf, DAY_KINDS, type Heatmap, type HourPrice } from '../heatmap.ts';
import { load, type PageContext, type TariffSummary } from '../ui.ts';
import type { Rate } from './tariff-rates.ts';

interface Holiday {
  date: string;
  name: string;
}

const KIND_TITLES = { weekday: 'Weekdays (Monday to Friday)', weekend: 'Weekends (Saturday and Sunday)' };
const pad = (n: number) => String(n).padStart(2, '0');

async function yearOfPrices(ctx: PageContext, masterTariffId: number, year: number): Promise<HourPrice[]> {
  const months = await Promise.all(
    MONTHS.map(async (_, m) => {
      const from = `${year}-${pad(m + 1)}-01`;
      const to = m === 11 ? `${year + 1}-01-01` : `${year}-${pad(m + 2)}-01`;
      const res = await ctx.api.get<{ priceChanges: HourPrice[] }>('/rest/v1/prices/smart', {
        masterTariffId,
        fromDateTime: from,
        toDateTime: to,
        groupBy: 'HOUR',
        pageCount: 1000,
      });
      return res.results[0]?.priceChanges ?? [];
    }),
  );
  return months.flat();
}

async function holidaysOf(ctx: PageContext, lseId: number, rates: Rate[], year: number): Promise<Holiday[]> {
  const calendars = [
    ...new Set(rates.map((r) => r.timeOfUse?.calendarId).filter((c): c is number => typeof c === 'number')),
  ];
  const lists = await Promise.all(
    calendars.map((calendarId) =>
      ctx.api.get<{ startDateTime: string; eventName: string }>('/rest/public/calendars/dates', {
        calendarId,
        lseId,
        fromDateTime: `${year}-01-01`,
        toDateTime: `${year}-12-31`,
        pageCount: 500,
      }),
    ),
  );
  const byDate = new Map<string, string>();
  for (const l of lists) for (const d of l.results) byDate.set(d.startDateTime.slice(0, 10), d.eventName);
  return [...byDate].map(([date, name]) => ({ date, name })).sort((a, b) => a.date.localeCompare(b.date));
}

function grid(map: Heatmap, holidays: Holiday[], year: number): HTMLElement[] {
  const min = map.min ?? 0;
  const max = map.max ?? 0;
  return DAY_KINDS.map((kind) =>
    h(
      'div',
      { class: 'table-wrap', role: 'region', 'aria-label': `${KIND_TITLES[kind]} heatmap`, tabindex: 0 },
      h(
        'table',
        { class: 'heatmap', 'data-kind': kind },
        h('caption', {}, `${KIND_TITLES[kind]}, ${year}: price per kWh by month and hour (hour 17 is 17:00–18:00)`),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, 'Month'),
            Array.from({ length: 24 }, (_, hour) => h('th', { scope: 'col' }, String(hour))),
          ),
        ),
        h(
          'tbody',
          {},
          map.cells[kind].map((row, m) => {
            const inMonth = holidays.filter((d) => Number(d.date.slice(5, 7)) === m + 1);
            return h(
              'tr',
              {},
              h(
                'th',
                { scope: 'row', title: inMonth.map((d) => `${d.date} ${d.name}`).join('\n') || null },
                MONTHS[m]!,
                inMonth.length
                  ? h(
                      'span',
                      {
                        class: 'holiday-mark',
                        'aria-label': `${inMonth.length} holiday${inMonth.length > 1 ? 's' : ''}`,
                      },
                      ' ★',
                    )
                  : null,
              ),
              row.map((cell, hour) => {
                if (cell.price === null)
                  return h('td', { class: 'empty', 'data-month': m + 1, 'data-hour': hour }, '–');
                const colour = colourOf(cell.price, min, max);
                const label = `${MONTHS[m]} ${kind}s ${pad(hour)}:00: ${fmt.price(cell.price)} per kWh${cell.name ? ` (${cell.name})` : ''}${cell.uniform ? '' : ', most days of the month'}`;
                const td = h(
                  'td',
                  { 'data-kind': kind, 'data-month': m + 1, 'data-hour': hour, 'data-price': cell.price, title: label },
                  h('span', { class: 'sr-only' }, label),
                  h('span', { 'aria-hidden': 'true' }, (cell.price * 100).toFixed(1)),
                );
                td.style.background = colour.background;
                td.style.color = colour.text;
                return td;
              }),
            );
          }),
        ),
      ),
    ),
  );
}

function legend(map: Heatmap, holidays: Holiday[]): HTMLElement {
  return h(
    'div',
    { class: 'legend' },
    h(
      'p',
      { class: 'scroll-hint' },
      'The maps are wider than the screen: swipe them sideways, or focus one (Tab) and use the arrow keys.',
    ),
    h(
      'p',
      {},
      'Cells show cents per kWh. ',
      h('span', { class: 'swatch', style: `background:${colourOf(0, 0, 1).background}` }),
      ` cheapest ${fmt.price(map.min)} … `,
      h('span', { class: 'swatch', style: `background:${colourOf(1, 0, 1).background}` }),
      ` dearest ${fmt.price(map.max)} per kWh.`,
    ),
    holidays.length
      ? h(
          'div',
          {},
          h(
            'p',
            {},
            '★ Holidays of the tariff’s time-of-use calendars (priced by their own schedule, left out of both maps):',
          ),
          h(
            'ul',
            { class: 'holidays' },
            holidays.map((d) => h('li', {}, `${d.date} ${d.name}`)),
          ),
        )
      : h('p', {}, 'No holiday calendar in this tariff’s time of use.'),
  );
}

export function heatmapSection(ctx: PageContext, t: TariffSummary, rates: Rate[]): HTMLElement {
  const thisYear = new Date().getFullYear();
  const year = h(
    'select',
    { id: 'heatmap-year' },
    [thisYear - 1, thisYear, thisYear + 1].map((y) => h('option', { value: y, selected: y === thisYear }, String(y))),
  );
  const out = h('div', { 'aria-live': 'polite' });
  const draw = () => {
    const y = Number(year.value);
    out.dataset.year = String(y);
    out.dataset.state = 'loading';
    void load(out, `Loading ${y}'s hourly prices…`, async () => {
      const [hours, holidays] = await Promise.all([
        yearOfPrices(ctx, t.masterTariffId, y),
        holidaysOf(ctx, t.lseId, rates, y),
      ]);
      const map = buildHeatmap(hours, new Set(holidays.map((d) => d.date)));
      return [legend(map, holidays), ...grid(map, holidays, y)];
    }).then(() => (out.dataset.state = 'done'));
  };
  year.addEventListener('change', draw);
  draw();
  return h(
    'section',
    { class: 'card', id: 'heatmap', 'data-heatmap': '' },
    h('h2', {}, 'Time-of-use heatmap'),
    h(
      'p',
      {},
      'What one more kWh costs at each hour (the smart price: energy rates at the highest tier, with riders and taxes), the price most days of that month had at that hour.',
    ),
    h('div', { class: 'row' }, h('label', { for: 'heatmap-year' }, 'Year'), year),
    out,
  );
}
