import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile, readFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { main } from '../../../src/cli/main.ts';
import { parseResults } from '../../../src/core/audit/retrieval/results.ts';
import { memoryIo } from './memoryIo.ts';

const corpus = [
  { _id: 'xd1', text: 'quokka ranger leads kayak tours', lang: 'en' },
  { _id: 'xd2', text: 'she builds quokka habitats and kayak docks', lang: 'en' },
  { _id: 'xd3', text: 'marmot baker bakes sourdough loaves', lang: 'en' },
  { _id: 'xd4', text: 'il répare des vélos cargo électriques', lang: 'fr' },
  { _id: 'xd5', text: 'il cuisine des tartes aux mirabelles', lang: 'fr' },
  { _id: 'xd6', text: 'elle enseigne le violoncelle baroque', lang: 'fr' },
];
const queries = [
  { _id: 'xq1', text: 'quokka kayak guide', lang: 'en' },
  { _id: 'xq2', text: 'tartes mirabelles cuisine', lang: 'fr' },
  { _id: 'xq3', text: 'sourdough baker', lang: 'en' },
];
const twins = [
  { id: 'xd2', twin_id: 'xd2-twin', twin_text: 'he builds quokka habitats and kayak docks', group: 'female', twin_group: 'male', lang: 'en' },
  { id: 'xd5', twin_id: 'xd5-twin', twin_text: 'elle cuisine des tartes aux mirabelles', group: 'male', twin_group: 'female', lang: 'fr' },
];
const qrels = 'query-id\tcorpus-id\tscore\nxq1\txd1\t2\nxq1\txd2\t2\nxq2\txd5\t2\nxq3\txd3\t2\nxq3\txd1\t1\n';

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let dir = '';

