/**
 * Tampered links: each case changes one field that a Results view reads and
 * expects decodePermalink to refuse the link with a message naming that
 * field's path. Before the results were validated, these links opened and
 * the view threw (RangeError, TypeError) on a blank page.
 */
import { describe, expect, it } from 'vitest';
import { decodePermalink, encodePermalink, PermalinkMessages } from '../../../../src/core/permalink/index.ts';
import type { JsonValue, PermalinkPayload } from '../../../../src/core/permalink/index.ts';
import { retrievalPayload, screeningPayload } from './fixtures.ts';
import { fragmentOfJson, fragmentOfText } from './helpers.ts';

type Segment = string | number;

/** A deep copy of `payload` with the value at `path` replaced (or removed when `value` is `REMOVE`). */
const REMOVE = Symbol('remove');
function tampered(payload: PermalinkPayload, path: readonly Segment[], value: JsonValue | typeof REMOVE): unknown {
  const copy = JSON.parse(JSON.stringify(payload)) as Record<Segment, unknown>;
  let node = copy;
  for (const segment of path.slice(0, -1)) node = node[segment] as Record<Segment, unknown>;
  const last = path[path.length - 1];
  if (value === REMOVE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

async function refusal(link: unknown): Promise<string> {
  const result = await decodePermalink(fragmentOfJson(link));
  expect(result.ok, 'the tampered link must be refused').toBe(false);
  return result.ok ? '' : result.error;
}

const M1 = ['results', 'subsets', 0, 'models', 1] as const;
const EFF = [...M1, 'effectiveness'] as const;
const OVERALL = [...M1, 'robustness', 'overall'] as const;

/** [what, path, new value, the detail the message must hold]. */
const RETRIEVAL: [string, readonly Segment[], JsonValue | typeof REMOVE, string][] = [
  ['a truncation count as a string', ['results', 'subsets', 0, 'models', 0, 'model', 'truncations', 0, 'cut'], '3', 'results.subsets[0].models[0].model.truncations[0].cut: expected an integer'],
  ['a mean as the string "NaN"', [...EFF, 'ndcg@10', 'mean'], 'NaN', 'results.subsets[0].models[1].effectiveness.ndcg@10.mean: expected a finite number'],
  ['a CI bound as "Infinity"', [...EFF, 'p@10', 'ci', 1], 'Infinity', 'results.subsets[0].models[1].effectiveness.p@10.ci[1]: expected a finite number'],
  ['k as "ten" in the parameters', ['parameters', 'k'], 'ten', 'parameters.k: expected an integer'],
  ['k as "ten" in the results', ['results', 'parameters', 'k'], 'ten', 'results.parameters.k: expected an integer'],
  ['k as 2.5', ['results', 'parameters', 'k'], 2.5, 'results.parameters.k: expected an integer'],
  ['no effectiveness', EFF, REMOVE, 'results.subsets[0].models[1].effectiveness: expected an object (the subset has relevance labels'],
  ['an unjudged subset whose model has effectiveness', ['results', 'subsets', 0, 'unjudged'], 'no relevance labels', 'results.subsets[0].models[0].effectiveness: expected none (the subset says it has no relevance labels)'],
  ['an empty unjudged reason', ['results', 'subsets', 0, 'unjudged'], '', 'results.subsets[0].unjudged: expected'],
  ['an effectiveness without mrr@10', [...EFF, 'mrr@10'], REMOVE, 'results.subsets[0].models[1].effectiveness.mrr@10: expected'],
  ['an effectiveness at another k', EFF, { 'ndcg@20': { mean: 0.5, ci: [0.4, 0.6] }, 'p@20': { mean: 0.5, ci: [0.4, 0.6] }, 'mrr@20': { mean: 0.5, ci: [0.4, 0.6] } }, 'results.subsets[0].models[1].effectiveness.ndcg@10: expected an object'],
  ['subsets: []', ['results', 'subsets'], [], 'results.subsets: expected 1 to'],
  ['subsets as an object', ['results', 'subsets'], { 0: 1 }, 'results.subsets: expected an array'],
  ['a subset without models', ['results', 'subsets', 0, 'models'], [], 'results.subsets[0].models: expected 1 to'],
  ['a negative proportion', [...EFF, 'p@10', 'mean'], -0.2, 'results.subsets[0].models[1].effectiveness.p@10.mean: expected a finite number in [0, 1]'],
  ['a proportion above 1', [...OVERALL, 'iou@10', 'mean'], 1.7, 'results.subsets[0].models[1].robustness.overall.iou@10.mean: expected a finite number in [0, 1]'],
  ['a correlation below −1', [...OVERALL, 'kendall_tau', 'ci', 0], -1.5, 'robustness.overall.kendall_tau.ci[0]: expected a finite number in [-1, 1]'],
  ['a negative rank shift', [...OVERALL, 'rank_shift', 'mean'], -3, 'robustness.overall.rank_shift.mean: expected a finite number ≥ 0'],
  ['a negative odds ratio', [...OVERALL, 'odds_ratio@10', 'mean'], -0.5, 'robustness.overall.odds_ratio@10.mean: expected a finite number ≥ 0'],
  ['a pooled RBC above 1', [...OVERALL, 'rbc_pooled', 'ci', 1], 1.5, 'robustness.overall.rbc_pooled.ci[1]: expected a finite number in [-1, 1]'],
  ['twin metrics without Cohen’s d', [...OVERALL, 'cohens_d'], REMOVE, 'robustness.overall.cohens_d: expected an object'],
  ['a CI with lo > hi', [...EFF, 'ndcg@10', 'ci'], [0.9, 0.1], 'results.subsets[0].models[1].effectiveness.ndcg@10.ci: expected [lo, hi] with lo ≤ hi'],
  ['a CI of one bound', [...EFF, 'ndcg@10', 'ci'], [0.5], 'effectiveness.ndcg@10.ci: expected 2 items'],
  ['a CI of one null bound', [...EFF, 'ndcg@10', 'ci'], [null, 0.5], 'effectiveness.ndcg@10.ci: expected two numbers or two nulls'],
  ['a CI as null', [...EFF, 'ndcg@10', 'ci'], null, 'effectiveness.ndcg@10.ci: expected an array'],
  ['a mean as a CI object', [...EFF, 'ndcg@10'], 0.5, 'effectiveness.ndcg@10: expected an object'],
  ['a negative count', [...M1, 'nQueries'], -1, 'results.subsets[0].models[1].nQueries: expected an integer ≥ 0'],
  ['a fractional count', [...OVERALL, 'n_pairs'], 2.5, 'robustness.overall.n_pairs: expected an integer ≥ 0'],
  ['an unknown model kind', [...M1, 'model', 'kind'], 'gpt', 'results.subsets[0].models[1].model.kind: expected one of'],
  ['a model id as a number', [...M1, 'model', 'id'], 7, 'results.subsets[0].models[1].model.id: expected a non-empty string, found 7'],
  ['no timing', [...M1, 'timing'], REMOVE, 'results.subsets[0].models[1].timing: expected an object'],
  ['a negative wall time', [...M1, 'timing', 'wallMs'], -5, 'timing.wallMs: expected a finite number ≥ 0'],
  ['groups of one', ['results', 'subsets', 0, 'groups'], ['female'], 'results.subsets[0].groups: expected 2 items'],
  ['a language whose metrics are a string', [...M1, 'robustness', 'perLang', 'en'], 'x', 'robustness.perLang.en: expected an object'],
  ['a language without pearson', [...M1, 'robustness', 'perLang', 'de', 'pearson'], REMOVE, 'robustness.perLang.de.pearson: expected'],
  ['a histogram with a billion-count bin', [...M1, 'rankShiftHistogram'], [{ shift: 0, count: 1e9 }], 'results.subsets[0].models[1] has the unknown key "rankShiftHistogram"'],
  ['an unknown results key', ['results', 'extra'], 1, 'results has the unknown key "extra"'],
  ['results of another kind', ['results', 'kind'], 'screening', 'results.kind: expected "retrieval-fairness"'],
  ['results of schema 2', ['results', 'schema'], 2, 'results.schema: expected 1'],
  ['results of another dataset', ['results', 'dataset', 'id'], 'other-dataset', 'results.dataset: expected the dataset of the link'],
  ['parameters that contradict the results', ['parameters', 'k'], 20, 'parameters.k: expected the results\' k (10)'],
  ['an unknown runtime', ['results', 'environment', 'runtime'], 'deno', 'results.environment.runtime: expected one of'],
  ['a model listed twice', [...M1, 'model', 'id'], 'Xenova/multilingual-e5-small', 'results.subsets[0].models[1].model.id: expected an id that no other model of the subset has'],
  ['no tasks to re-run', ['parameters', 'tasks'], [], 'parameters.tasks: expected 1 to'],
];

const SM = ['results', 'models', 1] as const;
const EFFECT = ((screeningPayload().results.models as JsonValue[])[1] as { bias: { effects: JsonValue[] } }).bias.effects[0];
const SCREENING: [string, readonly Segment[], JsonValue | typeof REMOVE, string][] = [
  ['a truncation of an unknown input', [...SM, 'model', 'truncations', 0, 'input'], 'cover letter', 'results.models[1].model.truncations[0].input: expected one of'],
  ['a truncation limit of 0', [...SM, 'model', 'truncations', 0, 'limit'], 0, 'results.models[1].model.truncations[0].limit: expected an integer'],
  ['an AUC above 1', [...SM, 'validity', 'auc', 'mean'], 1.2, 'results.models[1].validity.auc.mean: expected a finite number in [0, 1]'],
  ['a p-value as a string', [...SM, 'bias', 'effects', 0, 'delta_score', 'p'], '0.01', 'results.models[1].bias.effects[0].delta_score.p: expected a finite number'],
  ['a q-value above 1', [...SM, 'bias', 'effects', 0, 'delta_rank', 'q'], 1.5, 'results.models[1].bias.effects[0].delta_rank.q: expected a finite number in [0, 1]'],
  ['an Excl@5 without its mark', [...SM, 'bias', 'effects', 1, 'excl@5', 'significant'], REMOVE, 'results.models[1].bias.effects[1].excl@5.significant: expected true or false'],
  ['an unknown bias row kind', [...SM, 'bias', 'effects', 2, 'kind'], 'baseline', 'results.models[1].bias.effects[2].kind: expected one of'],
  ['an unknown consistency basis', [...SM, 'consistency', 'basis'], 'guessed', 'results.models[1].consistency.basis: expected one of'],
  ['a chance mark as a string', [...SM, 'validity', 'chance', 'auc', 'excluded'], 'yes', 'results.models[1].validity.chance.auc.excluded: expected true or false'],
  ['a ΔAUC without its mark', [...SM, 'validity', 'delta_auc', 'significant'], REMOVE, 'results.models[1].validity.delta_auc.significant: expected true or false'],
  ['a percentage above 100', [...SM, 'consistency', 'label_flip_pct', 'mean'], 140, 'results.models[1].consistency.label_flip_pct.mean: expected a finite number in [0, 100]'],
  ['a ΔScore outside ±100', [...SM, 'bias', 'effects', 1, 'delta_score', 'ci', 0], -250, 'results.models[1].bias.effects[1].delta_score.ci[0]: expected a finite number in [-100, 100]'],
  ['an ICC CI with lo > hi', [...SM, 'consistency', 'icc', 'ci'], [0.95, 0.5], 'results.models[1].consistency.icc.ci: expected [lo, hi] with lo ≤ hi'],
  ['a confusion matrix of 3 cells', [...SM, 'validity', 'confusion', 'counts', 1], [61], 'results.models[1].validity.confusion.counts[1]: expected 2 items'],
  ['a row percentage above 100', [...SM, 'validity', 'confusion', 'row_percent', 0, 0], 120, 'validity.confusion.row_percent[0][0]: expected a finite number in [0, 100]'],
  ['an unknown threshold source', [...SM, 'validity', 'threshold_source'], 'guess', 'results.models[1].validity.threshold_source: expected one of'],
  ['deterministic as "yes"', [...SM, 'deterministic'], 'yes', 'results.models[1].deterministic: expected true or false'],
  ['no models', ['results', 'models'], [], 'results.models: expected 1 to'],
  ['a negative latency', [...SM, 'latency', 'median_ms'], -5, 'results.models[1].latency.median_ms: expected a finite number ≥ 0'],
  ['a ΔAUC without its reference', [...SM, 'validity', 'delta_auc', 'reference'], REMOVE, 'results.models[1].validity.delta_auc.reference: expected a non-empty string, found nothing (the key is missing)'],
  ['a shortlist of 6', ['results', 'parameters', 'k'], 6, 'results.parameters.k: expected 5'],
  ['a negative job count', ['results', 'counts', 'jobs'], -1, 'results.counts.jobs: expected an integer ≥ 0'],
  ['an unknown noise kind', [...SM, 'bias', 'noise_floor', 0, 'kind'], 'other', 'results.models[1].bias.noise_floor[0].kind: expected one of'],
  ['a model listed twice', [...SM, 'model', 'id'], 'calibrated:fairground-glove-100d', 'results.models[1].model.id: expected an id that no other model has'],
  ['an effect listed twice', [...SM, 'bias', 'effects'], [EFFECT, EFFECT], 'results.models[1].bias.effects[1]: expected an attribute · group · signal that no other effect of the model has, found "gender|female|explicit" again'],
  ['a flip curve of 1 000 points', [...SM, 'consistency', 'flip_by_cutoff'], Array.from({ length: 1000 }, (_, i) => ({ cutoff: i / 10, label_flip_pct: 1 })), 'results.models[1].consistency.flip_by_cutoff: expected 0 to 101 items'],
  ['a reference group as a number', ['results', 'parameters', 'reference', 'gender'], 1, 'results.parameters.reference.gender: expected a string'],
  ['consistency as a string', [...SM, 'consistency'], 'none', 'results.models[1].consistency: expected an object or null'],
];

describe('decodePermalink refuses tampered retrieval-fairness results, naming the path', () => {
  for (const [what, path, value, detail] of RETRIEVAL) {
    it(`${what} → "${detail}"`, async () => {
      const error = await refusal(tampered(retrievalPayload(), path, value));
      expect(error.startsWith(PermalinkMessages.invalid('').slice(0, -1)), error).toBe(true);
      expect(error).toContain(detail);
    });
  }

  it('refuses a non-finite number written into the JSON (1e999)', async () => {
    const json = JSON.stringify(retrievalPayload()).replace('"nQueries":250', '"nQueries":1e999');
    const result = await decodePermalink(fragmentOfText(json));
    expect(result.ok === false && result.error).toMatch(/nQueries must be a finite number or null/);
  });

  it('accepts nulls where a statistic is undefined (NaN written as null): a mean and its CI', async () => {
    const p = tampered(retrievalPayload(), [...OVERALL, 'pearson'], { mean: null, ci: [null, null] });
    const q = tampered(p as PermalinkPayload, [...EFF, 'ndcg@10', 'ci'], [null, null]);
    const result = await decodePermalink(fragmentOfJson(q));
    expect(result.ok, result.ok ? '' : result.error).toBe(true);
  });

  it('accepts a link of several subsets and a subset without twins', async () => {
    const p = retrievalPayload();
    const subsets = (p.results.subsets as JsonValue[]).concat([{ ...(p.results.subsets as Record<string, JsonValue>[])[0], task: 'queries', twinsTask: '' }]);
    const result = await decodePermalink(fragmentOfJson({ ...p, parameters: { ...p.parameters, tasks: ['briefs', 'queries'] }, results: { ...p.results, subsets } }));
    expect(result.ok, result.ok ? '' : result.error).toBe(true);
  });

  it('accepts a subset without relevance labels: an unjudged reason and no effectiveness', async () => {
    const p = retrievalPayload();
    const [first] = p.results.subsets as Record<string, JsonValue>[];
    const models = (first.models as Record<string, JsonValue>[]).map(({ effectiveness: _e, ...m }) => m);
    const subsets = [{ ...first, unjudged: 'no relevance labels', models }];
    const result = await decodePermalink(fragmentOfJson({ ...p, results: { ...p.results, subsets } }));
    expect(result.ok, result.ok ? '' : result.error).toBe(true);
  });

  it('accepts the files imported vectors came from, each with its SHA-256, and refuses a file without a digest or with another', async () => {
    const files = [{ file: 'corpus.npy', sha256: 'a'.repeat(64) }, { file: 'corpus.ids.txt', sha256: 'b'.repeat(64) }];
    const ok = await decodePermalink(fragmentOfJson(tampered(retrievalPayload(), [...M1, 'model', 'importedFiles'], files)));
    expect(ok.ok, ok.ok ? '' : ok.error).toBe(true);
    if (ok.ok) expect(((ok.payload.results.subsets as JsonValue[])[0] as { models: { model: { importedFiles?: unknown } }[] }).models[1].model.importedFiles).toEqual(files);
    expect(await refusal(tampered(retrievalPayload(), [...M1, 'model', 'importedFiles'], [{ file: 'corpus.npy' }]))).toContain('results.subsets[0].models[1].model.importedFiles[0].sha256: expected a SHA-256 (64 hex digits)');
    expect(await refusal(tampered(retrievalPayload(), [...M1, 'model', 'importedFiles'], [{ file: 'corpus.npy', sha256: 'xyz' }]))).toContain('importedFiles[0].sha256: expected a SHA-256');
    expect(await refusal(tampered(retrievalPayload(), [...M1, 'model', 'importedFiles'], []))).toContain('importedFiles: expected 1 to 64 items');
  });

  it('accepts the variant counts of a dataset made from own candidates, and refuses a negative one', async () => {
    const generation = { generated: 12, accepted: 9, rejected: 2, edited: 1, notMade: 3 };
    const p = tampered(retrievalPayload(), ['results', 'dataset', 'generation'], generation);
    const result = await decodePermalink(fragmentOfJson(p));
    expect(result.ok, result.ok ? '' : result.error).toBe(true);
    expect(await refusal(tampered(retrievalPayload(), ['results', 'dataset', 'generation'], { ...generation, rejected: -1 }))).toContain('results.dataset.generation.rejected: expected an integer ≥ 0');
  });

  it('refuses two subsets of the same task and twins task (the view keys its tabs by them)', async () => {
    const p = retrievalPayload();
    const subsets = [...(p.results.subsets as JsonValue[]), ...(p.results.subsets as JsonValue[])];
    expect(await refusal({ ...p, results: { ...p.results, subsets } })).toContain('results.subsets[1]: expected a task and twins task that no other subset has');
  });

  it('encodePermalink refuses the same tamperings, so the app never writes such a link', async () => {
    await expect(encodePermalink(tampered(retrievalPayload(), [...EFF, 'p@10', 'mean'], -0.2) as PermalinkPayload)).rejects.toThrow(
      'results.subsets[0].models[1].effectiveness.p@10.mean: expected a finite number in [0, 1]',
    );
  });
});

describe('decodePermalink refuses tampered screening results, naming the path', () => {
  it('accepts the untampered screening payload', async () => {
    const result = await decodePermalink(fragmentOfJson(screeningPayload()));
    expect(result.ok, result.ok ? '' : result.error).toBe(true);
  });

  for (const [what, path, value, detail] of SCREENING) {
    it(`${what} → "${detail}"`, async () => {
      expect(await refusal(tampered(screeningPayload(), path, value))).toContain(detail);
    });
  }

  it('accepts the nulls a screening result may hold (no bootstrap, no labels, one run)', async () => {
    let p = tampered(screeningPayload(), [...SM, 'bias', 'effects', 0, 'delta_score', 'p'], null) as PermalinkPayload;
    p = tampered(p, [...SM, 'bias', 'effects', 0, 'delta_rank', 'q'], null) as PermalinkPayload;
    p = tampered(p, [...SM, 'validity'], null) as PermalinkPayload;
    p = tampered(p, [...SM, 'consistency'], null) as PermalinkPayload;
    p = tampered(p, ['results', 'models', 0, 'bias', 'noise_floor_max', 'delta_score'], null) as PermalinkPayload;
    const result = await decodePermalink(fragmentOfJson(p));
    expect(result.ok, result.ok ? '' : result.error).toBe(true);
  });
});
