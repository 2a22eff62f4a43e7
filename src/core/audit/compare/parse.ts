/**
 * A comparison read back from JSON (a permalink payload, an exported file):
 * the nulls JSON wrote for NaN become NaN again in every `{mean, ci}` and
 * in `p` and `q`.
 */
import type { ComparisonResults } from './results.ts';

function revive(value: unknown, key: string): unknown {
  if (value === null && (key === 'mean' || key === 'p' || key === 'q')) return NaN;
  if (Array.isArray(value)) return key === 'ci' ? value.map((v) => (typeof v === 'number' ? v : NaN)) : value.map((v) => revive(v, ''));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, revive(v, k)]));
}

/**
 * @throws {TypeError} when the value is not a schema-1 comparison.
 * @example parseComparison(JSON.parse(comparisonJson(results))).comparisons[0].metrics[0].difference.p
 */
export function parseComparison(value: unknown): ComparisonResults {
  const r = value as Partial<ComparisonResults> | null;
  if (typeof r !== 'object' || r === null || r.schema !== 1 || r.kind !== 'comparison' || !Array.isArray(r.rows) || !Array.isArray(r.comparisons)) {
    throw new TypeError('not a Fairground comparison (schema 1)');
  }
  return revive(value, '') as ComparisonResults;
}
