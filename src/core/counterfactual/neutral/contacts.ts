/**
 * Contact details written anywhere in a CV: e-mail addresses, links to profiles and sites, phone
 * numbers and street addresses, found by the recognisers of `../identity/` (phone numbers
 * validated by libphonenumber-js, links by the WHATWG URL parser, addresses by shape), each with
 * the label written before it and the separator it leaves (identity/collapse.ts).
 */
import type { EditReason } from '../edit.ts';
import { deletion } from '../identity/collapse.ts';
import { contactSpans } from '../identity/contactSpans.ts';
import type { IdentityKind, IdentitySpan } from '../identity/span.ts';

/** A stretch of text to remove, and why. `uncertain` when only the shape says what it is. */
export interface Removal {
  readonly start: number;
  readonly end: number;
  readonly why: EditReason;
  readonly uncertain?: boolean;
}

/** The edit reason of each kind of identity span. */
export const REASON_OF: Readonly<Record<IdentityKind, EditReason>> = Object.freeze({
  name: 'name', pronouns: 'gender', email: 'email', url: 'profile-link', phone: 'phone', address: 'address',
});

/**
 * The removal of a span: the span with its label and the separator it leaves; `uncertain` when the span is `unsure`.
 * @example removalOf('Tel: 0612345678 | Lima', { kind: 'phone', start: 5, end: 15, confidence: 'sure', label: { start: 0, end: 5 } }) // { start: 0, end: 18, why: 'phone' }
 */
export function removalOf(text: string, span: IdentitySpan): Removal {
  const [start, end] = deletion(text, span);
  return { start, end, why: REASON_OF[span.kind], ...(span.confidence === 'unsure' ? { uncertain: true } : {}) };
}

/**
 * The contact details of `text` to remove, in text order, not overlapping: e-mail addresses,
 * links, phone numbers (in the formats of `lang`'s country and of the countries the text names),
 * street addresses (uncertain unless a postcode or a label confirms them).
 * @example contactRemovals('Mail maria@x.com, +33 6 12 34 56 78').map((r) => r.why); // ['email', 'phone']
 */
export function contactRemovals(text: string, lang?: string, nameWords: readonly string[] = []): Removal[] {
  return contactSpans(text, lang, nameWords).map((s) => removalOf(text, s));
}
