// `fairground run --dataset hf:owner/name`: downloaded from a mock Hub (node:http) into a cache
// folder, read like a folder; Parquet and JSONL give the same audit.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { parseResults } from '../../../src/core/audit/retrieval/results.ts';
import { startMockHub } from '../../e2e/mockHub.mjs';
import { writeHubLayout } from '../../fixtures/hubDatasetFixture.ts';
import { sharedExternal } from '../../sharedExternal.ts';
import { memoryIo } from './memoryIo.ts';

const TESTS = ['run --dataset hf:… audits the Parquet and the JSONL layout of a BEIR subset with identical numbers'];
const msmarco = sharedExternal('msmarco-trecdl-subset', TESTS);

const root = mkdtempSync(join(tmpdir(), 'fairground-hubcli-'));
const cache = join(root, 'cache');
let hub: Awaited<ReturnType<typeof startMockHub>>;
let savedCache: string | undefined;

beforeAll(async () => {
  if (msmarco.skip === false) {
    writeHubLayout(msmarco.path(), join(root, 'hub/test/msmarco-jsonl'), 'jsonl');
    writeHubLayout(msmarco.path(), join(root, 'hub/test/msmarco-parquet'), 'parquet', 1500);
  }
  hub = await startMockHub({ datasets: join(root, 'hub') });
  savedCache = process.env.FAIRGROUND_CACHE_DIR;
  process.env.FAIRGROUND_CACHE_DIR = cache;
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

describe('fairground run --dataset hf:owner/name', () => {
  it.skipIf(msmarco.skip !== false)(TESTS[0], async () => {
    const audit = async (id: string) => {
      const { code, io } = await run(['run', '--dataset', `hf:${id}`, '--hub', hub.url, '--task', 'test', '--model', 'bm25', '--bootstrap', '50', '--seed', '1', '--quiet']);
      expect(io.err).toBe('');
      expect(code).toBe(0);
      return parseResults(JSON.parse(io.out));
    };
    const parquet = await audit('test/msmarco-parquet');
    const jsonl = await audit('test/msmarco-jsonl');
    expect(parquet.subsets[0].models[0].effectiveness).toEqual(jsonl.subsets[0].models[0].effectiveness);
    expect(parquet.subsets[0].models[0].effectiveness!['ndcg@10'].mean).toBeGreaterThan(0);
    // The dataset's version is the Hub commit, as the browser's manifest has it.
    const api = (await (await fetch(`${hub.url}api/datasets/test/msmarco-parquet/revision/main`)).json()) as { sha: string };
    expect(parquet.dataset).toMatchObject({ id: 'test--msmarco-parquet', version: api.sha });
    expect(readdirSync(join(cache, 'datasets/test--msmarco-parquet'))).toEqual([api.sha]);
    // A second run reads the cache: no data file is downloaded again (the card is read with the listing).
    const downloads = () => hub.requests.filter((u) => u.includes('/resolve/') && !u.endsWith('/README.md')).length;
    const before = downloads();
    await audit('test/msmarco-parquet');
    expect(downloads()).toBe(before);
  });

  it('says a dataset that is not on the Hub, or a private one, is so (exit 2)', async () => {
    // The Hub answers both 401 RepoNotFound to a client without a token.
    for (const id of ['nobody/nothing', 'private/secret']) {
      const missing = await run(['run', '--dataset', `hf:${id}`, '--hub', hub.url, '--task', 'test', '--model', 'bm25']);
      expect(missing.code).toBe(2);
      expect(missing.io.err).toBe(`fairground: hf:${id}: no dataset "${id}" on the Hub at ${hub.url}, or it is private (the Hub answers both alike). Fairground sends no token, so it reads only public datasets; download the files yourself and import the folder\n`);
    }
    const bad = await run(['run', '--dataset', 'hf:not-an-id', '--task', 'test', '--model', 'bm25']);
    expect(bad.io.err).toMatch(/is not a Hub dataset id: write owner\/name/);
  });
});
