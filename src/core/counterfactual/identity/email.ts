/**
 * E-mail addresses: a local part, `@` (or `[at]`, `(at)`, with `[dot]`), and a domain of at least two labels whose last is a
 * top-level domain of letters (`jane.doe@mail.example.com`, `j_doe+cv@uni.edu.pe`); a trailing dot
 * is the sentence's. Each is `sure`, with its label (`Email:`) when one is written before it.
 */
import { labelBefore } from './label.ts';
import type { IdentitySpan } from './span.ts';

const AT = `(?:@|[ \\t]?[\\[({][ \\t]?at[ \\t]?[\\])}][ \\t]?)`;
const DOT = `(?:\\.|[ \\t]?[\\[({][ \\t]?dot[ \\t]?[\\])}][ \\t]?)`;
/** An address, `@` or its obfuscated forms (`jane[at]uni.edu`, `jane (at) uni (dot) edu`). */
const EMAIL = new RegExp(`(?<![\\p{L}\\p{N}._%+-])[\\p{L}\\p{N}._%+-]+${AT}[\\p{L}\\p{N}-]+(?:${DOT}[\\p{L}\\p{N}-]+)*${DOT}\\p{L}{2,}(?![\\p{L}\\p{N}@])`, 'giu');

/**
 * The e-mail addresses of `text`, in text order.
 * @example emailSpans('Email: ana@x.org').map((s) => [s.start, s.end]) // [[7, 16]]
 */
export function emailSpans(text: string): IdentitySpan[] {
  return [...text.matchAll(EMAIL)].map((m) => {
    const label = labelBefore(text, m.index, 'email');
    return { kind: 'email', start: m.index, end: m.index + m[0].length, confidence: 'sure', ...(label ? { label } : {}) };
  });
}
