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
