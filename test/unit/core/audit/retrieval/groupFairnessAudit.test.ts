/**
 * Group fairness in the retrieval audit (issue 50, METRICS.md §12): the numbers the audit computes
 * in its own pass over each query's top k equal those of `eval exposure` — another reader, over the
 * TREC run file the same audit wrote (`--write-run`), the corpus's gender as a group file and the
 * task's qrels — to 1e-12, CIs included (the same seed resamples the same queries). And the numbers
 * travel: a full and a summary link carry them (no verdict sentence, no document id), the guard lets
 * the group labels through and still refuses a record's value.
 */
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../../../../../src/cli/main.ts';
import { nodeIo } from '../../../../../src/cli/node/nodeIo.ts';
import { memoryIo } from '../../../cli/memoryIo.ts';
import { parseResults, type RetrievalFairnessResults } from '../../../../../src/core/audit/retrieval/index.ts';
import { decodePermalink, encodePermalink, assertNoDatasetContent, DatasetContentError } from '../../../../../src/core/permalink/index.ts';
import { groupCategories, retrievalPayload, withoutCategories } from '../../../../../src/core/share/index.ts';

const TWINS = 'datasets/freelance-twins';

/** The CLI over the real dataset folder, writing its outputs to memory. */
async function cli(argv: string[], files: Record<string, string> = {}) {
  const io = memoryIo(files);
  const inMemory = (p: string) => p in files;
  const written: Record<string, string> = {};
  const code = await main(argv, {
    ...nodeIo,
    readText: (p) => (inMemory(p) ? io.readText(p) : nodeIo.readText(p)),
    isDirectory: (p) => (inMemory(p) ? Promise.resolve(false) : nodeIo.isDirectory!(p)),
    checkInput: (p, kind) => (inMemory(p) ? Promise.resolve() : nodeIo.checkInput!(p, kind)),
    writeFile: async (p, text) => void (written[p] = text),
    readLines: undefined,
    readLineChunks: undefined,
    stdout: io.stdout,
    stderr: io.stderr,
  });
  return { code, out: io.out, err: io.err, written };
}

const lines = (file: string) => gunzipSync(readFileSync(`${TWINS}/${file}`)).toString('utf8').split('\n').filter((l) => l.trim() !== '');

/** Every corpus document and its meta.gender (blank where it has none), as eval exposure reads a group file. */
function genderGroups(): string {
  return ['doc_id\tgroup', ...lines('corpus-00.jsonl.gz').map((l) => JSON.parse(l) as { _id: string; meta?: { gender?: string } }).map((d) => `${d._id}\t${d.meta?.gender ?? ''}`)].join('\n') + '\n';
}

async function audit(extra: string[] = []): Promise<{ results: RetrievalFairnessResults; run: string }> {
  const r = await cli(['run', '--dataset', TWINS, '--task', 'briefs', '--model', 'bm25', '--bootstrap', '200', '--seed', '3', '--quiet', '--write-run', 'bm25.trec', ...extra]);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return { results: parseResults(JSON.parse(r.out)), run: r.written['bm25.trec'] };
}

