/**
 * The review of generated variants, as the protocols' authors reviewed every
 * twin by hand: each variant is pending until accepted, rejected or edited
 * (accepted with the reviewer's text). Only accepted and edited variants
 * reach a dataset; the counts travel with it (manifest `generation`) and with
 * every result audited on it.
 */
import type { ReviewKind, Variant } from '../counterfactual/variant.ts';

export type ReviewState = 'pending' | 'accepted' | 'rejected' | 'edited';

/** A reviewer's decision on one variant; `text` is the edited text (state `edited` only). */
export type ReviewDecision =
  | { readonly state: 'accepted' | 'rejected' }
  | { readonly state: 'edited'; readonly text: string };

/** How many variants were generated, and what the review made of them. */
export interface ReviewCounts {
  readonly generated: number;
  readonly accepted: number;
  readonly rejected: number;
  readonly edited: number;
  readonly pending: number;
}

/** The state of a variant under the decisions (pending when there is none). */
export function reviewState(decisions: ReadonlyMap<string, ReviewDecision>, variantId: string): ReviewState {
  return decisions.get(variantId)?.state ?? 'pending';
}

/**
 * Counts per state, over all variants or those of one kind.
 * @example reviewCounts([a, b, c], new Map([[a.id, { state: 'accepted' }]])) // {generated: 3, accepted: 1, pending: 2, …}
 */
export function reviewCounts(variants: readonly Variant[], decisions: ReadonlyMap<string, ReviewDecision>, kind?: ReviewKind): ReviewCounts {
  const counts = { generated: 0, accepted: 0, rejected: 0, edited: 0, pending: 0 };
  for (const v of variants) {
    if (kind !== undefined && v.kind !== kind) continue;
    counts.generated++;
    counts[reviewState(decisions, v.id)]++;
  }
  return counts;
}

/**
 * The variants a dataset is made of: accepted ones as generated, edited ones
 * with the reviewer's text (and no edit list: it no longer describes the
 * text); rejected and pending ones left out. Order is kept.
 */
export function acceptedVariants(variants: readonly Variant[], decisions: ReadonlyMap<string, ReviewDecision>): Variant[] {
  const out: Variant[] = [];
  for (const v of variants) {
    const d = decisions.get(v.id);
    if (d?.state === 'accepted') out.push(v);
    else if (d?.state === 'edited') out.push({ ...v, text: d.text, edits: [] });
  }
  return out;
}

/**
 * Decisions accepting every variant (of one kind, or all): the reviewer's "accept all", and the
 * CLI's default. The variants of the `held` CVs stay pending (their neutral bases are accepted):
 * the review's CVs that wait for a name (documentRows `heldCvs`).
 */
export function acceptAll(variants: readonly Variant[], decisions: ReadonlyMap<string, ReviewDecision>, kind?: ReviewKind, held: ReadonlySet<string> = new Set()): Map<string, ReviewDecision> {
  const next = new Map(decisions);
  for (const v of variants) {
    if (v.kind !== 'neutral' && held.has(v.of)) continue;
    if ((kind === undefined || v.kind === kind) && !next.has(v.id)) next.set(v.id, { state: 'accepted' });
  }
  return next;
}

/**
 * Reads a decisions file (JSON `{ "<variant id>": "accepted" | "rejected" | { "edited": "<text>" } }`),
 * as the review view exports it and `make-dataset --decisions` takes it.
 * @throws {RangeError} naming the first malformed entry.
 */
export function parseDecisions(value: unknown): Map<string, ReviewDecision> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new RangeError('decisions: expected a JSON object of variant id → decision');
  const out = new Map<string, ReviewDecision>();
  for (const [id, d] of Object.entries(value as Record<string, unknown>)) {
    if (d === 'accepted' || d === 'rejected') out.set(id, { state: d });
    else if (d !== null && typeof d === 'object' && typeof (d as { edited?: unknown }).edited === 'string') {
      out.set(id, { state: 'edited', text: (d as { edited: string }).edited });
    } else throw new RangeError(`decisions["${id}"]: expected "accepted", "rejected" or {"edited": "<text>"}`);
  }
  return out;
}

/** The decisions as the JSON parseDecisions reads (keys in variant order of the map). */
export function decisionsJson(decisions: ReadonlyMap<string, ReviewDecision>): Record<string, string | { edited: string }> {
  const out: Record<string, string | { edited: string }> = {};
  for (const [id, d] of decisions) out[id] = d.state === 'edited' ? { edited: d.text } : d.state;
  return out;
}
