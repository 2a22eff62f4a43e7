// `fairground run --dataset hf:…` against a mock Hub that answers as huggingface.co does (LFS files
// redirected to a CDN origin, text files gzip-encoded, 401 RepoNotFound, gated listings): every
// layout MTEB datasets have on the Hub gives the BM25 audit of the plain BEIR folder, number for
// number; a gated dataset, a missing revision and a partial Parquet conversion are refused
// before any data file is downloaded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { parseResults } from '../../../src/core/audit/retrieval/results.ts';
import { startMockHub } from '../../e2e/mockHub.mjs';
import { writeHubLayout } from '../../fixtures/hubDatasetFixture.ts';
import type { HubLayout } from '../../fixtures/hubDatasetFixture.ts';
import { sharedExternal } from '../../sharedExternal.ts';
import { memoryIo } from './memoryIo.ts';

const TESTS = ['each Hub layout of a BEIR subset (BEIR files, push_to_hub folders, qrels twice with and without the card, the Parquet conversion) gives the BEIR folder\'s BM25 audit'];
const beir = sharedExternal('beir-dbpedia-entity-subset', TESTS);
const LAYOUTS: readonly HubLayout[] = ['jsonl', 'parquet', 'twice', 'twice-no-card', 'converted'];

const root = mkdtempSync(join(tmpdir(), 'fairground-hublayouts-'));
let hub: Awaited<ReturnType<typeof startMockHub>>;
let savedCache: string | undefined;

beforeAll(async () => {
  if (beir.skip === false) {
    for (const layout of [...LAYOUTS, 'partial' as const]) writeHubLayout(beir.path(), join(root, `hub/layouts/${layout}`), layout, 700);
    writeHubLayout(beir.path(), join(root, 'hub/gated/dbpedia'), 'jsonl');
  }
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

/** The audit's numbers: the subsets' models without timings. */
async function bm25(dataset: string): Promise<string> {
  const { code, io } = await run(['run', '--dataset', dataset, ...(dataset.startsWith('hf:') ? ['--hub', hub.url] : []), '--task', 'test', '--model', 'bm25', '--bootstrap', '50', '--seed', '1', '--quiet']);
  expect(io.err).toBe('');
  expect(code).toBe(0);
  return JSON.stringify(parseResults(JSON.parse(io.out)).subsets.map((s) => s.models), (k, v) => (k === 'timing' ? undefined : v));
}

const dataDownloads = (from: number) => hub.requests.slice(from).filter((u) => u.includes('/resolve/') && !u.endsWith('/README.md'));

describe('fairground run --dataset hf:… against a mock Hub that answers as the real one', () => {
  it.skipIf(beir.skip !== false)(TESTS[0], async () => {
    const folder = await bm25(beir.path());
    expect((folder.match(/\d\.\d+/g) ?? []).length).toBeGreaterThan(10);
    for (const layout of LAYOUTS) {
      const cdnBefore = hub.cdnRequests.length;
      expect(await bm25(`hf:layouts/${layout}`), layout).toBe(folder);
      // The Parquet files came from the CDN origin the Hub redirected them to.
      if (layout !== 'jsonl' && layout !== 'twice-no-card' && layout !== 'twice') expect(hub.cdnRequests.length, layout).toBeGreaterThan(cdnBefore);
    }
  }, 300_000);

  it.skipIf(beir.skip !== false)('names a gated dataset as gated, a revision the dataset lacks, and a partial Parquet conversion, before any data file is downloaded (exit 2)', async () => {
    const before = hub.requests.length;
    const gated = await run(['run', '--dataset', 'hf:gated/dbpedia', '--hub', hub.url, '--task', 'test', '--model', 'bm25']);
    expect(gated.code).toBe(2);
    expect(gated.io.err).toMatch(/^fairground: hf:gated\/dbpedia: "gated\/dbpedia" is a gated dataset on the Hub \(access "manual"\): its files are given only to signed-in users its authors let in\. Fairground sends no token/);
    const revision = await run(['run', '--dataset', 'hf:layouts/jsonl@v9', '--hub', hub.url, '--task', 'test', '--model', 'bm25']);
    expect(revision.io.err).toBe(`fairground: hf:layouts/jsonl@v9: "layouts/jsonl" has no revision "v9" on the Hub at ${hub.url}\n`);
    const partial = await run(['run', '--dataset', 'hf:layouts/partial', '--hub', hub.url, '--task', 'test', '--model', 'bm25']);
    expect(partial.code).toBe(2);
    expect(partial.io.err).toMatch(/^fairground: hf:layouts\/partial: "layouts\/partial" holds only part of a split here: default\/partial-test\/ \(split "test"\) is the Hub's partial Parquet conversion, .*import the dataset's own files instead/);
    expect(dataDownloads(before)).toEqual([]);
    expect(hub.requests.slice(before).filter((u) => u.includes('/gated/'))).toEqual(['/api/datasets/gated/dbpedia/revision/main']);
  });
});