async function writeDataset(root: string): Promise<void> {
  await mkdir(root, { recursive: true });
  const files: [string, string, string, Uint8Array][] = [
    ['corpus', 'corpus', 'corpus.jsonl.gz', gzipSync(jsonl(corpus))],
    ['queries', 'queries', 'queries.jsonl', new TextEncoder().encode(jsonl(queries))],
    ['qrels', 'qrels', 'qrels.tsv.gz', gzipSync(qrels)],
    ['twins', 'twins', 'twins.jsonl.gz', gzipSync(jsonl(twins))],
  ];
  const shards = [];
  for (const [name, kind, path, bytes] of files) {
    await writeFile(join(root, path), bytes);
    shards.push({ name, kind, path, bytes: bytes.length, sha256: sha(bytes) });
  }
  const manifest = {
    id: 'tiny', version: '0.1.0', title: 'tiny', languages: ['en', 'fr'],
    tasks: [
      { type: 'retrieval', name: 'search', corpus: 'corpus', queries: 'queries', qrels: 'qrels', relevance_threshold: 2, k: [3] },
      { type: 'twins', name: 'gender', of: 'search', twins: 'twins', attribute: 'gender', groups: ['female', 'male'] },
      { type: 'predictions', name: 'preds', task_kind: 'classification' },
    ],
    shards,
  };
  await writeFile(join(root, 'manifest.json'), JSON.stringify(manifest));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fairground-run-'));
  await writeDataset(join(dir, 'tiny'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function run(args: string[]) {
  const io = memoryIo({});
  const code = await main(args, io);
  return { code, io };
}

describe('fairground run', () => {
  it('audits the tiny dataset with bm25 and tfidf (repeated --model) and prints the results object', async () => {
    const { code, io } = await run(['run', '--dataset', join(dir, 'tiny'), '--task', 'search', '--model', 'bm25', '--model', 'tfidf', '--bootstrap', '20', '--seed', '3']);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    const r = parseResults(JSON.parse(io.out));
    expect(r.kind).toBe('retrieval-fairness');
    expect(r.dataset.id).toBe('tiny');
    expect(r.dataset.manifestSha256).toBe(sha(await readFile(join(dir, 'tiny', 'manifest.json'))));
    expect(r.parameters).toEqual({ k: 3, relevanceThreshold: 2, bootstrap: 20, seed: 3, groups: ['female', 'male'] });
    expect(r.environment.runtime).toBe('node');
    expect(r.subsets.map((s) => [s.task, s.twinsTask])).toEqual([['search', 'gender']]);
    const [bm25, tfidf] = r.subsets[0].models;
    expect([bm25.model.id, tfidf.model.id]).toEqual(['bm25', 'tfidf']);
    expect(bm25.nQueries).toBe(3);
    // BM25: xq1 ranks the two quokka/kayak profiles first, xq2 the tart, xq3 the baker: all at rank 1.
    expect(bm25.effectiveness!['mrr@3'].mean).toBe(1);
    expect(bm25.robustness.overall.n_pairs).toBe(6);
    expect(bm25.timing.textsEmbedded).toBe(3 + 6 + 2);
  });

  it('never prints a record identifier or a text of the dataset', async () => {
    const { io } = await run(['run', '--dataset', join(dir, 'tiny'), '--task', 'gender', '--model', 'bm25,tfidf', '--bootstrap', '5']);
    const needles = [
      ...corpus.flatMap((d) => [d._id, d.text]),
      ...queries.flatMap((q) => [q._id, q.text]),
      ...twins.flatMap((t) => [t.twin_id, t.twin_text]),
      'quokka', 'mirabelles',
    ];
    for (const n of needles) expect(io.out).not.toContain(n);
  });

  it('writes to --out and accepts a twins task name, auditing its retrieval task', async () => {
    const files: Record<string, string> = {};
    const io = memoryIo(files);
    const code = await main(['run', '--dataset', join(dir, 'tiny'), '--task', 'gender', '--model', 'bm25', '--bootstrap', '0', '--out', 'r.json'], io);
    expect(code).toBe(0);
    expect(io.out).toBe('');
    const r = parseResults(JSON.parse(files['r.json']));
    expect(r.subsets.map((s) => [s.task, s.twinsTask])).toEqual([['search', 'gender']]);
    expect(r.subsets[0].models[0].effectiveness!['ndcg@3'].ci).toEqual([NaN, NaN]); // B = 0
    expect(files['r.json']).toMatch(/"ci": \[\s*null,\s*null\s*\]/);
  });

  it('--k 1,3 gives one results object per k, each the same as a run at that k alone (GloVe embedded once)', async () => {
    const base = ['run', '--dataset', join(dir, 'tiny'), '--task', 'search', '--model', 'bm25,fairground-glove-100d', '--bootstrap', '20', '--seed', '4'];
    const both = await run([...base, '--k', '1,3']);
    expect(both.io.err).toBe('');
    const list = JSON.parse(both.io.out) as unknown[];
    expect(list).toHaveLength(2);
    const strip = (r: any) => ({ ...r, createdAt: '', subsets: r.subsets.map((s: any) => ({ ...s, models: s.models.map((m: any) => ({ ...m, timing: null })) })) });
    for (const [i, k] of [1, 3].entries()) {
      const alone = await run([...base, '--k', String(k)]);
      expect(strip(list[i]), `k = ${k}`).toEqual(strip(JSON.parse(alone.io.out)));
      expect((list[i] as any).parameters.k).toBe(k);
    }
    expect((await run([...base, '--k', '3,3'])).io.err).toMatch(/--k lists a cut-off twice/);
    expect((await run([...base, '--k', '3,x'])).io.err).toMatch(/--k must be positive integers/);
  });

  it('runs the bundled GloVe model on the tiny dataset', async () => {
    const { code, io } = await run(['run', '--dataset', join(dir, 'tiny'), '--task', 'search', '--model', 'fairground-glove-100d', '--bootstrap', '0']);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    const m = parseResults(JSON.parse(io.out)).subsets[0].models[0];
    expect(m.model).toMatchObject({ id: 'fairground-glove-100d', kind: 'embedding', dtype: 'fp32', device: 'cpu' });
    expect(m.effectiveness!['ndcg@3'].mean).toBeGreaterThan(0);
    expect(m.effectiveness!['ndcg@3'].mean).toBeLessThanOrEqual(1);
  });

  it('audits datasets/freelance-twins with bm25 (B = 50)', async () => {
    const { code, io } = await run(['run', '--dataset', 'datasets/freelance-twins', '--task', 'briefs', '--model', 'bm25', '--bootstrap', '50', '--seed', '1']);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    const r = parseResults(JSON.parse(io.out));
    expect(r.subsets.map((s) => s.twinsTask)).toEqual(['gender-briefs']);
    const m = r.subsets[0].models[0];
    expect(m.nQueries).toBe(240);
    const ndcg = m.effectiveness!['ndcg@10'];
    expect(ndcg.mean).toBeGreaterThan(0);
    expect(ndcg.mean).toBeLessThanOrEqual(1);
    expect(ndcg.ci[0]).toBeLessThanOrEqual(ndcg.ci[1]);
    expect(Object.keys(m.robustness.perLang)).toEqual(['de', 'en', 'es', 'fr', 'nl']);
    expect(Object.keys(m.robustness.perDirection)).toEqual(['female->male', 'male->female']);
    expect(m.robustness.overall.n_queries).toBe(240);
    expect(m.rankShiftHistogram.reduce((s, b) => s + b.count, 0)).toBe(m.robustness.overall.n_pairs);
  }, 60_000);
});

describe('fairground run errors (exit 2, one line on stderr)', () => {
  const expectError = async (args: string[], pattern: RegExp) => {
    const { code, io } = await run(args);
    expect(code).toBe(2);
    expect(io.err).toMatch(pattern);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(io.out).toBe('');
  };

  it('names an unknown task and lists the tasks', async () => {
    await expectError(['run', '--dataset', join(dir, 'tiny'), '--task', 'nope', '--model', 'bm25'], /unknown task "nope"; this dataset has search, gender/);
  });

  it('refuses a predictions task', async () => {
    await expectError(['run', '--dataset', join(dir, 'tiny'), '--task', 'preds', '--model', 'bm25'], /is a predictions task/);
  });

  it('names a missing dataset folder', async () => {
    await expectError(['run', '--dataset', join(dir, 'missing'), '--task', 'search', '--model', 'bm25'], /missing: cannot read dataset folder \(ENOENT\)/);
  });

  it('names the shard whose SHA-256 does not match', async () => {
    const bad = join(dir, 'bad');
    await writeDataset(bad);
    const q = await readFile(join(bad, 'queries.jsonl'), 'utf8');
    await writeFile(join(bad, 'queries.jsonl'), q.replace('guide', 'gUide'));
    await expectError(['run', '--dataset', bad, '--task', 'search', '--model', 'bm25'], /queries\.jsonl: SHA-256 mismatch for shard "queries"/);
  });

  it('rejects missing or unknown models, a decision model, another device and a bad --bootstrap', async () => {
    const base = ['run', '--dataset', join(dir, 'tiny'), '--task', 'search'];
    await expectError(base, /missing --model/);
    await expectError([...base, '--model', 'bm26'], /unknown model "bm26"/);
    await expectError([...base, '--model', 'Xenova/ms-marco-MiniLM-L-6-v2'], /is a decision model/);
    await expectError([...base, '--model', 'bm25', '--device', 'webgpu'], /--device must be cpu/);
    await expectError([...base, '--model', 'bm25', '--bootstrap', '-1'], /--bootstrap must be an integer ≥ 0/);
    await expectError([...base, '--model', 'bm25', '--k', '0'], /--k must be positive integers/);
  });
});

describe('repeatable options (args.ts)', () => {
  it('listOption(args, name) gathers every occurrence and splits commas; options keeps the last', async () => {
    const { parseArgs, listOption } = await import('../../../src/cli/args.ts');
    const args = parseArgs(['run', '--model', 'bm25,tfidf', '--model=glove', '--k', '10']);
    expect(listOption(args, 'model')).toEqual(['bm25', 'tfidf', 'glove']);
    expect(args.options.get('model')).toBe('glove');
    expect(listOption(args, 'absent')).toEqual([]);
    expect(listOption({ positional: [], options: new Map([['model', 'a,b']]) }, 'model')).toEqual(['a', 'b']);
    expect(() => listOption(parseArgs(['--model']), 'model')).toThrow(/--model needs a value/);
  });
});
