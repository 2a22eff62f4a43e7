/**
 * The plot-layout checks of plotLayout.e2e.ts, shared with layout360.e2e.ts (Compare's plots): every
 * `<text>` of a plot measured in Chromium at each width, none colliding, leaving the viewBox, or struck
 * by the plot's lines; each export the same.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { estimateTextWidth } from '../../src/present/plots/labels.ts';
import { segmentCrossesBox, segmentsOfPath, type Segment } from '../../src/present/plots/segments.ts';

const WIDTHS = [360, 800, 1280] as const;
const TOLERANCE = 0.5;

interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}
interface MeasuredText {
  readonly text: string;
  readonly box: Box;
  /** Each line (tspan, or the text itself) with its rendered length and font. */
  readonly lines: { text: string; length: number; fontSize: number; bold: boolean }[];
}
/** A line the texts must keep clear of: a path's `d` or a line's ends, and the label it leads to. */
interface MeasuredLine {
  readonly kind: string;
  readonly d?: string;
  readonly ends?: [number, number, number, number];
  /** For a leader: the text of its own label. */
  readonly ownText?: string;
}
interface MeasuredSvg {
  /** x, y, width, height. */
  readonly viewBox: [number, number, number, number];
  readonly texts: MeasuredText[];
  readonly lines: MeasuredLine[];
}

/** In the page: every non-empty text of an SVG, its box in viewBox units, and its lines' lengths. */
function measureInPage(svg: Element): MeasuredSvg {
  const root = svg as SVGSVGElement;
  const vb = root.viewBox.baseVal;
  const r = root.getBoundingClientRect();
  const sx = vb.width / r.width;
  const sy = vb.height / r.height;
  const texts: MeasuredText[] = [];
  for (const t of Array.from(root.querySelectorAll('text'))) {
    const b = t.getBoundingClientRect();
    if (!(t.textContent ?? '').trim() || b.width === 0) continue;
    const spans = Array.from(t.querySelectorAll('tspan'));
    const lines = (spans.length ? spans : [t]).map((e) => {
      const cs = getComputedStyle(e);
      return { text: e.textContent ?? '', length: (e as SVGTextContentElement).getComputedTextLength(), fontSize: parseFloat(cs.fontSize), bold: Number(cs.fontWeight) >= 600 };
    });
    texts.push({ text: t.textContent ?? '', box: { x: vb.x + (b.left - r.left) * sx, y: vb.y + (b.top - r.top) * sy, w: b.width * sx, h: b.height * sy }, lines });
  }
  // The plots draw these lines in the SVG's own units, outside any transform.
  const drawn: MeasuredLine[] = [];
  for (const e of Array.from(root.querySelectorAll('path.frontier, path.whisker, line.four-fifths, line.leader'))) {
    const kind = e.getAttribute('class') ?? '';
    if (e.tagName === 'path') drawn.push({ kind, d: e.getAttribute('d') ?? '' });
    else {
      const ends = ['x1', 'y1', 'x2', 'y2'].map((a) => Number(e.getAttribute(a))) as [number, number, number, number];
      drawn.push({ kind, ends, ownText: kind === 'leader' ? (e.closest('[data-label]')?.querySelector('text')?.textContent ?? undefined) : undefined });
    }
  }
  return { viewBox: [vb.x, vb.y, vb.width, vb.height], texts, lines: drawn };
}

const overlap = (a: Box, b: Box) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > TOLERANCE && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > TOLERANCE;
const fmt = (b: Box) => `[${b.x.toFixed(1)}, ${b.y.toFixed(1)}, ${b.w.toFixed(1)} × ${b.h.toFixed(1)}]`;

const segmentsOf = (l: MeasuredLine): Segment[] => (l.d !== undefined ? segmentsOfPath(l.d) : [{ x1: l.ends![0], y1: l.ends![1], x2: l.ends![2], y2: l.ends![3] }]);
/** The text's box less the tolerance on every side, as segmentCrossesBox takes it. */
const strikeBox = (b: Box) => ({ x: b.x + TOLERANCE, y: b.y + TOLERANCE, width: b.w - 2 * TOLERANCE, height: b.h - 2 * TOLERANCE });

/**
 * Fails on two overlapping labels, a label outside the viewBox, one wider than its estimate, or a
 * label struck by the step line, a whisker, the four-fifths line or a leader (a leader may touch
 * its own label's edge, where it ends).
 */
