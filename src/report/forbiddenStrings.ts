/**
 * The dataset strings a report must not hold: the permalink guard's own (core's
 * datasetContentStrings: every value a record carries that the manifest does not declare, less
 * the audit's categories — `female`, `black`, `explicit` are what a report reports on). One rule for
 * links and reports, kept in core; this name stays for the report's callers.
 */
import { CATEGORY_FIELDS, datasetContentStrings, type DatasetRecord } from '../core/permalink/index.ts';

export { CATEGORY_FIELDS };

/**
 * @example reportForbiddenStrings({ id: 'd' }, [{ id: 'v1', data: { variant_id: 'v1', group: 'female', text: 'Secret CV text' } }]) // Set {'v1', 'Secret CV text'}
 */
export function reportForbiddenStrings(manifest: unknown, records: Iterable<DatasetRecord>): Set<string> {
  return datasetContentStrings(manifest, records);
}
