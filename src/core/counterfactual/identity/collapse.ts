/**
 * What a deleted span leaves: its label goes with it, and so do the separator and spaces on one
 * side of it, so that `Berlin | jane@x.com | Lima` becomes `Berlin | Lima`, `jane@x.com · Lima`
 * becomes `Lima` and `Lima · jane@x.com` becomes `Lima`. Nothing else is touched; a line left with
 * nothing but separators goes whole (neutralise.ts, wholeLines).
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
