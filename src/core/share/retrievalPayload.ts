/**
 * The link of a retrieval-fairness result (docs/permalinks.md): configuration and summary numbers,
 * never data. The page's Share box, the report's Reproduce section and Re-run's comparison all
 * build it here, so one result always gives one link.
 */
import { summaryOf, type ModelSummary, type RetrievalFairnessResults } from '../audit/retrieval/index.ts';
import { CURRENT_SCHEMA, type PermalinkPayloadInput } from '../permalink/index.ts';
import type { LinkDetail } from './detail.ts';
import { atLinkPrecision } from './linkPrecision.ts';
import { headlineOf } from './groupFairnessHeadline.ts';

const orNull = (v: string) => (v === '-' ? null : v);

/** A model's row in a summary link: its overall numbers; the per-language and per-direction tables left empty, no attention curve. */
function summaryModel(m: ModelSummary): ModelSummary {
  return {
    ...m,
    effectivenessPerLang: m.effectivenessPerLang === undefined ? undefined : {},
    robustness: { ...m.robustness, perLang: {}, perLangPooled: {}, perDirection: {} },
    groupFairness: m.groupFairness === undefined ? undefined : { by: m.groupFairness.by, summary: headlineOf(m.groupFairness.summary) },
  };
}

/** Every link leaves out the group-fairness verdict: a sentence, worded again from the summary where the link opens. */
function withoutVerdict(m: ModelSummary): ModelSummary {
  if (m.groupFairness === undefined) return m;
  const { verdict: _verdict, ...numbers } = m.groupFairness;
  return { ...m, groupFairness: numbers };
}

/**
 * @param detail `summary` (the default: what an e-mail carries) or `full` (every table of the page).
 * @example retrievalPayload(results, 'full').kind // 'retrieval-fairness'
 */
export function retrievalPayload(results: RetrievalFairnessResults, detail: LinkDetail = 'summary'): PermalinkPayloadInput {
  const models = results.subsets[0]?.models.map((m) => ({ id: m.model.id, revision: orNull(m.model.revision), dtype: orNull(m.model.dtype), device: m.model.device })) ?? [];
  const { k, relevanceThreshold, bootstrap, seed, groups } = results.parameters;
  const summary = summaryOf(results);
  const shared = { ...summary, subsets: summary.subsets.map((s) => ({ ...s, models: s.models.map((m) => withoutVerdict(detail === 'full' ? m : summaryModel(m))) })) };
  return {
    v: CURRENT_SCHEMA,
    kind: results.kind,
    dataset: { id: results.dataset.id, version: results.dataset.version, manifestSha256: results.dataset.manifestSha256 },
    models,
    parameters: { k, relevanceThreshold, bootstrap, seed, groups: [...groups], tasks: [...new Set(results.subsets.map((s) => s.task))], detail },
    results: atLinkPrecision(JSON.parse(JSON.stringify(shared)) as object),
  };
}
