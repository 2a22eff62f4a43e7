/**
 * The browser's run orchestration, in Node: the bundled dataset imported
 * through the real importer into fake-indexeddb, the compute worker's API
 * called directly (a fake "worker": the same function without comlink), and
 * the lexical baselines (the embedding worker cannot run in Node; the e2e
 * tests cover it). The result must equal the CLI's, number for number, and
 * its permalink payload must hold no text or id of the dataset.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freshDb } from '../../storage/fixtures.ts';
import { filesSource, importDataset } from '../../../../src/storage/index.ts';
import { computeApi } from '../../../../src/core/audit/run/compute.ts';
import { runRetrievalAudit } from '../../../../src/app/runs/retrievalRun.ts';
import type { RetrievalRunConfig } from '../../../../src/core/audit/run/runConfig.ts';
import { main } from '../../../../src/cli/main.ts';
import { memoryIo } from '../../cli/memoryIo.ts';
import { retrievalPayload } from '../../../../src/core/share/index.ts';
import { payloadStrings } from '../../../../src/core/permalink/index.ts';

const DIR = 'datasets/freelance-twins';

async function importBundled() {
  const db = await freshDb();
  const files = readdirSync(DIR).map((name) => ({ path: `freelance-twins/${name}`, file: new Blob([readFileSync(`${DIR}/${name}`)]) }));
  await importDataset(db, filesSource(files), { storage: null });
  return db;
}

const config: RetrievalRunConfig = {
  kind: 'retrieval-fairness',
  datasetId: 'freelance-twins',
  tasks: ['briefs'],
  models: [{ kind: 'bm25' }, { kind: 'tfidf' }],
  k: 10,
  bootstrap: 100,
  seed: 3,
};

function withoutRunDetails(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (k, v) => (k === 'timing' || k === 'environment' || k === 'createdAt' ? undefined : v)));
}

describe('runRetrievalAudit(config, deps, hooks)', () => {
  it('gives the same results object as `fairground run` on the same dataset', async () => {
    const db = await importBundled();
    const compute = computeApi as unknown as Parameters<typeof runRetrievalAudit>[1]['compute'];
    const done: string[] = [];
    const browser = await runRetrievalAudit(config, { db, probe: { kind: 'wasm', reason: 'test' }, compute }, { onModelDone: (key) => void done.push(key) });
    expect(done).toEqual(['bm25', 'tfidf']);

    const io = memoryIo({});
    const code = await main(['run', '--dataset', DIR, '--task', 'briefs', '--model', 'bm25,tfidf', '--bootstrap', '100', '--seed', '3'], io);
    expect(code, io.err).toBe(0);
    const cli = JSON.parse(io.out);
    const b = withoutRunDetails(browser) as { subsets: unknown[] };
    const c = withoutRunDetails(cli) as { subsets: unknown[] };
    expect(b.subsets).toEqual(c.subsets);
  }, 120_000);

  it('skips models whose results a resumed run already has', async () => {
    const db = await importBundled();
    const compute = computeApi as unknown as Parameters<typeof runRetrievalAudit>[1]['compute'];
    const first = await runRetrievalAudit(config, { db, probe: { kind: 'wasm', reason: 'test' }, compute });
    const calls: string[] = [];
    const counting = { auditModel: (...a: Parameters<typeof computeApi.auditModel>) => (calls.push(a[0].model.id), computeApi.auditModel(...a)) };
    const resumed = await runRetrievalAudit(config, { db, probe: { kind: 'wasm', reason: 'test' }, compute: counting as unknown as typeof compute }, {
      finished: { bm25: first.subsets.map((s) => s.models[0]) },
    });
    expect(calls).toEqual(['tfidf']);
    expect(withoutRunDetails(resumed)).toEqual(withoutRunDetails(first));
  }, 120_000);

  it('builds a permalink payload that holds no record id or text of the dataset', async () => {
    const db = await importBundled();
    const compute = computeApi as unknown as Parameters<typeof runRetrievalAudit>[1]['compute'];
    const results = await runRetrievalAudit(config, { db, probe: { kind: 'wasm', reason: 'test' }, compute });
    const payload = retrievalPayload(results, 'full');
    const strings = new Set(payloadStrings(payload));
    const { gunzipSync } = await import('node:zlib');
    let checked = 0;
    for (const name of readdirSync(DIR).filter((n) => n.endsWith('.jsonl.gz'))) {
      for (const line of gunzipSync(readFileSync(`${DIR}/${name}`)).toString('utf8').split('\n').filter(Boolean)) {
        const r = JSON.parse(line) as Record<string, unknown>;
        for (const f of ['_id', 'id', 'twin_id', 'text', 'twin_text', 'title']) {
          if (typeof r[f] !== 'string') continue;
          checked++;
          expect(strings.has(r[f] as string), `${name} ${f} ${String(r[f]).slice(0, 40)}`).toBe(false);
          for (const s of strings) if ((r[f] as string).length >= 12) expect(s.includes(r[f] as string)).toBe(false);
        }
      }
    }
    expect(checked).toBeGreaterThan(5000);
  }, 120_000);
});
