/**
 * The permalink payload of a comparison (docs/permalinks.md, kind
 * `comparison`): the envelope names the first compared dataset that has a
 * manifest hash and every model of the rows; `results` is the comparison
 * itself, numbers and names only (it never holds per-unit values). Run the
 * content guard (assertNoDatasetContent) on it before encoding.
 */
import { CURRENT_SCHEMA, type PermalinkPayloadInput } from '../../permalink/index.ts';
import type { ComparisonResults } from './results.ts';

/**
 * @param baseline the row the others were compared with (the Compare view's choice), or null.
 * @throws {RangeError} when no compared run names its dataset version (a 64-hex manifest SHA-256).
 * @example comparisonPayload(results, 0).kind // 'comparison'
 */
export function comparisonPayload(results: ComparisonResults, baseline: number | null): PermalinkPayloadInput {
  const named = results.runs.find((r) => /^[0-9a-f]{64}$/.test(r.dataset.manifestSha256));
  if (!named) throw new RangeError('none of the compared runs names its dataset version (a manifest SHA-256), which a comparison link needs');
  const models = new Map<string, { id: string; revision: string | null; dtype: string | null; device: string | null }>();
  for (const { model } of results.rows) {
    const m = { id: model.id, revision: model.revision || null, dtype: model.dtype || null, device: model.device || null };
    models.set(JSON.stringify(m), m);
  }
  return {
    v: CURRENT_SCHEMA,
    kind: 'comparison',
    dataset: { ...named.dataset },
    models: [...models.values()],
    parameters: { metrics: [...results.metrics], baseline, resamples: results.resamples, seed: results.seed },
    results: JSON.parse(JSON.stringify(results)) as object,
  };
}
