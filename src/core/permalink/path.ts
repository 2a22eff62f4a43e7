/**
 * Display paths into a payload, as in `subsets[0].models[1].effectiveness.ndcg@10.mean`:
 * keys joined by `.`, array items as `[i]`. They are for messages, not for lookup
 * (a key holding `.` is not escaped).
 */
export function keyPath(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}

/** The path of item `index` of the array at `parent`. */
export function indexPath(parent: string, index: number): string {
  return `${parent}[${index}]`;
}

/** A key or string quoted for a message, cut to `max` characters so a hostile key cannot flood it. */
export function quoteForMessage(text: string, max = 40): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}
