// Find a utility by ZIP code or address, and its tariffs: GET /rest/public/lses?zipCode= (every LSE serving the ZIP
// code) and GET /rest/public/tariffs?zipCode= or ?addressString= (their tariffs), grouped by utility.
import { field, h, table } from '../dom.ts';
import { load, type PageContext, type TariffSummary } from '../ui.ts';

interface Lse {
  lseId: number;
  name: string;
  code: string | null;
  websiteHome: string | null;
}

const ZIP = /^\d{5}(-\d{4})?$/;

export function utilitiesPage(ctx: PageContext, params: URLSearchParams): HTMLElement {
  const place = params.get('q') ?? '';
  const input = h('input', {
    name: 'q',
    value: place,
    required: true,
    autocomplete: 'postal-code',
    placeholder: '94110 or Oakland, CA',
  });
  const results = h('div', { 'aria-live': 'polite' });
  const form = h(
    'form',
    {
      class: 'row',
      role: 'search',
      onsubmit: (e: Event) => {
        e.preventDefault();
        ctx.go(`#/utilities?q=${encodeURIComponent(input.value.trim())}`);
      },
    },
    field('ZIP code or address', input, 'a ZIP code, or an address ending in "City, ST" or holding a ZIP code'),
    h('button', { type: 'submit' }, 'Find'),
  );
  if (place) void load(results, `Finding the utilities of ${place}…`, () => find(ctx, place));
  return h('section', {}, h('h1', { tabindex: -1 }, 'Utilities and tariffs'), form, results);
}

async function find(ctx: PageContext, place: string): Promise<Node[]> {
  const where = ZIP.test(place) ? { zipCode: place } : { addressString: place };
  const [lses, tariffs] = await Promise.all([
    ZIP.test(place) ? ctx.api.get<Lse>('/rest/public/lses', { zipCode: place, pageCount: 100 }) : Promise.resolve(null),
    ctx.api.get<TariffSummary>('/rest/public/tariffs', { ...where, pageCount: 500 }),
  ]);
  const byLse = new Map<number, { name: string; lse: Lse | null; tariffs: TariffSummary[] }>();
  for (const l of lses?.results ?? []) byLse.set(l.lseId, { name: l.name, lse: l, tariffs: [] });
  for (const t of tariffs.results) {
    const entry = byLse.get(t.lseId) ?? { name: t.lseName, lse: null, tariffs: [] };
    entry.tariffs.push(t);
    byLse.set(t.lseId, entry);
  }
  if (byLse.size === 0) return [h('p', { role: 'status' }, `No utility in Ratebook serves ${place}.`)];
  const out: Node[] = [
    h('p', { role: 'status' }, `${byLse.size} ${byLse.size === 1 ? 'utility serves' : 'utilities serve'} ${place}.`),
  ];
  for (const [lseId, { name, lse, tariffs: list }] of byLse) {
    out.push(
      h(
        'section',
        { class: 'card utility', 'data-lse-id': lseId },
        h('h2', {}, name),
        h(
          'p',
          { class: 'meta' },
          `LSE ${lseId}`,
          lse?.code ? ` · EIA ${lse.code}` : '',
          lse?.websiteHome ? [' · ', h('a', { href: lse.websiteHome, rel: 'noopener' }, 'website')] : '',
        ),
        list.length
          ? table(
              `Tariffs of ${name}`,
              ['Code', 'Name', 'Class', 'Type', 'In effect since'],
              list.map((t) => [
                h('a', { href: `#/tariff/${t.masterTariffId}` }, t.tariffCode ?? String(t.masterTariffId)),
                t.tariffName,
                t.customerClass ?? '',
                t.tariffType ?? '',
                t.effectiveDate ?? '',
              ]),
              { class: 'tariffs stack' },
            )
          : h('p', {}, 'No tariffs loaded for this utility.'),
      ),
    );
  }
  return out;
}
