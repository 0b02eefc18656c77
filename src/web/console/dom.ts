// Small DOM helpers for the console: elements from tag, attributes and children, and number formats. The console is
// plain TypeScript (no framework): each page builds its elements and replaces the main region's content.

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

/** An element: attributes (on* are listeners; false/null/undefined are left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) el.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

export function append(el: Element, children: (Child | Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'number' ? String(child) : child);
  }
}

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const price = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 5 });
const quantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const fmt = {
  money: (v: number | null | undefined, currency = 'USD') =>
    v === null || v === undefined ? '—' : `${money.format(v)} ${currency}`,
  /** Money without its currency, for a table whose caption names it. */
  amount: (v: number) => money.format(v),
  price: (v: number | null | undefined) => (v === null || v === undefined ? '—' : price.format(v)),
  qty: (v: number | null | undefined) => (v === null || v === undefined ? '—' : quantity.format(v)),
};

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A labelled form field: the label's for= ties it to the control. */
export function field(label: string, control: HTMLInputElement | HTMLSelectElement, hint?: string): HTMLElement {
  const id = control.id || `f-${Math.random().toString(36).slice(2, 9)}`;
  control.id = id;
  const hintEl = hint ? h('small', { id: `${id}-hint`, class: 'hint' }, hint) : null;
  if (hintEl) control.setAttribute('aria-describedby', hintEl.id);
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hintEl);
}

/**
 * A table from a header row and body rows; caption for screen readers and the eye. In a wrapper that scrolls sideways
 * (focusable, so the keyboard scrolls it too); each cell carries its column's name, so a table with the class `stack`
 * is shown as one block per row on a phone (console.css), each value under its column's name.
 */
export function table(
  caption: string,
  head: string[],
  rows: (string | number | Node)[][],
  attrs: Attrs = {},
): HTMLElement {
  return h(
    'div',
    { class: 'table-wrap', role: 'region', 'aria-label': caption, tabindex: 0 },
    h(
      'table',
      attrs,
      h('caption', {}, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          head.map((c) => h('th', { scope: 'col' }, c)),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map((r) =>
          h(
            'tr',
            {},
            r.map((c, i) => h('td', { 'data-label': head[i] }, c)),
          ),
        ),
      ),
    ),
  );
}
