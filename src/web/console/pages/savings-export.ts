// The savings page's exports (#37): the after scenario's export arrangement and vintage (from its assumptions), the
// kWh sent and credit earned by TOU period of each month (the after MONTH measures' exportPeriods), and a July day's
// hourly export price beside the import price. The export price is the sum of the after tariff's SELL rates' lookups
// (GET /rest/public/properties/{keyName}/lookups), of the vintage the analysis used; the import price is the smart
// price of the after tariff (GET /rest/v1/prices/smart: what one more kWh drawn costs, as the smart price page shows).
import { type Api, ApiError } from '../api.ts';
import { lineChart } from '../charts.ts';
import { fmt, h, MONTHS, table } from '../dom.ts';
import type { Analysis, Assumption } from './savings-types.ts';

const HOUR = 3_600_000;

interface Rate {
  transactionType?: string | null;
  variableRateKey?: string | null;
  rateName?: string | null;
}

interface Lookup {
  fromDateTime: string;
  bestValue: number | null;
}

interface Price {
  currency: string;
  priceChanges: { fromDateTime: string; toDateTime: string; rateAmount: number }[];
}

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The SELL rates' lookup keys of the after tariff, each moved to the customer's vintage when a key of that vintage
 * exists (the tariff names one published vintage; a vintage the utility did not publish keeps it, the nearest one, as
 * the analysis says in its exportVintage assumption).
 */
async function exportKeys(api: Api, masterTariffId: number, vintage: string | null): Promise<string[]> {
  const tariff = await api.get<{ rates?: Rate[] }>(`/rest/public/tariffs/${masterTariffId}`, { populateRates: true });
  const named = (tariff.results[0]?.rates ?? [])
    .filter((r) => r.transactionType === 'SELL' && r.variableRateKey)
    .map((r) => r.variableRateKey!);
  const keys: string[] = [];
  for (const key of new Set(named)) {
    const moved = vintage && /\d{4}$/.test(key) ? key.replace(/\d{4}$/, vintage) : key;
    if (moved === key) {
      keys.push(key);
      continue;
    }
    try {
      await api.get(`/rest/public/properties/${encodeURIComponent(moved)}`);
      keys.push(moved);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      keys.push(key);
    }
  }
  return keys;
}

/** A price, or a dash where none is known. */
const known = (v: number) => (Number.isFinite(v) ? fmt.price(v) : '—');

const said = (list: Assumption[], key: string) => list.find((x) => x.keyName === key);

