/**
 * The link of a decision-model screening audit (docs/permalinks.md, kind `screening`): its
 * parameters (the CV sample included) and its results less what stays on the machine — each
 * model's decision cases and per-unit values, keyed by record (screeningSummaryOf).
 */
import { screeningSummaryOf, type ScreeningResults } from '../audit/screening/index.ts';
import { CURRENT_SCHEMA, type PermalinkPayloadInput } from '../permalink/index.ts';
import type { LinkDetail } from './detail.ts';
import { atLinkPrecision } from './linkPrecision.ts';
import { headlineOf } from './groupFairnessHeadline.ts';

/** A screening result as a run stores it: with the seeded CV sample it audited, if any. */
export type SharedScreeningResults = ScreeningResults & { readonly parameters: { readonly sample?: { readonly cvsPerJob: number; readonly seed: number } | null } };

const orNull = (v: string) => (v === '-' ? null : v);

type Model = ScreeningResults['models'][number];

/**
 * A model in a summary link: what its verdicts are read from — validity, consistency, latency,
 * each bias effect with its test and the noise floor's largest effect, an LLM's template and
 * output validity — without an LLM's validity per group where it does not differ, the noise-floor
 * rows one by one, the label flips at every cut-off (a curve of 101 points) and the outcome tables
 * of its variants (the full link has them).
 */
function summaryModel(m: Model): Model {
  const { outcomes: _outcomes, ...rest } = m;
  return {
    ...rest,
    bias: { ...m.bias, noise_floor: [] },
    consistency: m.consistency === null ? null : { ...m.consistency, flip_by_cutoff: [] },
    // An LLM's output validity: the originals' and the groups whose validity differs (the full link has every group).
    ...(m.llm ? { llm: { ...m.llm, output_validity: { ...m.llm.output_validity, by_group: m.llm.output_validity.by_group.filter((g) => g.kind === 'original' || g.differs) } } } : {}),
  };
}

/**
 * @param detail `summary` (the default) or `full`.
 * @example screeningPayload(results).kind // 'screening'
 */
/** A link never carries the group-fairness verdicts (worded again where it opens); a summary link no attention curve. */
function withoutVerdicts(m: Model, detail: LinkDetail): Model {
  if (!m.groupFairness) return m;
  return { ...m, groupFairness: m.groupFairness.map(({ verdict: _verdict, curve, ...rest }) => (detail === 'full' ? (curve ? { ...rest, curve } : rest) : { ...rest, summary: headlineOf(rest.summary) })) };
}

export function screeningPayload(results: SharedScreeningResults, detail: LinkDetail = 'summary'): PermalinkPayloadInput {
  // The detail sits in both: the schema asks the envelope's parameters to equal the results'.
  const parameters = { ...results.parameters, sample: results.parameters.sample ?? null, detail };
  const summary = screeningSummaryOf(results);
  const models = (detail === 'full' ? summary.models : summary.models.map(summaryModel)).map((m) => withoutVerdicts(m, detail));
  return {
    v: CURRENT_SCHEMA,
    kind: results.kind,
    dataset: { id: results.dataset.id, version: results.dataset.version, manifestSha256: results.dataset.manifestSha256 },
    models: results.models.map((m) => ({ id: m.model.id, revision: orNull(m.model.revision), dtype: orNull(m.model.dtype), device: m.model.device })),
    parameters: atLinkPrecision(JSON.parse(JSON.stringify(parameters)) as object),
    results: atLinkPrecision(JSON.parse(JSON.stringify({ ...summary, models, parameters })) as object),
  };
}
