// A tariff: its facts, its versions (GET /rest/public/tariffs/{id}/history), its rates by charge type with seasons,
// time of use, territories and tiers (GET /rest/public/tariffs/{id}?populateRates=true), and the TOU heatmap.
import { h, table } from '../dom.ts';
import { load, type PageContext, type TariffSummary } from '../ui.ts';
import { heatmapSection } from './tariff-heatmap.ts';
import type { Rate } from './tariff-rates.ts';

interface Tariff extends TariffSummary {
  rates?: Rate[];
  currency?: string;
  billingPeriod?: string | null;
  endDate?: string | null;
  closedDate?: string | null;
}

interface History {
  initialEffectiveDate: string | null;
  closedDate: string | null;
  tariffVersions: { tariffId: number; effectiveDate: string; endDate: string | null; lastUpdatedDate: string | null }[];
}

const CHARGE_TYPES: Record<string, string> = {
  FIXED_PRICE: 'Fixed charges',
  CONSUMPTION_BASED: 'Energy charges (per kWh)',
  DEMAND_BASED: 'Demand charges (per kW)',
  QUANTITY: 'Quantity charges',
  MINIMUM: 'Minimum charges',
  MAXIMUM: 'Maximum charges',
  TAX: 'Taxes',
  PERCENTAGE: 'Percentage charges',
};

const day = (m: number, d: number) =>
  `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${d}`;

/** Tiers in words: "up to 6.5: 0.32561", "above: 0.40702", prefixed by the applicability value they are for. */
function bands(rate: Rate): HTMLElement {
  let previous: string | null = null;
  return h(
    'ul',
    { class: 'bands' },
    rate.rateBands.map((b) => {
      const limit = b.consumptionUpperLimit ?? b.demandUpperLimit ?? b.propertyUpperLimit ?? null;
      const group = b.applicabilityValue ?? null;
      const tier = limit !== null ? `up to ${limit}` : rate.rateBands.length > 1 && previous === group ? 'above' : '';
      previous = group;
      const who = group ? `${group}${tier ? ', ' : ''}` : '';
      const amount = `${b.isCredit ? '−' : ''}${b.rateAmount}${b.rateUnit === 'PERCENTAGE' ? ' %' : ''}`;
      return h('li', {}, who || tier ? `${who}${tier}: ${amount}` : amount);
    }),
  );
}

function ratesSection(rates: Rate[]): HTMLElement {
  const byType = new Map<string, Rate[]>();
  for (const r of rates) byType.set(r.chargeType ?? 'OTHER', [...(byType.get(r.chargeType ?? 'OTHER') ?? []), r]);
  return h(
    'section',
    { class: 'card' },
    h('h2', {}, 'Rates'),
    rates.length === 0 ? h('p', {}, 'This version lists no rates.') : null,
    [...byType].map(([type, list]) =>
      table(
        CHARGE_TYPES[type] ?? type,
        ['Rate', 'Season', 'Time of use', 'Territory', 'Per', 'Amounts (tiers)'],
        list
          .slice()
          .sort((a, b) => (a.season?.seasonName ?? '').localeCompare(b.season?.seasonName ?? ''))
          .map((r) => [
            h(
              'span',
              {},
              r.rateName ?? r.rateGroupName ?? '',
              r.applicabilityKey ? h('small', { class: 'hint block' }, `by ${r.applicabilityKey}`) : null,
            ),
            r.season
              ? `${r.season.seasonName} (${day(r.season.seasonFromMonth, r.season.seasonFromDay)} – ${day(r.season.seasonToMonth, r.season.seasonToDay)})`
              : 'all year',
            r.timeOfUse ? `${r.timeOfUse.touName} (${r.timeOfUse.touType})` : 'all hours',
            r.territory?.territoryName ?? 'all',
            (r.chargePeriod ?? '').toLowerCase(),
            bands(r),
          ]),
        { class: 'rates stack', 'data-charge-type': type },
      ),
    ),
  );
}

export function tariffPage(ctx: PageContext, id: string): HTMLElement {
  const body = h('div', {});
  const page = h('section', {}, h('h1', { tabindex: -1 }, `Tariff ${id}`), body);
  void load(body, 'Loading the tariff…', async () => {
    const [tariffRes, historyRes] = await Promise.all([
      ctx.api.get<Tariff>(`/rest/public/tariffs/${encodeURIComponent(id)}`, { populateRates: true }),
      ctx.api.get<History>(`/rest/public/tariffs/${encodeURIComponent(id)}/history`),
    ]);
    const t = tariffRes.results[0]!;
    const history = historyRes.results[0];
    page.querySelector('h1')!.textContent = `${t.tariffCode ?? t.masterTariffId} — ${t.tariffName}`;
    document.title = `${t.tariffCode ?? t.masterTariffId} · Ratebook console`;
    return [
      h(
        'section',
        { class: 'card' },
        h(
          'dl',
          { class: 'facts' },
          ...[
            ['Utility', t.lseName],
            ['Master tariff id', String(t.masterTariffId)],
            ['Customer class', t.customerClass ?? ''],
            ['Type', t.tariffType ?? ''],
            ['This version since', t.effectiveDate ?? ''],
            ['Time zone', t.timeZone ?? ''],
            ['Currency', t.currency ?? ''],
          ].flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
        ),
        h(
          'p',
          { class: 'actions' },
          h('a', { class: 'button', href: `#/bill?tariff=${t.masterTariffId}` }, 'Calculate a bill'),
          ' ',
          h('a', { class: 'button', href: `#/prices?tariff=${t.masterTariffId}` }, 'Smart price for a week'),
        ),
      ),
      history
        ? h(
            'section',
            { class: 'card' },
            h('h2', {}, 'Versions'),
            table(
              'Versions of this tariff, oldest first',
              ['Version (tariffId)', 'In effect from', 'Until', 'Last updated'],
              history.tariffVersions.map((v) => [
                String(v.tariffId),
                v.effectiveDate.slice(0, 10),
                v.endDate?.slice(0, 10) ?? 'open-ended',
                v.lastUpdatedDate?.slice(0, 10) ?? '',
              ]),
              { class: 'versions stack' },
            ),
            history.closedDate ? h('p', {}, `Closed to new customers on ${history.closedDate.slice(0, 10)}.`) : null,
          )
        : h('span'),
      heatmapSection(ctx, t, t.rates ?? []),
      ratesSection(t.rates ?? []),
    ];
  });
  return page;
}