describe('group fairness in the retrieval audit', () => {
  it.each(['pool', 'relevant'])('equals eval exposure on the run the audit wrote, the corpus gender and the qrels — means, CIs, Skew and counts to 1e-12 (target %s)', async (target) => {
    const { results, run } = await audit(['--group-target', target]);
    const g = results.subsets[0].models[0].groupFairness!;
    expect(g.summary.groups).toEqual(['female', 'male']);
    const qrels = lines('qrels-briefs.tsv.gz').join('\n') + '\n';
    const e = await cli(['eval', 'exposure', '--run', 'run.trec', '--groups', 'groups.tsv', '--qrels', 'qrels.tsv', '--k', '10', '--skew-k', '10', '--threshold', String(results.parameters.relevanceThreshold), '--target', target, '--bootstrap', '200', '--seed', '3'], { 'run.trec': run, 'groups.tsv': genderGroups(), 'qrels.tsv': qrels });
    expect(e.err).toBe('');
    const other = JSON.parse(e.out);
    const s = g.summary as unknown as Record<string, unknown>;
    const close = (a: unknown, b: unknown) => {
      if (typeof a === 'number') return expect(Math.abs(a - (b as number))).toBeLessThanOrEqual(1e-12);
      const [x, y] = [a as { mean: number; ci: number[] }, b as { mean: number; ci: number[] }];
      [x.mean, ...x.ci].forEach((v, i) => expect(Math.abs(v - [y.mean, ...y.ci][i])).toBeLessThanOrEqual(1e-12));
    };
    for (const key of ['exposure_ratio', 'disparate_treatment', 'awrf@10', 'awrf_ndcg@10', 'ndkl@10']) close(s[key], other.mean[key]);
    for (const group of ['female', 'male']) {
      close((s.exposure as Record<string, unknown>)[group], other.mean.exposure[group]);
      close((s.attention_share as Record<string, unknown>)[group], other.mean.attention_share[group]);
      close((s['skew@10'] as Record<string, unknown>)[group], other.skew['skew@10'][group]);
    }
    close(s['max_skew@10'], other.skew['max_skew@10']);
    expect(g.summary.n_queries).toBe(other.n_queries);
    expect(g.summary.n_skipped).toEqual(other.n_skipped);
    expect(g.verdict).toMatch(/^In BM25's top 10, (female|male) profiles receive \d+\.\d% of the attention against \d+\.\d% (in the corpus|among the relevant documents)/);
  }, 120_000);

  it('--group-by picks the field (or two intersected), --group-target the target, none turns it off; a bad field says which there are', async () => {
    const seniority = (await audit(['--group-by', 'meta.gender,meta.seniority', '--group-target', 'equal'])).results.subsets[0].models[0].groupFairness!;
    expect(seniority.summary.groups).toHaveLength(8);
    expect(seniority.summary.groups).toContain('female × ENTRY');
    expect(seniority.summary.target).toBe('equal');
    expect(Object.values(seniority.summary.target_share).every((t) => Math.abs(t - 1 / 8) < 1e-15)).toBe(true);
    expect((await audit(['--group-by', 'none'])).results.subsets[0].models[0].groupFairness).toBeUndefined();
    const bad = await cli(['run', '--dataset', TWINS, '--task', 'briefs', '--model', 'bm25', '--quiet', '--group-by', 'meta.nosuch']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/no document of the corpus has meta\.nosuch; group by one of lang, meta\.gender, meta\.seniority, twins\.group/);
  }, 120_000);

  it('a full and a summary link carry the summary (no verdict; the curve in the full one only); the guard passes group labels, refuses record values', async () => {
    const { results } = await audit(['--group-by', 'meta.seniority']);
    for (const detail of ['full', 'summary'] as const) {
      const payload = retrievalPayload(results, detail);
      const decoded = await decodePermalink(await encodePermalink(payload));
      if (!decoded.ok) throw new Error(decoded.error);
      const m = (decoded.payload.results as unknown as RetrievalFairnessResults).subsets[0].models[0].groupFairness!;
      expect(m.verdict).toBeUndefined();
      expect(m.curve === undefined).toBe(detail === 'summary');
      expect(m.summary.groups).toEqual(['ENTRY', 'EXPERT', 'EXPERT PLUS', 'INTERMEDIATE']);
      expect(m.summary['awrf@10']).toEqual(payload.results && (payload.results as RetrievalFairnessResults).subsets[0].models[0].groupFairness!.summary['awrf@10']);
    }
    const payload = retrievalPayload(results, 'full');
    // The corpus's values are forbidden — its seniority labels among them — until the result's categories are let through.
    const forbidden = ['ENTRY', 'EXPERT PLUS', 'en-p0001'];
    expect(() => assertNoDatasetContent(payload, forbidden)).toThrow(DatasetContentError);
    expect(() => assertNoDatasetContent(payload, withoutCategories(forbidden, groupCategories(results)))).not.toThrow();
    const smuggled = { ...payload, parameters: { ...payload.parameters, tasks: ['en-p0001'] } };
    expect(() => assertNoDatasetContent(smuggled, withoutCategories(forbidden, groupCategories(results)))).toThrow(/en-p0001/);
  }, 120_000);
});
