/**
 * The exact `fairground` commands that recompute a report's numbers, built from the results'
 * own configuration: the dataset, the task, every model, k, the bootstrap and the seed. What the
 * results cannot know — where the dataset package or a score file lies on the reader's machine —
 * is a placeholder in capitals (DATASET_DIR, SCORES_FILE), never a guess.
 */
import type { RetrievalFairnessResults } from '../core/audit/retrieval/index.ts';
import type { ScreeningResults } from '../core/audit/screening/index.ts';
import type { OutcomesResults } from '../core/audit/outcomes/index.ts';

/** A shell word: left bare when safe, else single-quoted. @example shellWord("a b") // "'a b'" */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/u.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

const line = (words: readonly string[]) => words.map(shellWord).join(' ');

/** A model's option: `--model ID`, or for an outside system's scores `--scores NAME=SCORES_FILE`, vectors `--vectors NAME=VECTORS_FILE`. */
function modelWords(id: string): string[] {
  if (id.startsWith('imported:')) return ['--scores', `${id.slice('imported:'.length)}=SCORES_FILE`];
  if (id.startsWith('vectors:')) return ['--vectors', `${id.slice('vectors:'.length)}=VECTORS_FILE`];
  return ['--model', id];
}

/**
 * One `run` per retrieval task (the CLI audits one task a run), then the report.
 * @example retrievalCommands(results)[0] // 'fairground run --dataset DATASET_DIR --task briefs --model bm25 --k 10 --bootstrap 1000 --seed 0 --out results-briefs.json'
 */
export function retrievalCommands(results: RetrievalFairnessResults): string[] {
  const { k, bootstrap, seed } = results.parameters;
  const tasks = [...new Set(results.subsets.map((s) => s.task))];
  return tasks.map((task) => {
    const models = results.subsets.find((s) => s.task === task)?.models ?? [];
    return line(['fairground', 'run', '--dataset', 'DATASET_DIR', '--task', task, ...models.flatMap((m) => modelWords(m.model.id)), '--k', String(k), '--bootstrap', String(bootstrap), '--seed', String(seed), '--out', `results-${task}.json`]);
  });
}

/** The screening `run` (`--runs`, `--reference-model`, the CV sample when there was one). */
export function screeningCommands(results: ScreeningResults & { readonly parameters: { readonly sample?: { readonly cvsPerJob: number; readonly seed: number } | null } }): string[] {
  const p = results.parameters;
  const words = ['fairground', 'run', '--dataset', 'DATASET_DIR', '--task', results.task, ...results.models.flatMap((m) => modelWords(m.model.id)), '--runs', String(p.runs), '--bootstrap', String(p.bootstrap), '--seed', String(p.seed), '--reference-model', p.referenceModel ?? 'none'];
  if (p.sample) words.push('--sample-cvs', String(p.sample.cvsPerJob), '--sample-seed', String(p.sample.seed));
  return [line([...words, '--out', 'results.json'])];
}

/**
 * `eval outcomes` over the decisions table — by its file name where the results record it, else
 * DECISIONS_FILE — with its rule: a 0/1 column, a cut-off, a shortlist of the top k, a selection
 * rate or the scoring rate.
 */
export function outcomesCommands(results: OutcomesResults, historical?: 'yes' | 'no'): string[] {
  const d = results.decision;
  const columns = results.groupings.filter((g) => !g.intersectional).map((g) => g.name);
  const rule = d.kind === 'selected' ? ['--selected', d.column]
    : d.kind === 'cutoff' ? ['--score', d.column, '--cutoff', String(d.cutoff)]
      : d.kind === 'top-k' ? ['--score', d.column, '--top-k', String(d.k)]
        : d.kind === 'rate' ? ['--score', d.column, '--rate', String(d.share)]
          : ['--score', d.column];
  const words = ['fairground', 'eval', 'outcomes', '--decisions', results.source?.name ?? 'DECISIONS_FILE', '--group', columns.join(','), ...rule];
  if (results.label !== undefined) words.push('--label', results.label);
  if (results.job !== undefined) words.push('--job', results.job);
  if (results.exclude_small) words.push('--exclude-small');
  if (results.bootstrap) words.push('--bootstrap', String(results.bootstrap.resamples), '--seed', String(results.bootstrap.seed));
  if (historical) words.push('--historical', historical);
  return [line([...words, '--out', 'outcomes.json'])];
}
