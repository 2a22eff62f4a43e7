/**
 * Label placement without collisions: a greedy vertical nudge. Text is measured by estimate
 * (no DOM under Node): a generous average glyph width so real text fits inside its box.
 */
import { FONT_SIZE } from './svg.ts';
import { segmentCrossesBox, type Box, type Segment } from './segments.ts';

export type { Box } from './segments.ts';

/**
 * Advance of a glyph in em by character class, rounded up from the widest common sans-serif
 * (DejaVu Sans, what `system-ui` resolves to on Linux without other fonts; Segoe UI, Roboto and
 * Arial are narrower), so real text fits inside its estimated box. The plot layout runs without a
 * DOM, so it cannot measure; the e2e layout test checks every drawn label against this estimate.
 */
const EM_BY_CLASS = Object.freeze({
  /** i l j I J and thin punctuation. */
  thin: 0.34,
  space: 0.33,
  /** f t r, brackets, slash, hyphen. */
  semi: 0.44,
  digit: 0.64,
  lower: 0.64,
  upper: 0.8,
  /** m w M W % and symbols such as − → ≥ × —. */
  wide: 1.0,
});
/** Bold (font-weight ≥ 600) glyphs are about a tenth wider. */
const BOLD = 1.12;

type CharClass = keyof typeof EM_BY_CLASS;

