// `fairground run --dataset hf:…` on the fair-freelancer benchmark's Hub layout (built from
// datasets/freelance-twins, Parquet and JSONL) gives the bundled folder's BM25 audit, number for
// number; a layout it does not know is refused naming its files, and audits once --hub-map maps them.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { parseResults } from '../../../src/core/audit/retrieval/results.ts';
import { startMockHub } from '../../e2e/mockHub.mjs';
import { FREELANCER_SPLITS, writeBundledWithPool, writeFreelancerHubLayout } from '../../fixtures/freelancerHubFixture.ts';
import { memoryIo } from './memoryIo.ts';

const BUNDLED = 'datasets/freelance-twins';
const root = mkdtempSync(join(tmpdir(), 'fairground-hubbench-'));
const BY_LANGUAGE = join(root, 'freelance-twins-by-language');
let hub: Awaited<ReturnType<typeof startMockHub>>;
let savedCache: string | undefined;

beforeAll(async () => {
  writeFreelancerHubLayout(BUNDLED, join(root, 'hub/fair/freelancer-parquet'), 'parquet');
  writeFreelancerHubLayout(BUNDLED, join(root, 'hub/fair/freelancer-jsonl'), 'jsonl');
  writeFreelancerHubLayout(BUNDLED, join(root, 'hub/fair/freelancer-groupless'), 'parquet', { twinGroups: false });
  writeFreelancerHubLayout(BUNDLED, join(root, 'hub/fair/freelancer-one-pool'), 'parquet', { pool: 'corpus' });
  // Each language of the Hub layout has its own corpus config: the import ranks a language's queries in it (pool: language).
  writeBundledWithPool(BUNDLED, BY_LANGUAGE, 'language');
  // A layout no rule places: the same files under names of its own, and a card with the threshold only.
  const odd = join(root, 'hub/lab/odd');
  mkdirSync(odd, { recursive: true });
  for (const [from, to] of [['corpus-00.jsonl.gz', 'docs.jsonl'], ['queries-briefs.jsonl.gz', 'asks.jsonl'], ['qrels-briefs.tsv.gz', 'judged.tsv'], ['twins-gender.jsonl.gz', 'swaps.jsonl']]) {
    writeFileSync(join(odd, to), gunzipSync(readFileSync(join(BUNDLED, from))));
  }
  copyFileSync(join(BUNDLED, 'README.md'), join(odd, 'NOTES.md'));
  writeFileSync(join(odd, 'README.md'), '---\nfairground:\n  relevance_threshold: 3\n---\n');
  hub = await startMockHub({ datasets: join(root, 'hub') });
  savedCache = process.env.FAIRGROUND_CACHE_DIR;
  process.env.FAIRGROUND_CACHE_DIR = join(root, 'cache');
});
afterAll(async () => {
  await hub?.close();
  if (savedCache === undefined) delete process.env.FAIRGROUND_CACHE_DIR;
  else process.env.FAIRGROUND_CACHE_DIR = savedCache;
  rmSync(root, { recursive: true, force: true });
});

async function run(args: string[]) {
  const io = memoryIo({});
  const code = await main(args, io);
  return { code, io };
}

/**
 * Group fairness by the twins' groups, which every layout carries (a Hub layout may not keep the
 * corpus's meta fields, whose gender is the default grouping), so its numbers are compared too.
 */
const GROUPING = ['--group-by', 'twins.group'];

async function audit(dataset: string, task: string, extra: string[] = []) {
  const { code, io } = await run(['run', '--dataset', dataset, ...(dataset.startsWith('hf:') ? ['--hub', hub.url] : []), ...extra, '--task', task, '--model', 'bm25', '--bootstrap', '50', '--seed', '1', '--quiet', ...GROUPING]);
  expect(io.err).toBe('');
  expect(code).toBe(0);
  return parseResults(JSON.parse(io.out));
}

/** The audit's numbers: the subsets' models without timings, the twins task named by its attribute. */
const numbers = (r: Awaited<ReturnType<typeof audit>>) =>
  JSON.stringify(r.subsets.map((s) => s.models), (k, v) => (k === 'timing' ? undefined : v));

