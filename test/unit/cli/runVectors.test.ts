/**
 * `fairground run --vectors NAME=DIR` (issue 16, embeddings computed
 * elsewhere): GloVe's vectors of the bundled dataset, computed in Node by
 * the bundled embedder, written as a folder of .npy + ids files and as one
 * of safetensors files by the test writer (test/fixtures/vectorFiles.ts),
 * audit exactly as GloVe itself (1e-12), and the results name each file
 * with its SHA-256. Bad folders are refused by name.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';
import { folderDataset } from '../../../src/cli/node/datasetPort.ts';
import { loadRetrieval, selectTasks } from '../../../src/core/audit/retrieval/data.ts';
import { idsText, npyBytes, safetensorsBytes, type VectorRows } from '../../fixtures/vectorFiles.ts';

const TWINS = 'datasets/freelance-twins';

async function cli(argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, { ...nodeIo, stdout: (t) => void (out += t), stderr: (t) => void (err += t) });
  return { code, out, err };
}

/** GloVe's vectors of the corpus, the queries and the twins of briefs, each part in the order the dataset gives it. */
async function gloveParts(): Promise<Record<'corpus' | 'queries' | 'twins', VectorRows>> {
  const { resolveModel } = await import('../../../src/cli/node/modelChoice.ts');
  const { openNodeEmbedder } = await import('../../../src/cli/node/embedderPort.ts');
  const choice = resolveModel('fairground-glove-100d');
  if (choice.kind !== 'embedding') throw new Error('GloVe is an embedding model');
  const embedder = await openNodeEmbedder(choice);
  const dataset = await folderDataset(TWINS);
  const data = await loadRetrieval(dataset.read, selectTasks(dataset.manifest, 'briefs'));
  const s = data.subsets[0].subset;
  const part = async (ids: readonly string[], texts: readonly string[], role: 'query' | 'document'): Promise<VectorRows> => {
    const v = await embedder.embed(texts, role);
    return { ids, dims: v.dims, data: v.vectors };
  };
  const parts = {
    corpus: await part(s.corpus.map((d) => d.id), data.corpusTexts, 'document'),
    queries: await part(s.queries.map((q) => q.id), data.queryTexts, 'query'),
    twins: await part(s.twins.map((t) => t.twinId), data.subsets[0].twinTexts, 'document'),
  };
  await embedder.dispose();
  return parts;
}

function writeFolder(files: Record<string, Uint8Array>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fairground-vectors-'));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
  return dir;
}

// The numbers of a model's results (the units' SHA-256 is hex, not numbers: `4e512` would read as Infinity).
const nums = (v: unknown) => JSON.stringify(v, (k, x) => (k === 'model' || k === 'timing' || k === 'unitsSha256' || k === 'verdict' ? undefined : x)).match(/-?\d+(\.\d+)?(e[-+]?\d+)?/g)!.map(Number);

describe('fairground run --vectors NAME=DIR', () => {
  let parts: Awaited<ReturnType<typeof gloveParts>>;
  beforeAll(async () => {
    parts = await gloveParts();
  }, 60_000);

  it('a folder of .npy + ids files and one of safetensors (ids in the metadata) audit exactly as GloVe (1e-12), each file named with its SHA-256', async () => {
    const npyDir = writeFolder(Object.fromEntries(Object.entries(parts).flatMap(([n, p]) => [[`${n}.npy`, npyBytes(p)], [`${n}.ids.txt`, idsText(p.ids)]])));
    const stDir = writeFolder(Object.fromEntries(Object.entries(parts).map(([n, p]) => [`${n}.safetensors`, safetensorsBytes(p)])));
    const r = await cli(['run', '--dataset', TWINS, '--task', 'briefs', '--model', 'fairground-glove-100d', '--vectors', `glove-npy=${npyDir}`, '--vectors', `glove-st@v7=${stDir}`, '--bootstrap', '50', '--seed', '4', '--quiet']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const [glove, npy, st] = JSON.parse(r.out).subsets[0].models;
    const sha = (dir: string, f: string) => createHash('sha256').update(readFileSync(join(dir, f))).digest('hex');
    expect(npy.model).toMatchObject({ id: 'vectors:glove-npy', kind: 'imported', dtype: 'fp32' });
    expect(npy.model.revision).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(npy.model.importedFiles).toEqual(['corpus.ids.txt', 'corpus.npy', 'queries.ids.txt', 'queries.npy', 'twins.ids.txt', 'twins.npy'].map((file) => ({ file, sha256: sha(npyDir, file) })));
    expect(st.model).toMatchObject({ id: 'vectors:glove-st', revision: 'v7', importedFiles: ['corpus', 'queries', 'twins'].map((n) => ({ file: `${n}.safetensors`, sha256: sha(stDir, `${n}.safetensors`) })) });
    const g = nums(glove);
    expect(g.length).toBeGreaterThan(50);
    for (const other of [npy, st]) {
      const o = nums(other);
      expect(o.length).toBe(g.length);
      g.forEach((x, i) => expect(Math.abs(x - o[i]), `number ${i}`).toBeLessThanOrEqual(1e-12));
    }
  }, 120_000);

  it('refuses a folder with missing ids, a dimension that differs between files, a float64 file — naming the file, exit 2', async () => {
    const base = () => Object.fromEntries(Object.entries(parts).flatMap(([n, p]) => [[`${n}.npy`, npyBytes(p)], [`${n}.ids.txt`, idsText(p.ids)]])) as Record<string, Uint8Array>;
    const shorter = { ...parts.queries, ids: parts.queries.ids.slice(1), data: parts.queries.data.subarray(parts.queries.dims) };
    const narrow = { ...parts.twins, dims: 50, data: Float32Array.from({ length: parts.twins.ids.length * 50 }, (_, i) => parts.twins.data[Math.floor(i / 50) * 100 + (i % 50)]) };
    const f64 = readFileSync('test/fixtures/vectors/bad-f64.npy');
    const cases: [string, Record<string, Uint8Array>, RegExp][] = [
      ['a query missing', { ...base(), 'queries.npy': npyBytes(shorter), 'queries.ids.txt': idsText(shorter.ids) }, /: no vector for these ids of the dataset: 1 \("[^"]+"\)/],
      ['another dimension', { ...base(), 'twins.npy': npyBytes(narrow) }, /twins\.npy: vectors of 50 dimensions; corpus\.npy has 100/],
      ['float64', { ...base(), 'twins.npy': new Uint8Array(f64) }, /twins\.npy: dtype <f8 \(float64\) is not supported/],
      ['no ids', Object.fromEntries(Object.entries(base()).filter(([n]) => n !== 'corpus.ids.txt')), /corpus\.npy: no ids for its rows/],
    ];
    for (const [what, files, message] of cases) {
      const r = await cli(['run', '--dataset', TWINS, '--task', 'briefs', '--vectors', `x=${writeFolder(files)}`, '--bootstrap', '0', '--quiet']);
      expect(r.code, what).toBe(2);
      expect(r.err, what).toMatch(message);
    }
  }, 120_000);
});