/** The after scenario's exports: arrangement, vintage, TOU periods by month and a July day's prices. */
export async function exportView(api: Api, a: Analysis): Promise<HTMLElement[]> {
  const after = a.scenarios.find((s) => s.name === 'after')!;
  const arrangement = said(after.assumptions, 'exportArrangement');
  const vintage = said(after.assumptions, 'exportVintage');
  const out: HTMLElement[] = [
    h('h2', {}, 'Exports after solar'),
    h(
      'dl',
      { class: 'facts exports' },
      h('dt', {}, 'Tariff'),
      h('dd', {}, `${after.tariffName ?? 'unknown'}${after.masterTariffId ? ` (${after.masterTariffId})` : ''}`),
      h('dt', {}, 'Export arrangement'),
      h('dd', {}, arrangement ? `${arrangement.dataValue}: ${arrangement.description}` : 'not said'),
      h('dt', {}, 'Vintage'),
      h('dd', {}, vintage ? `${vintage.dataValue}: ${vintage.description}` : 'none: no hourly export prices'),
    ),
  ];

  const months = a.series.find((s) => s.scenario === 'after' && s.seriesPeriod === 'MONTH')!;
  const measures = a.seriesData.filter((m) => m.seriesId === months.seriesId);
  const rows = measures.flatMap((m) =>
    (m.exportPeriods ?? [])
      .filter((p) => p.exportedKWh > 0 || (p.exportCredit ?? 0) !== 0)
      .map((p) => [
        `${MONTHS[Number(m.fromDateTime.slice(5, 7)) - 1]} ${m.fromDateTime.slice(0, 4)}`,
        p.touName ?? 'all hours',
        fmt.qty(p.exportedKWh),
        p.exportCredit === null ? '—' : fmt.amount(p.exportCredit),
      ]),
  );
  out.push(
    rows.length
      ? table(
          `Sent to the grid by TOU period (kWh, credit in ${a.currency})`,
          ['Month', 'Period', 'kWh sent', 'Credit'],
          rows,
          {
            class: 'export-periods',
          },
        )
      : h(
          'p',
          { class: 'meta' },
          measures.some((m) => (m.exportedKWh ?? 0) > 0)
            ? 'Exports are netted against imports kWh for kWh (net metering), not credited by the hour.'
            : 'Nothing is sent to the grid in year one.',
        ),
  );

  // A July day of year one: the import price and, where exports earn hourly prices, the export price.
  const july = measures.find((m) => m.fromDateTime.slice(5, 7) === '07');
  if (!july || !after.masterTariffId) return out;
  const date = `${july.fromDateTime.slice(0, 8)}15`;
  const dayStart = Date.parse(july.fromDateTime) + 14 * 24 * HOUR;
  const hours = Array.from({ length: 24 }, (_, i) => i);
  const price = (
    await api.get<Price>('/rest/v1/prices/smart', {
      masterTariffId: after.masterTariffId,
      fromDateTime: date,
      toDateTime: plusDays(date, 1),
    })
  ).results[0]!;
  const imports = hours.map((i) => {
    const t = dayStart + i * HOUR;
    return (
      price.priceChanges.find((c) => Date.parse(c.fromDateTime) <= t && t < Date.parse(c.toDateTime))?.rateAmount ??
      Number.NaN
    );
  });
  const netMetered = !arrangement || arrangement.dataValue === 'NET_METERING';
  const keys = netMetered ? [] : await exportKeys(api, after.masterTariffId, vintage?.dataValue ?? null);
  // An hour is priced when every key has its value; one missing (a server's first start loads the bundled export
  // prices in the background for about a minute) leaves the hour unknown, never a made-up zero.
  const exports = hours.map(() => (keys.length ? 0 : Number.NaN));
  const priced = hours.map(() => 0);
  for (const key of keys) {
    const lookups = await api.get<Lookup>(`/rest/public/properties/${encodeURIComponent(key)}/lookups`, {
      fromDateTime: date,
      toDateTime: plusDays(date, 1),
      pageCount: 100,
    });
    // Lookups are in the utility's local time: the hour is in the text of fromDateTime.
    for (const l of lookups.results) {
      const hour = Number(l.fromDateTime.slice(11, 13));
      if (l.bestValue === null) continue;
      exports[hour]! += l.bestValue;
      priced[hour]! += 1;
    }
  }
  for (const i of hours) if (priced[i]! < keys.length) exports[i] = Number.NaN;
  const missing = keys.length > 0 && exports.some((v) => Number.isNaN(v));
  const hourLabel = (i: number) => `${String(i).padStart(2, '0')}:00`;
  const perKWh = `${price.currency} per kWh`;
  out.push(
    missing
      ? h(
          'p',
          { class: 'meta export-missing' },
          `Export price: the sum of ${keys.join(' and ')} (property lookups) each hour; some hours have no value on this server yet (a first start loads the export prices in the background: try again in a minute). The bills above are priced from the same prices all the same.`,
        )
      : keys.length
        ? h('p', { class: 'meta' }, `Export price: the sum of ${keys.join(' and ')} (property lookups) each hour.`)
        : h(
            'p',
            { class: 'meta' },
            netMetered
              ? 'Under net metering an exported kWh offsets one drawn at the import price: there is no export price of its own.'
              : 'The after tariff names no hourly export prices.',
          ),
    lineChart({
      caption: `Import and export price on ${date}, hour by hour`,
      description: `Stepped lines of the price of a kWh drawn and${keys.length ? '' : ' (none here)'} of a kWh sent for each hour of ${date}; the table below holds the figures.`,
      x: [...hours, 24].map((i) => (dayStart + i * HOUR) / 1000),
      series: [
        { label: 'Import (smart price)', values: [...imports, imports[23]!], stepped: true },
        ...(keys.length ? [{ label: 'Export', values: [...exports, exports[23]!], stepped: true }] : []),
      ],
      yLabel: perKWh,
      format: (v) => v.toFixed(4),
      xFormat: (seconds) => hourLabel(Math.round((seconds * 1000 - dayStart) / HOUR)),
    }),
    table(
      `Prices on ${date} (${perKWh})`,
      ['Hour', 'Import', 'Export'],
      hours.map((i) => [hourLabel(i), known(imports[i]!), known(exports[i]!)]),
      { class: 'july-prices' },
    ),
  );
  return out;
}