function assertLayout(m: MeasuredSvg, where: string): void {
  assert.ok(m.texts.length > 0, `${where}: no text measured`);
  const [x0, y0, w, h] = m.viewBox;
  for (const t of m.texts) {
    const b = t.box;
    const inside = b.x >= x0 - TOLERANCE && b.y >= y0 - TOLERANCE && b.x + b.w <= x0 + w + TOLERANCE && b.y + b.h <= y0 + h + TOLERANCE;
    assert.ok(inside, `${where}: "${t.text}" ${fmt(b)} leaves the viewBox ${m.viewBox.join(' ')}`);
    for (const line of t.lines) {
      const estimate = estimateTextWidth(line.text, line.fontSize, line.bold);
      assert.ok(line.length <= estimate + TOLERANCE, `${where}: "${line.text}" is ${line.length.toFixed(1)} px wide, over its estimate ${estimate} px (${line.fontSize} px${line.bold ? ', bold' : ''})`);
    }
  }
  for (let i = 0; i < m.texts.length; i++) {
    for (let j = i + 1; j < m.texts.length; j++) {
      const [a, b] = [m.texts[i], m.texts[j]];
      assert.ok(!overlap(a.box, b.box), `${where}: "${a.text}" ${fmt(a.box)} overlaps "${b.text}" ${fmt(b.box)}`);
    }
  }
  for (const line of m.lines) {
    for (const s of segmentsOf(line)) {
      for (const t of m.texts) {
        assert.ok(!segmentCrossesBox(s, strikeBox(t.box)), `${where}: "${t.text}" ${fmt(t.box)} is struck by the ${line.kind} line ${[s.x1, s.y1, s.x2, s.y2].map((v) => v.toFixed(1)).join(',')}${line.ownText === t.text ? ' (its own leader)' : ''}`);
      }
    }
  }
}

/**
 * Catches the page's exports instead of saving them: each `<a download>` click records its file
 * (the Blob behind its object URL). Many downloads in a row would otherwise meet Chromium's
 * "multiple downloads" guard. Idempotent per document.
 */
async function catchExports(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __exports?: { name: string; blob: Blob | undefined }[] };
    if (w.__exports) return;
    w.__exports = [];
    const blobs = new Map<string, Blob>();
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (b: Blob | MediaSource) => {
      const url = create(b);
      if (b instanceof Blob) blobs.set(url, b);
      return url;
    };
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.download) w.__exports!.push({ name: this.download, blob: blobs.get(this.href) });
      else click.call(this);
    };
  });
}

/**
 * Clicks an export button and returns the file it offered: whole, or its first `head` bytes (all
 * that a PNG's check reads — a whole PNG sent back from the page as a JSON array of numbers took
 * half a second a file, 18 s of this check's 39).
 */
async function exported(page: Page, button: Locator, where: string, head?: number): Promise<Buffer> {
  const before = await page.evaluate(() => (window as unknown as { __exports: unknown[] }).__exports.length);
  await button.click();
  try {
    await page.waitForFunction((n) => (window as unknown as { __exports: unknown[] }).__exports.length > n, before, { timeout: 20_000 });
  } catch {
    assert.fail(`${where}: the button offered no file`);
  }
  const base64 = await page.evaluate(async (head) => {
    const last = (window as unknown as { __exports: { blob: Blob | undefined }[] }).__exports.at(-1)!;
    if (!last.blob) return '';
    const bytes = new Uint8Array(await (head === undefined ? last.blob : last.blob.slice(0, head)).arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, head);
  return Buffer.from(base64, 'base64');
}

/** Waits until every PlotFigure has re-rendered at its measured width (then one more frame). */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.plot[data-width]')).every((d) => d.dataset.width === String(Math.round(Math.max(280, Math.min(960, d.clientWidth))))),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Every plot figure on the page at every width: on screen, and (with `exports`) its SVG export
 * on a page of its own and its PNG export's size. Returns how many plots were checked.
 */
export async function checkPlots(page: Page, alone: Page, name: string, exports: boolean, plots = page.locator('figure:has(.plot svg)')): Promise<number> {
  let checked = 0;
  if (exports) await catchExports(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    const n = await plots.count();
    assert.ok(n > 0, `${name} at ${width} px: no plots`);
    for (let i = 0; i < n; i++) {
      const figure = plots.nth(i);
      const caption = await figure.evaluate((e) => e.querySelector('figcaption')?.textContent ?? e.querySelector('svg title')?.textContent ?? '');
      const id = `${name} #${i} (${caption}) at ${width} px`;
      assertLayout(await figure.locator('svg').first().evaluate(measureInPage), id);
      checked++;
      if (!exports) continue;
      const svg = (await exported(page, figure.getByRole('button', { name: 'SVG', exact: true }), `${id}, SVG`)).toString('utf8');
      await alone.setContent(`<body style="margin:0">${svg}</body>`);
      assertLayout(await alone.locator('svg').first().evaluate(measureInPage), `${id}, the exported SVG`);
      const png = await exported(page, figure.getByRole('button', { name: 'PNG', exact: true }), `${id}, PNG`, 24); // the signature and IHDR's width and height
      assert.equal(png.subarray(1, 4).toString('ascii'), 'PNG', `${id}: a PNG`);
      const [, , w, h] = /viewBox="([^"]+)"/.exec(svg)![1].split(' ').map(Number);
      assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [Math.round(2 * w), Math.round(2 * h)], `${id}: the PNG is the SVG's layout at 2×`);
    }
  }
  return checked;
}

