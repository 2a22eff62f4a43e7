/**
 * The dataset strings a report must not hold: the permalink guard's (datasetContentStrings: every
 * string a record carries that the manifest does not declare) less the audit's categories — the
 * `attribute`, `group`, `twin_group` and `signal` values of twin and variant records. A report
 * must name the categories it reports on (NYC LL144 asks for each category's counts and rates):
 * `female`, `black`, `explicit` are the results' keys, not content. Every other string — ids,
 * texts, titles, names, meta, a `lang` the manifest does not declare — stays forbidden.
 */
import { datasetContentStrings, type DatasetRecord } from '../core/permalink/index.ts';

/** The record fields whose values are the audit's categories. */
export const CATEGORY_FIELDS = Object.freeze(['attribute', 'group', 'twin_group', 'signal'] as const);

/**
 * @example reportForbiddenStrings({ id: 'd' }, [{ id: 'v1', data: { variant_id: 'v1', group: 'female', text: 'Secret CV text' } }]) // Set {'v1', 'Secret CV text'}
 */
export function reportForbiddenStrings(manifest: unknown, records: Iterable<DatasetRecord>): Set<string> {
  const list = [...records];
  const forbidden = datasetContentStrings(manifest, list);
  for (const r of list) {
    if (typeof r.data !== 'object' || r.data === null) continue;
    const data = r.data as Record<string, unknown>;
    for (const field of CATEGORY_FIELDS) {
      const v = data[field];
      if (typeof v === 'string') forbidden.delete(v);
    }
  }
  return forbidden;
}
