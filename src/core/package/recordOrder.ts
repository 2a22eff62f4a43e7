import type { ShardKind } from '../formats/manifest.ts';

/**
 * The order of the known fields of each record kind (docs/datasets.md, "Shard kinds and record
 * shapes"), so that a record serialises to the same line however it was built. Fields not
 * listed follow, sorted by name.
 */
export const RECORD_FIELDS: Readonly<Record<ShardKind, readonly string[]>> = Object.freeze({
  corpus: ['_id', 'title', 'text', 'lang', 'meta'],
  queries: ['_id', 'text', 'lang', 'meta'],
  qrels: ['query_id', 'corpus_id', 'score'],
  twins: ['id', 'twin_id', 'twin_text', 'group', 'twin_group', 'lang'],
  jobs: ['_id', 'text', 'occupation', 'meta'],
  cvs: ['_id', 'text', 'occupation', 'meta'],
  pools: ['job_id', 'cv_ids'],
  variants: ['cv_id', 'variant_id', 'attribute', 'group', 'signal', 'name', 'text'],
  labels: ['job_id', 'cv_id', 'label', 'split'],
  predictions: ['id', '_id'],
});

/**
 * A copy of `record` with its keys in the fixed order of `kind` (undefined values dropped);
 * nested objects (`meta`) get their keys sorted, so one value has one serialisation.
 * @example orderedRecord('labels', { split: 'test', label: 1, cv_id: 'c', job_id: 'j' }) // { job_id: 'j', cv_id: 'c', label: 1, split: 'test' }
 */
export function orderedRecord(kind: ShardKind, record: object): Record<string, unknown> {
  const r = record as Record<string, unknown>;
  const known = RECORD_FIELDS[kind];
  const rest = Object.keys(r).filter((k) => !known.includes(k)).sort();
  const out: Record<string, unknown> = {};
  for (const k of [...known, ...rest]) if (r[k] !== undefined) out[k] = sortedValue(r[k]);
  return out;
}

/**
 * A copy of a JSON value with the keys of every object sorted (undefined values dropped).
 * @example canonicalValue({ b: 1, a: { d: 2, c: 3 } }) // { a: { c: 3, d: 2 }, b: 1 }
 */
export function canonicalValue(v: unknown): unknown {
  return sortedValue(v);
}

function sortedValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedValue);
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) {
    const x = (v as Record<string, unknown>)[k];
    if (x !== undefined) out[k] = sortedValue(x);
  }
  return out;
}
