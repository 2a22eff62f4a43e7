/**
 * How the cost of a retrieval-fairness audit grows with the corpus, in the
 * CLI: synthetic dataset packages of 2k, 20k, 100k and 500k documents × 200
 * queries, twins for 10% of the documents (a pronoun swapped), graded qrels;
 * `fairground run` with BM25, character-bigram TF-IDF and the bundled GloVe
 * model (B = 100), each (size, model) in its own process under GNU time:
 * wall time, the model's own test time (results timing: embedding + scoring),
 * the rest (reading the dataset, metrics, bootstrap), peak RSS, and the
 * fitted growth exponent of each between the sizes.
 *
 * Run: npm run bench -- scale   (also runs scaleBrowser.bench.ts, the same packages in Chromium; BENCH_QUICK=1: 2k and 20k only; BENCH_SCALE_MAX=N caps the sizes)
 */
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRng } from '../../src/core/stats/rng.ts';
import { growthExponent } from './lib/growth.ts';
import { emitSection, machine, machineMarkdown } from './lib/section.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const QUICK = process.env.BENCH_QUICK === '1';
const MAX = Number(process.env.BENCH_SCALE_MAX ?? Infinity);
const SIZES = (QUICK ? [2_000, 20_000] : [2_000, 20_000, 100_000, 500_000, 1_000_000]).filter((n) => n <= MAX);
const QUERIES = 200;
const MODELS: readonly { id: string; upTo: number }[] = [
  { id: 'bm25', upTo: Infinity },
  { id: 'tfidf', upTo: 500_000 },
  { id: 'fairground-glove-100d', upTo: 500_000 },
];
const m0 = machine();

/** Common English words the bundled GloVe model knows, Zipf-weighted below. */
const WORDS = 'the of and to in a is that for it as was with be by on not he she his her this are or from at which but have an they you were their one all we can has there been if more when will would who so no time people year work team project data design software engineer manager nurse teacher sales service customer product market system development research support health care school student business client experience skills years lead build plan report analysis quality training cloud security network finance marketing operations'.split(' ');

async function writeDataset(n: number): Promise<string> {
  const dir = join(root, '.bench-tmp', 'scale', `n${n}`);
  if (existsSync(join(dir, 'manifest.json'))) return dir;
  mkdirSync(dir, { recursive: true });
  const rng = createRng(20261201 + n);
  const zipf = WORDS.map((_, i) => 1 / (i + 1));
  const total = zipf.reduce((a, b) => a + b, 0);
  const cumulative = zipf.map(((s) => (v: number) => (s += v / total))(0));
  const word = () => {
    const u = rng.next();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return WORDS[lo];
  };
  const text = (len: number) => Array.from({ length: len }, word).join(' ');
  const corpus = createWriteStream(join(dir, 'corpus.jsonl'));
  const twins = createWriteStream(join(dir, 'twins.jsonl'));
  for (let i = 0; i < n; i++) {
    const t = `${rng.next() < 0.5 ? 'she' : 'he'} ${text(40)}`;
    if (!corpus.write(`${JSON.stringify({ _id: `d${i}`, text: t })}\n`)) await once(corpus, 'drain');
    if (i % 10 === 0) {
      const female = t.startsWith('she');
      twins.write(`${JSON.stringify({ id: `d${i}`, twin_id: `d${i}-twin`, twin_text: female ? t.replace(/^she/, 'he') : t.replace(/^he/, 'she'), group: female ? 'female' : 'male', twin_group: female ? 'male' : 'female' })}\n`);
    }
  }
  corpus.end();
  twins.end();
  await Promise.all([once(corpus, 'finish'), once(twins, 'finish')]);
  const queries: string[] = [];
  const qrels = new Map<string, string>();
  for (let q = 0; q < QUERIES; q++) {
    queries.push(JSON.stringify({ _id: `q${q}`, text: text(8) }));
    for (let j = 0; j < 20; j++) {
      const pair = `q${q}\td${Math.floor(rng.next() * n)}`;
      qrels.set(pair, `${pair}\t${1 + Math.floor(rng.next() * 3)}`);
    }
  }
  writeFileSync(join(dir, 'queries.jsonl'), queries.join('\n') + '\n');
  writeFileSync(join(dir, 'qrels.tsv'), ['query-id\tcorpus-id\tscore', ...qrels.values()].join('\n') + '\n');
  const manifest = {
    id: `scale-${n}`, version: '1.0.0', title: `synthetic ${n}`, languages: ['en'],
    tasks: [
      { type: 'retrieval', name: 'main', corpus: 'corpus', queries: 'queries', qrels: 'qrels', relevance_threshold: 1, k: [10] },
      { type: 'twins', name: 'gender', of: 'main', twins: 'twins', attribute: 'gender', groups: ['female', 'male'] },
    ],
    shards: [
      { name: 'corpus', kind: 'corpus', path: 'corpus.jsonl' },
      { name: 'queries', kind: 'queries', path: 'queries.jsonl' },
      { name: 'qrels', kind: 'qrels', path: 'qrels.tsv' },
      { name: 'twins', kind: 'twins', path: 'twins.jsonl' },
    ],
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return dir;
}

interface Row {
  readonly n: number;
  readonly model: string;
  readonly wall: number;
  readonly modelSeconds: number;
  readonly peakMiB: number;
}

function runOnce(dir: string, model: string, n: number): Row {
  const args = [join(root, 'dist-cli', 'fairground.js'), 'run', '--dataset', dir, '--task', 'gender', '--model', model, '--bootstrap', '100', '--seed', '1', '--quiet'];
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-v', process.execPath, '--max-old-space-size=16384', ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${model} at ${n}: ${r.stderr.slice(-1500)}`);
  const results = JSON.parse(r.stdout);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr);
  return { n, model, wall, modelSeconds: results.subsets[0].models[0].timing.wallMs / 1000, peakMiB: rss ? Number(rss[1]) / 1024 : NaN };
}