describe('fairground run --dataset hf:… on the fair-freelancer layout', () => {
  it('the Parquet and the JSONL Hub layout give the BM25 audit of the bundled folder ranked per language (pool: language), for both retrieval tasks and their twins', async () => {
    for (const [task, split] of Object.entries(FREELANCER_SPLITS)) {
      const bundled = await audit(BY_LANGUAGE, task);
      const parquet = await audit('hf:fair/freelancer-parquet', split);
      const jsonl = await audit('hf:fair/freelancer-jsonl', split);
      expect(parquet.subsets.map((s) => s.twinsTask)).toEqual([`gender-${split}`]);
      expect(bundled.subsets[0].models[0].nQueries).toBe(240);
      expect(Object.keys(parquet.subsets[0].models[0].robustness.perLang)).toEqual(['de', 'en', 'es', 'fr', 'nl']);
      expect((numbers(bundled).match(/\d\.\d+/g) ?? []).length).toBeGreaterThan(100);
      expect(numbers(parquet)).toBe(numbers(bundled));
      expect(numbers(jsonl)).toBe(numbers(bundled));
      expect(parquet.dataset.id).toBe('fair--freelancer-parquet');
      expect(parquet.dataset.version).toMatch(/^[0-9a-f]{40}$/);
    }
  }, 240_000);

  it('without twin_groups in the card, the twins records give the groups (female, male) and the audit is the same', async () => {
    const groupless = await audit('hf:fair/freelancer-groupless', 'briefs');
    expect(numbers(groupless)).toBe(numbers(await audit(BY_LANGUAGE, 'briefs')));
  }, 120_000);

  it('a card with fairground: pool: corpus gives the bundled folder\'s audit (one pool of every language), which the per-language pool changes', async () => {
    const bundled = numbers(await audit(BUNDLED, 'briefs'));
    expect(numbers(await audit('hf:fair/freelancer-one-pool', 'briefs'))).toBe(bundled);
    expect(numbers(await audit(BY_LANGUAGE, 'briefs'))).not.toBe(bundled);
  }, 120_000);

  it('a layout it does not know is refused naming its files and --hub-map; mapped, it audits like the bundled folder', async () => {
    const refused = await run(['run', '--dataset', 'hf:lab/odd', '--hub', hub.url, '--task', 'test', '--model', 'bm25']);
    expect(refused.code).toBe(2);
    expect(refused.io.err).toMatch(/is not an MTEB retrieval dataset: no corpus, queries, qrels files .*its data files are asks\.jsonl, docs\.jsonl, judged\.tsv, swaps\.jsonl: give each its role with --hub-map PATH=ROLE/);
    const map = 'docs.jsonl=corpus,asks.jsonl=queries,judged.tsv=qrels,swaps.jsonl=twins:gender';
    const badGroups = await run(['run', '--dataset', 'hf:lab/odd', '--hub', hub.url, '--hub-map', map, '--hub-groups', 'gender=female', '--task', 'test', '--model', 'bm25']);
    expect(badGroups.io.err).toBe('fairground: --hub-groups entry "gender=female" is not ATTRIBUTE=GROUP/GROUP with two or more different groups (e.g. gender=female/male)\n');
    const badMap = await run(['run', '--dataset', 'hf:lab/odd', '--hub', hub.url, '--hub-map', 'docs.jsonl=documents', '--task', 'test', '--model', 'bm25']);
    expect(badMap.io.err).toBe('fairground: "documents" is not a file role: use corpus, queries, qrels, qrels:<split>, twins:<attribute> (e.g. twins:gender) or ignore\n');
    const bundled = numbers(await audit(BUNDLED, 'briefs'));
    expect(numbers(await audit('hf:lab/odd', 'test', ['--hub-map', map, '--hub-groups', 'gender=female/male']))).toBe(bundled);
    // Without --hub-groups the twins records give them (female, male: by name).
    expect(numbers(await audit('hf:lab/odd', 'test', ['--hub-map', map]))).toBe(bundled);
    const notHub = await run(['run', '--dataset', BUNDLED, '--hub-map', map, '--task', 'briefs', '--model', 'bm25']);
    expect(notHub.io.err).toBe('fairground: --hub-map is for a Hub dataset: give it with --dataset hf:owner/name\n');
  }, 240_000);
});