export function charClass(c: string): CharClass {
  if (/[ilj.,:;'’!|IJ·]/.test(c)) return 'thin';
  if (c === ' ') return 'space';
  if (/[ftr()[\]{}/\-*"]/.test(c)) return 'semi';
  if (/[0-9]/.test(c)) return 'digit';
  if (/[mwMW%]/.test(c)) return 'wide';
  if (/[a-z]/.test(c)) return 'lower';
  if (/[A-Z]/.test(c)) return 'upper';
  return 'wide';
}

/**
 * Estimated width of `label` in px at `fontSize`: the sum of its glyphs' class advances
 * (`EM_BY_CLASS`), ×1.12 for bold, rounded up.
 * @example estimateTextWidth('0.5') // 18: (0.64 + 0.34 + 0.64) em × 11 px, rounded up
 */
export function estimateTextWidth(label: string, fontSize: number = FONT_SIZE, bold = false): number {
  let em = 0;
  for (const c of label) em += EM_BY_CLASS[charClass(c)];
  return Math.ceil(em * fontSize * (bold ? BOLD : 1));
}

/**
 * `label` whole when it is no wider than `maxWidth` (by estimate), else its longest start that fits
 * with "…" after it: a point's label never runs out of its plot however narrow (its tooltip and the
 * plot's text alternative keep the whole name).
 * @example fitText('cv-screening #1 · Calibrated similarity (GloVe 100d static)', 200) // 'cv-screening #1 · Calibrated simi…'
 */
export function fitText(label: string, maxWidth: number, fontSize: number = FONT_SIZE): string {
  if (estimateTextWidth(label, fontSize) <= maxWidth) return label;
  const chars = [...label];
  let n = chars.length - 1;
  while (n > 0 && estimateTextWidth(`${chars.slice(0, n).join('').trimEnd()}…`, fontSize) > maxWidth) n--;
  return `${chars.slice(0, n).join('').trimEnd()}…`;
}

/**
 * Splits `label` at spaces into lines no wider than `maxWidth` (by estimate); a single word wider
 * than that gets a line of its own.
 * @example wrapText('a long axis label', 60) // ['a long', 'axis label']
 */
export function wrapText(label: string, maxWidth: number, fontSize: number = FONT_SIZE, bold = false): string[] {
  const lines: string[] = [];
  for (const word of label.split(/ +/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && estimateTextWidth(`${last} ${word}`, fontSize, bold) <= maxWidth) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** True when the boxes share interior area (touching edges do not count). */
export function boxesIntersect(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export interface LabelRequest {
  readonly id: string;
  readonly text: string;
  /** The point the label belongs to, in px. */
  readonly anchorX: number;
  readonly anchorY: number;
}

export interface PlacedLabel {
  readonly id: string;
  readonly text: string;
  /** Text position (x at the anchor side, y the baseline) and anchor. */
  readonly x: number;
  readonly y: number;
  readonly textAnchor: 'start' | 'end';
  readonly box: Box;
  /** Moved away from its preferred spot: draw a leader line to the point. */
  readonly nudged: boolean;
  /**
   * With `nudged`, the leader: from the anchor to the nearest point of the box's edge, so it never
   * runs through the label's own text. Undefined when the label is not nudged (or the anchor is in its box).
   */
  readonly leader?: Segment;
}

/** Gap between a point and its label, and between stacked labels, in px. */
const GAP = 6;
const LINE = FONT_SIZE + 3;
/** The baseline sits this far above the bottom of the box (room for descenders). */
const DESCENT = 3;
/** A line must pass at least this far from a label's box (the box already holds the descenders). */
const LINE_CLEARANCE = 1;
/** A label moved this far or less from its preferred spot still reads as its point's: no leader. */
const NUDGE = 4;
/** Price of a label crossed by a line (a plot line, or a leader): above any move inside a plot, so a free spot always wins. */
const CROSSING = 400;

/** The leader from (ax, ay) to the nearest point of the box; undefined when the anchor is in the box. */
function leaderTo(ax: number, ay: number, box: Box): Segment | undefined {
  const x = Math.max(box.x, Math.min(ax, box.x + box.width));
  const y = Math.max(box.y, Math.min(ay, box.y + box.height));
  return x === ax && y === ay ? undefined : { x1: ax, y1: ay, x2: x, y2: y };
}

/**
 * Places each label beside its point (right, or left where the right side leaves `bounds`; where
 * neither side fits, over the point, shifted into `bounds`), then moves it up or down, the least
 * distance that clears every label placed before it. Labels are placed top to bottom; the
 * returned array is in input order.
 * `obstacles` (the point markers) are avoided at a price: covering one costs as much as moving 40 px.
 * `lines` (a step line, whiskers) and the leaders of nudged labels are avoided at a price above
 * any move inside the plot: a label is crossed by a line only where no free spot is left.
 * Guarantee: no two returned boxes intersect (a spot below every placed box always exists; when
 * no spot inside `bounds` is free, the label may leave the bounds rather than overlap).
 */
export interface PlaceOptions {
  /** Point markers to keep clear of (at a price, see above). */
  readonly obstacles?: readonly Box[];
  /** `right` keeps labels right of their anchors (line-end labels); `both` may flip one to the left. */
  readonly sides?: 'both' | 'right';
  /** `above`: the box sits just above the anchor (clear of whiskers); `centre`: centred on it. */
  readonly align?: 'above' | 'centre';
  /** Lines drawn in the plot that no label may sit on (at the price `CROSSING` each). */
  readonly lines?: readonly Segment[];
}

export function placeLabels(requests: readonly LabelRequest[], bounds: Box, options: PlaceOptions = {}): PlacedLabel[] {
  const obstacles = options.obstacles ?? [];
  const lines = options.lines ?? [];
  // Spots just above and just below each line, beside the spots next to boxes.
  const lineSpots = lines.flatMap((l) => [Math.min(l.y1, l.y2) - LINE - LINE_CLEARANCE, Math.max(l.y1, l.y2) + LINE_CLEARANCE]);
  const order = requests.map((_, i) => i).sort((a, b) => requests[a].anchorY - requests[b].anchorY || requests[a].anchorX - requests[b].anchorX);
  const placed: PlacedLabel[] = [];
  const result = new Array<PlacedLabel>(requests.length);
  for (const i of order) {
    const r = requests[i];
    const width = estimateTextWidth(r.text);
    const right = { textAnchor: 'start' as const, boxX: r.anchorX + GAP, penalty: 0 };
    const left = { textAnchor: 'end' as const, boxX: r.anchorX - GAP - width, penalty: 8 };
    const fitsRight = right.boxX + width <= bounds.x + bounds.width;
    const fitsLeft = left.boxX >= bounds.x;
    // Neither side fits (a wide label near the middle of a narrow plot): the label may also sit
    // over its point, shifted into the bounds, with a leader line.
    const inside = { textAnchor: 'start' as const, boxX: Math.max(bounds.x, Math.min(r.anchorX - width / 2, bounds.x + bounds.width - width)), penalty: 16 };
    const flipped = [{ ...left, penalty: 0 }, { ...right, penalty: 8 }];
    const sides = options.sides === 'right' ? [right] : fitsRight ? [right, left] : fitsLeft ? flipped : [...flipped, inside];
    const preferredY = options.align === 'centre' ? r.anchorY - LINE / 2 : r.anchorY - LINE - 1;
    let best: { side: (typeof sides)[number]; y: number; cost: number; outside: number } | undefined;
    for (const side of sides) {
      const candidates = [preferredY, ...lineSpots];
      for (const b of [...placed.map((p) => p.box), ...obstacles]) candidates.push(b.y - LINE, b.y + b.height);
      for (const y of candidates) {
        const box = { x: side.boxX, y, width, height: LINE };
        if (placed.some((p) => boxesIntersect(p.box, box))) continue;
        const covers = obstacles.filter((o) => boxesIntersect(o, box)).length;
        const leader = Math.abs(y - preferredY) > NUDGE || side === inside ? leaderTo(r.anchorX, r.anchorY, box) : undefined;
        // Lines through this box, placed leaders through it, and its leader through placed boxes.
        const crossings =
          lines.filter((l) => segmentCrossesBox(l, box, LINE_CLEARANCE)).length +
          placed.filter((p) => p.leader && segmentCrossesBox(p.leader, box)).length +
          (leader ? placed.filter((p) => segmentCrossesBox(leader, p.box)).length : 0);
        // px of the box outside the bounds: the spot with the least wins, then the cheapest.
        const outside = Math.max(0, bounds.x - box.x) + Math.max(0, box.x + width - bounds.x - bounds.width) + Math.max(0, bounds.y - y) + Math.max(0, y + LINE - bounds.y - bounds.height);
        const cost = Math.abs(y - preferredY) + side.penalty + covers * 40 + crossings * CROSSING;
        if (best === undefined || outside < best.outside || (outside === best.outside && cost < best.cost)) best = { side, y, cost, outside };
      }
    }
    // `best` exists: the spot below the lowest placed box is always free.
    const { side, y } = best!;
    const box = { x: side.boxX, y, width, height: LINE };
    const nudged = Math.abs(y - preferredY) > NUDGE || side === inside;
    const leader = nudged ? leaderTo(r.anchorX, r.anchorY, box) : undefined;
    const label: PlacedLabel = {
      id: r.id,
      text: r.text,
      x: side.textAnchor === 'start' ? box.x : box.x + width,
      y: y + LINE - DESCENT,
      textAnchor: side.textAnchor,
      box,
      nudged,
      ...(leader ? { leader } : {}),
    };
    placed.push(label);
    result[i] = label;
  }
  return result;
}