/** The growth exponent of one model's rows (lib/growth.ts). */
function exponent(rows: readonly Row[], value: (r: Row) => number): number {
  return growthExponent(rows.map((r) => [r.n, value(r)] as const));
}

if (process.env.BENCH_SCALE_ONLY_WRITE) {
  // scaleBrowser.bench.ts asks for a package it lacks.
  await writeDataset(Number(process.env.BENCH_SCALE_ONLY_WRITE));
  process.exit(0);
}
execFileSync('npm', ['run', 'build:cli'], { cwd: root, stdio: 'inherit' });
const rows: Row[] = [];
for (const n of SIZES) {
  const dir = await writeDataset(n);
  for (const m of MODELS) {
    if (n > m.upTo) continue;
    const row = runOnce(dir, m.id, n);
    rows.push(row);
    console.log(`${m.id} n=${n}: ${row.wall.toFixed(1)} s (model ${row.modelSeconds.toFixed(1)} s), ${row.peakMiB.toFixed(0)} MiB`);
  }
}

const table = rows.map((r) => `| ${r.n.toLocaleString('en')} | ${r.model} | ${r.wall.toFixed(1)} | ${r.modelSeconds.toFixed(1)} | ${(r.wall - r.modelSeconds).toFixed(1)} | ${r.peakMiB.toFixed(0)} |`);
const fits = MODELS.map((m) => {
  const mine = rows.filter((r) => r.model === m.id);
  return `| ${m.id} | ${exponent(mine, (r) => r.wall).toFixed(2)} | ${exponent(mine, (r) => r.modelSeconds).toFixed(2)} | ${exponent(mine, (r) => r.wall - r.modelSeconds).toFixed(2)} | ${exponent(mine, (r) => r.peakMiB).toFixed(2)} |`;
});
emitSection(
  [
    '## Scale: the retrieval audit as the corpus grows (CLI)',
    '',
    machineMarkdown(m0, 'npm run bench -- scale', { load: m0.load.map((l) => l.toFixed(2)).join(' ') }),
    `- Load: synthetic packages of ${SIZES.map((n) => n.toLocaleString('en')).join(', ')} documents (40 Zipf-drawn words each) × ${QUERIES} queries, twins for 10% of the documents (the leading pronoun swapped), 20 graded judgments per query; \`fairground run --task gender --bootstrap 100\`, one process per row under GNU time${QUICK ? ' (BENCH_QUICK)' : ''}`,
    '- "model": the results\' test time of the model (embedding + scoring); "rest": wall − model (reading and checking the package, indexing, metrics, bootstrap, start-up)',
    '',
    '| documents | model | wall (s) | model (s) | rest (s) | peak RSS (MiB) |',
    '| ---: | --- | ---: | ---: | ---: | ---: |',
    ...table,
    '',
    'Growth exponent (least-squares slope of log time or memory on log documents; 1 = linear):',
    '',
    '| model | wall | model | rest | peak RSS |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...fits,
    '',
  ].join('\n'),
);
