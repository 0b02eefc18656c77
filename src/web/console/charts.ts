// Charts of the console, drawn by uPlot (a ~50 KB canvas chart library; see docs/web-console.md for the
// choice): bars by month (stacked by charge type, or side by side) and lines over time. Each chart is a figure with
// a caption and a text alternative; the numbers it shows are in a table on the same page.
import uPlot from 'uplot';
import { h } from './dom.ts';

/** Distinguishable colours (the Okabe-Ito palette, safe for the common colour-vision deficiencies). */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

export interface BarSeries {
  label: string;
  values: number[];
}

interface Frame {
  figure: HTMLElement;
  holder: HTMLElement;
}

function frame(caption: string, description: string): Frame {
  const holder = h('div', { class: 'chart', role: 'img', 'aria-label': description });
  const figure = h('figure', { class: 'chart-figure' }, h('figcaption', {}, caption), holder);
  return { figure, holder };
}

/** Draws once the figure is in the page (uPlot measures its box) and follows the box's width after. */
function mount(f: Frame, make: (width: number) => uPlot.Options, data: uPlot.AlignedData): HTMLElement {
  const height = () => (f.holder.clientWidth < 500 ? 240 : 300);
  let plot: uPlot | null = null;
  const observer = new ResizeObserver(() => {
    const width = Math.max(280, f.holder.clientWidth);
    if (!f.figure.isConnected) {
      // Not in the page yet (built while the page still fetches what follows it: drawn once it is placed), or no
      // longer (the page was left: let it go).
      if (plot) {
        observer.disconnect();
        plot.destroy();
        plot = null;
      }
      return;
    }
    if (!plot) plot = new uPlot(make(width), data, f.holder);
    else plot.setSize({ width, height: height() });
  });
  queueMicrotask(() => observer.observe(f.holder));
  return f.figure;
}

const axisFont = '12px system-ui, sans-serif';

/**
 * Category labels that fit: every label where there is room, else every second, third… (on a phone twelve "Jan
 * 2027" labels would run into each other); the legend and the table still name each bar.
 */
function fittingLabels(u: uPlot, splits: number[], labels: string[]): string[] {
  const longest = Math.max(1, ...labels.map((l) => l.length));
  const room = u.bbox.width / (window.devicePixelRatio || 1) / Math.max(1, labels.length);
  const every = Math.max(1, Math.ceil((longest * 7 + 12) / room));
  return splits.map((i) => (i % every === 0 ? (labels[i] ?? '') : ''));
}

const axes = (labels: string[] | null, yLabel: string, yFormat: (v: number) => string): uPlot.Axis[] => [
  labels
    ? { font: axisFont, values: (u, splits) => fittingLabels(u, splits, labels), splits: () => labels.map((_, i) => i) }
    : { font: axisFont },
  { font: axisFont, label: yLabel, labelFont: axisFont, size: 70, values: (_u, splits) => splits.map(yFormat) },
];

/**
 * Bars per category (months): stacked adds each series on the ones before it (drawn top first so each band shows),
 * otherwise two series stand side by side. The legend shows each series' own value, not the running sum.
 */
export function barChart(o: {
  caption: string;
  description: string;
  labels: string[];
  series: BarSeries[];
  stacked: boolean;
  yLabel: string;
  format: (v: number) => string;
}): HTMLElement {
  const x = o.labels.map((_, i) => i);
  const shown = o.stacked
    ? o.series.map((_, k) => x.map((i) => o.series.slice(0, k + 1).reduce((sum, s) => sum + (s.values[i] ?? 0), 0)))
    : o.series.map((s) => s.values);
  const order = o.stacked ? o.series.map((_, k) => o.series.length - 1 - k) : o.series.map((_, k) => k);
  const bars = uPlot.paths.bars!;
  const series: uPlot.Series[] = [
    { label: 'Month', value: (_u, i) => (i === null ? '' : (o.labels[i] ?? '')) },
    ...order.map((k, position) => ({
      label: o.series[k]!.label,
      fill: PALETTE[k % PALETTE.length],
      stroke: PALETTE[k % PALETTE.length],
      width: 0,
      paths: o.stacked ? bars({ size: [0.7, 64] }) : bars({ size: [0.35, 32], align: position === 0 ? -1 : 1 }),
      points: { show: false },
      value: (_u: uPlot, _v: number | null, _si: number, i: number | null) =>
        i === null ? '' : o.format(o.series[k]!.values[i] ?? 0),
    })),
  ];
  const data = [x, ...order.map((k) => shown[k]!)] as uPlot.AlignedData;
  return mount(
    frame(o.caption, o.description),
    (width) => ({
      width,
      height: width < 500 ? 240 : 300,
      scales: {
        x: { time: false, range: [-0.6, o.labels.length - 0.4] },
        y: { range: (_u, _min, max) => [Math.min(0, ...shown.flat()), max > 0 ? max * 1.08 : 1] },
      },
      axes: axes(o.labels, o.yLabel, o.format),
      series,
      cursor: { points: { show: false } },
      legend: { live: true },
    }),
    data,
  );
}

/**
 * Lines over time (x in Unix seconds); stepped draws each value until the next, as prices are. xFormat writes the
 * time axis' labels (uPlot's own name dates, wrong for a typical year that is no real one).
 */
export function lineChart(o: {
  caption: string;
  description: string;
  x: number[];
  series: (BarSeries & { stepped?: boolean })[];
  yLabel: string;
  format: (v: number) => string;
  timeZone?: string;
  xFormat?: (seconds: number) => string;
}): HTMLElement {
  const series: uPlot.Series[] = [
    // The legend's time in the axis' own words when they are given (uPlot's would name a date).
    o.xFormat ? { label: 'Time', value: (_u: uPlot, v: number | null) => (v === null ? '' : o.xFormat!(v)) } : {},
    ...o.series.map((s, k) => ({
      label: s.label,
      stroke: PALETTE[k % PALETTE.length],
      width: 2,
      ...(s.stepped ? { paths: uPlot.paths.stepped!({ align: 1 }) } : {}),
      points: { show: false },
      value: (_u: uPlot, v: number | null) => (v === null ? '' : o.format(v)),
    })),
  ];
  const data = [o.x, ...o.series.map((s) => s.values)] as uPlot.AlignedData;
  return mount(
    frame(o.caption, o.description),
    (width) => ({
      width,
      height: width < 500 ? 240 : 300,
      ...(o.timeZone ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1000), o.timeZone!) } : {}),
      axes: o.xFormat
        ? [{ font: axisFont, values: (_u, splits) => splits.map(o.xFormat!) }, axes(null, o.yLabel, o.format)[1]!]
        : axes(null, o.yLabel, o.format),
      series,
    }),
    data,
  );
}
