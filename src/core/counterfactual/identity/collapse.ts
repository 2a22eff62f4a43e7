/**
 * What a deleted span leaves: its label goes with it, and so do the separator and spaces on one
 * side of it, so that `Berlin | jane@x.com | Lima` becomes `Berlin | Lima`, `jane@x.com · Lima`
 * becomes `Lima` and `Lima · jane@x.com` becomes `Lima`. Nothing else is touched; a line left with
 * nothing but separators goes whole (neutralise.ts, wholeLines). Where several removals meet on a
 * line, `tidyRemovals` takes the separators they leave dangling: `Chicago | jane@x.com | female`
 * without its e-mail and its statement is `Chicago`, not `Chicago | ` (issue 48).
 */
import type { IdentitySpan } from './span.ts';

const SEP_AFTER = /^[ \t]*(?:[|•·;,–—][ \t]*)?/u;
const SEP_BEFORE = /[ \t]*(?:[|•·;,–—][ \t]*)?$/u;

/**
 * The `[start, end)` to delete for `span` of `text`: the span, its label, and the separator after
 * it (or, at the end of its line, the one before it).
 * @example deletion('Berlin | a@b.io | Lima', { kind: 'email', start: 9, end: 15, confidence: 'sure' }) // [9, 18]
 */
export function deletion(text: string, span: IdentitySpan): [number, number] {
  let start = span.label?.start ?? span.start;
  let end = span.end;
  const lineEnd = text.indexOf('\n', end) < 0 ? text.length : text.indexOf('\n', end);
  const after = text.slice(end, lineEnd).replace(/\r$/u, '');
  const sep = SEP_AFTER.exec(after)![0];
  if (after.slice(sep.length).trim() !== '') return [start, end + sep.length];
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const before = SEP_BEFORE.exec(text.slice(lineStart, start))![0];
  start -= before.length;
  end += after.length;
  return [start, end];
}

/** A separator (and the spaces around it), or spaces alone. */
const SEPARATORS_ONLY = /^[\s|•·;,–—]*$/u;
const HAS_SEPARATOR = /[|•·;,–—]/u;

/** Where the line of `at` starts and ends (before its `\r\n` or `\n`). */
function lineAround(text: string, at: number): [number, number] {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const nl = text.indexOf('\n', at);
  const end = nl < 0 ? text.length : nl;
  return [start, text[end - 1] === '\r' ? end - 1 : end];
}

/** The text of [from, to) that no range removes. */
function keptBetween(text: string, ranges: readonly { start: number; end: number }[], from: number, to: number): string {
  let out = '';
  let at = from;
  for (const r of ranges) {
    if (r.end <= at || r.start >= to) continue;
    out += text.slice(at, Math.max(at, r.start));
    at = Math.max(at, r.end);
  }
  return out + text.slice(at, Math.max(at, to));
}

/**
 * Sorted, non-overlapping removals widened so that the line they leave has no dangling separator:
 * a removal with nothing kept after it on its line but separators takes the separator before it
 * (and, the last on its line, the separators after it); one between two separators takes the one
 * after it. A removal with nothing kept before it on its line is left as it is (its deletion took
 * the separator after it; a line left empty goes whole).
 * @example tidyRemovals('Chicago | a@b.io | ', [{ start: 10, end: 16 }]) // [{ start: 7, end: 19 }]: `Chicago`
 * @example tidyRemovals('Chicago | a@b.io | x', [{ start: 10, end: 16 }]) // [{ start: 10, end: 19 }]: `Chicago | x`
 */
export function tidyRemovals<R extends { readonly start: number; readonly end: number }>(text: string, removals: readonly R[]): R[] {
  return removals.map((r, i) => {
    const [lineStart, lineEnd] = lineAround(text, r.start);
    if (r.end > lineEnd) return r;
    const prev = removals[i - 1];
    const next = removals[i + 1];
    const from = prev && prev.end > lineStart ? prev.end : lineStart;
    const to = next && next.start < lineEnd ? next.start : lineEnd;
    if (SEPARATORS_ONLY.test(keptBetween(text, removals, lineStart, r.start))) return r;
    const before = SEP_BEFORE.exec(text.slice(from, r.start))![0];
    const after = SEP_AFTER.exec(text.slice(r.end, to))![0];
    if (SEPARATORS_ONLY.test(keptBetween(text, removals, r.end, lineEnd))) {
      const last = to === lineEnd;
      return { ...r, start: r.start - before.length, end: last ? lineEnd : r.end };
    }
    return HAS_SEPARATOR.test(before) && HAS_SEPARATOR.test(after) ? { ...r, end: r.end + after.length } : r;
  });
}
