/**
 * Serialising SVG as strings: every plot is a pure function `spec → string`, so it renders the
 * same under Node (tests, CLI) and in the browser without a DOM.
 */

export type AttrValue = string | number | boolean | null | undefined;
export type Attrs = Readonly<Record<string, AttrValue>>;

/** Escapes `& < > " '` so any text is safe as element content or an attribute value. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' })[c]};`);
}

/** Pixel coordinates to 2 decimals: enough for a 0.01 px grid, and keeps snapshots short. */
export function px(value: number): number {
  return Math.round(value * 100) / 100 + 0; // `+ 0` turns -0 into 0
}

function attrString(attrs: Attrs): string {
  let out = '';
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    const text = value === true ? '' : typeof value === 'number' ? String(px(value)) : value;
    out += ` ${name}="${escapeXml(text)}"`;
  }
  return out;
}

/**
 * One element. `children` are already-serialised markup (use `text()` for plain text); falsy
 * children are skipped so marks can be conditional inline. Numbers in attributes are rounded by `px`.
 */
export function el(tag: string, attrs: Attrs = {}, ...children: ReadonlyArray<string | false | null | undefined>): string {
  const inner = children.filter((c): c is string => typeof c === 'string' && c !== '').join('');
  return inner === '' ? `<${tag}${attrString(attrs)}/>` : `<${tag}${attrString(attrs)}>${inner}</${tag}>`;
}

/** Plain text as element content. */
export function text(value: string): string {
  return escapeXml(value);
}

export interface SvgDocument {
  readonly width: number;
  readonly height: number;
  /** Short name of the plot (the accessible name). */
  readonly title: string;
  /** Text alternative listing the numbers drawn. */
  readonly desc: string;
  readonly body: ReadonlyArray<string | false | null | undefined>;
}

/**
 * Focus ring for keyboard-reachable points; scoped by the class so several inline plots can share a page.
 * Colours follow the page: text and axes use `currentColor`. The site's
 * Content-Security-Policy allows this one inline <style> by its hash
 * (vite.config.ts), so it must stay a constant.
 */
export const PLOT_STYLE =
  '.fg-plot [data-point]{outline:none;cursor:default}' +
  '.fg-plot [data-point]:focus-visible circle{stroke:currentColor;stroke-width:3}' +
  '.fg-plot .dimmed{opacity:.45}';

/** A standalone `<svg>` with xmlns, viewBox, role="img", `<title>` and `<desc>`. */
export function svgDocument(doc: SvgDocument): string {
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      class: 'fg-plot',
      viewBox: `0 0 ${px(doc.width)} ${px(doc.height)}`,
      width: doc.width,
      height: doc.height,
      role: 'img',
      'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
      'font-size': FONT_SIZE,
      fill: 'currentColor',
    },
    el('title', {}, text(doc.title)),
    el('desc', {}, text(doc.desc)),
    el('style', {}, PLOT_STYLE),
    ...doc.body,
  );
}

/** Base font size in px; label boxes (labels.ts) are estimated from it. */
export const FONT_SIZE = 11;
