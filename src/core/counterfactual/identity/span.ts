/**
 * What an identity recogniser reports: a stretch of a CV's text that identifies the candidate.
 * Every recogniser of this room is a pure function of the text (and its hints) returning these.
 */

/** The kinds of identifying span, one recogniser each (pronouns come with the name: `(She/Her)`). */
export type IdentityKind = 'name' | 'pronouns' | 'email' | 'url' | 'phone' | 'address';

/** A span `[start, end)` of the text; `label` is the field label before it (`Phone:`), when any. */
export interface IdentitySpan {
  readonly kind: IdentityKind;
  readonly start: number;
  readonly end: number;
  /** `sure` when a validator or strong evidence says so; `unsure` when only the shape does (shown for review). */
  readonly confidence: 'sure' | 'unsure';
  readonly label?: { readonly start: number; readonly end: number };
}

/**
 * Spans in text order with the overlapping ones dropped: the earlier (then the longer) wins.
 * @example disjoint([{ kind: 'url', start: 0, end: 9, confidence: 'sure' }, { kind: 'phone', start: 5, end: 12, confidence: 'sure' }]).length // 1
 */
export function disjoint(spans: readonly IdentitySpan[]): IdentitySpan[] {
  const out: IdentitySpan[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start || b.end - a.end)) {
    const last = out[out.length - 1];
    if (!last || s.start >= last.end) out.push(s);
  }
  return out;
}
