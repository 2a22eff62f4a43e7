/**
 * Strict span micro-F1 (METRICS.md §9.2): a predicted span counts only when
 * its (type, start, end) triple equals a reference span of the same item;
 * counts are summed over the corpus before P, R and F1.
 */

/** A typed span [start, end) or [start, end] — any convention, used consistently. */
export interface Span {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

/** True-positive, predicted and reference counts of one item (duplicates counted once). */
export function spanCounts(predicted: readonly Span[], reference: readonly Span[]): { tp: number; predicted: number; reference: number } {
  const key = (s: Span) => `${s.type}\u0000${s.start}\u0000${s.end}`;
  const ref = new Set(reference.map(key));
  const pred = new Set(predicted.map(key));
  let tp = 0;
  for (const k of pred) if (ref.has(k)) tp++;
  return { tp, predicted: pred.size, reference: ref.size };
}

/**
 * Corpus-level micro-F1: P = ΣTP/Σpredicted, R = ΣTP/Σreference,
 * F1 = 2PR/(P + R); 0 when ΣTP = 0, except 1 when nothing is predicted and
 * nothing is in the reference.
 * @example spanMicroF1([{ predicted: [{type:'SKILL',start:0,end:4}], reference: [{type:'SKILL',start:0,end:4}] }]) // 1
 */
export function spanMicroF1(items: readonly { predicted: readonly Span[]; reference: readonly Span[] }[]): number {
  let tp = 0;
  let predicted = 0;
  let reference = 0;
  for (const item of items) {
    const c = spanCounts(item.predicted, item.reference);
    tp += c.tp;
    predicted += c.predicted;
    reference += c.reference;
  }
  if (predicted === 0 && reference === 0) return 1;
  return tp === 0 ? 0 : (2 * tp) / (predicted + reference);
}
