/**
 * Okabe–Ito colour-blind-safe palette (Okabe & Ito 2008, "Color Universal Design"). Black is left
 * out because marks must stay visible on a dark page; text and axes use `currentColor` instead.
 * Yellow comes last: it has the least contrast on white.
 */
export const OKABE_ITO = Object.freeze([
  '#0072B2', // blue
  '#E69F00', // orange
  '#009E73', // bluish green
  '#D55E00', // vermillion
  '#56B4E9', // sky blue
  '#CC79A7', // reddish purple
  '#F0E442', // yellow
] as const);

/** Colour of the i-th category; cycles after seven (the legend and row labels still name each one). */
export function categoryColor(index: number): string {
  return OKABE_ITO[((index % OKABE_ITO.length) + OKABE_ITO.length) % OKABE_ITO.length];
}

/** Distinct keys in first-appearance order, each with its colour. */
export function categoryColors(keys: Iterable<string>): Map<string, string> {
  const colors = new Map<string, string>();
  for (const key of keys) if (!colors.has(key)) colors.set(key, categoryColor(colors.size));
  return colors;
}

/**
 * One colour per distinct key (first-appearance order), never reused: `undefined` when there are
 * more keys than the palette's seven colours, or fewer than two (one colour says nothing). A plot
 * that gets `undefined` draws every mark in one colour and names the keys in labels instead.
 * @example distinctColors(['de', 'en', 'de'])?.get('en') // '#E69F00'
 */
export function distinctColors(keys: Iterable<string>): Map<string, string> | undefined {
  const distinct = [...new Set(keys)];
  if (distinct.length < 2 || distinct.length > OKABE_ITO.length) return undefined;
  return new Map(distinct.map((k, i) => [k, OKABE_ITO[i]]));
}

/**
 * Whether a colour key (legend) is needed: only when some coloured category is not named by a
 * direct label beside its marks. A legend that repeats the row labels says nothing new.
 * @example needsColourLegend(new Map([['a', '#0072B2']]), ['a']) // false
 */
export function needsColourLegend(colours: ReadonlyMap<string, string> | undefined, directlyLabelled: Iterable<string>): boolean {
  if (!colours) return false;
  const named = new Set(directlyLabelled);
  return [...colours.keys()].some((k) => !named.has(k));
}
