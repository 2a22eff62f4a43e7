/**
 * `fairground eval retrieval` beside trec_eval on the same files, in one run:
 * 10,000 queries × 1,000 ranked documents with ~20 graded judgments per query
 * (ndcg@10, P@10, MRR@10, map, recall@100), wall time (median of 3, the two
 * tools alternating) and peak RSS (GNU time's "Maximum resident set size").
 * The numbers both report (ndcg_cut_10, P_10, map, recall_100) are compared.
 *
 * trec_eval is not part of Fairground: build it from its public source
 * (https://github.com/usnistgov/trec_eval, `make`) and point TREC_EVAL at the
 * binary. Without TREC_EVAL the section says so and times Fairground alone.
 *
 * Run: TREC_EVAL=/path/to/trec_eval npm run bench -- metricsTrecEval
 * (`npm run bench -- metrics` runs it too). BENCH_QUICK=1 shrinks the files 10×.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync, createWriteStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import { createRng } from '../../src/core/stats/rng.ts';
import { emitSection, machine, machineMarkdown } from './lib/section.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = join(root, '.bench-tmp', 'trec-eval');
const QUICK = process.env.BENCH_QUICK === '1';
const Q = QUICK ? 1_000 : 10_000;
const DOCS = 1_000;
const JUDGED = 20;
const CORPUS = 1_000_003;
const RUNS = 3;
const TREC_EVAL = process.env.TREC_EVAL;
const m0 = machine();

const id = (i: number) => `D${String(i).padStart(7, '0')}`;
const qid = (q: number) => `q${String(q).padStart(5, '0')}`;

/** Writes the qrels and the run once (seeded), as TREC files. */
async function writeInputs(): Promise<{ qrels: string; run: string }> {
  mkdirSync(dataDir, { recursive: true });
  const qrels = join(dataDir, `qrels-${Q}.txt`);
  const run = join(dataDir, `run-${Q}.txt`);
  if (existsSync(qrels) && existsSync(run)) return { qrels, run };
  const rng = createRng(20261201);
  const qrelLines: string[] = [];
  const out = createWriteStream(run);
  for (let q = 0; q < Q; q++) {
    const docs = new Set<number>();
    while (docs.size < DOCS) docs.add(Math.floor(rng.next() * CORPUS));
    const list = [...docs];
    // ~20 judgments: most among the ranked documents, a few not retrieved; grades 0–3
    for (let j = 0; j < JUDGED; j++) {
      const d = j < 16 ? list[Math.floor(rng.next() * DOCS)] : Math.floor(rng.next() * CORPUS);
      qrelLines.push(`${qid(q)} 0 ${id(d)} ${Math.floor(rng.next() * 4)}`);
    }
    // scores on a coarse grid, so ties occur (both tools break them by document id)
    const scored = list.map((d) => ({ d, s: Math.round(rng.next() * 5000) / 5000 })).sort((a, b) => b.s - a.s);
    let chunk = '';
    scored.forEach((x, r) => (chunk += `${qid(q)} Q0 ${id(x.d)} ${r + 1} ${x.s.toFixed(4)} bench\n`));
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  // trec_eval wants no duplicate (query, doc) judgment: keep the last
  const seen = new Map<string, string>();
  for (const l of qrelLines) seen.set(l.split(' ').filter((_, i) => i === 0 || i === 2).join(' '), l);
  writeFileSync(qrels, [...seen.values()].join('\n') + '\n');
  return { qrels, run };
}

interface Measured {
  readonly seconds: number;
  readonly peakMiB: number;
  readonly stdout: string;
}

/** Runs a command under GNU time: wall seconds, peak RSS and its stdout. */
function measure(cmd: string, args: readonly string[]): Measured {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-v', cmd, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr);
  return { seconds, peakMiB: rss ? Number(rss[1]) / 1024 : NaN, stdout: r.stdout };
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { qrels, run } = await writeInputs();
const runMiB = statSync(run).size / 2 ** 20;
if (!existsSync(join(root, 'dist-cli', 'fairground.js'))) execFileSync('npm', ['run', 'build:cli'], { cwd: root, stdio: 'inherit' });
const fairground = [join(root, 'dist-cli', 'fairground.js'), 'eval', 'retrieval', '--qrels', qrels, '--run', run, '--k', '10,100', '--metrics', 'ndcg@10,p@10,mrr@10,map,recall@100'];
const trecArgs = ['-m', 'ndcg_cut.10', '-m', 'P.10', '-m', 'recip_rank', '-m', 'map', '-m', 'recall.100', qrels, run];

const ours: Measured[] = [];
const theirs: Measured[] = [];
for (let i = 0; i < RUNS; i++) {
  ours.push(measure(process.execPath, fairground));
  if (TREC_EVAL) theirs.push(measure(TREC_EVAL, trecArgs));
}
const mean = JSON.parse(ours[0].stdout).mean as Record<string, number>;
const lines: string[] = [];
let failed = false;
if (TREC_EVAL) {
  const te = new Map(theirs[0].stdout.trim().split('\n').map((l) => l.trim().split(/\s+/)).map(([m, , v]) => [m, Number(v)]));
  for (const [mine, ref] of [['ndcg@10', 'ndcg_cut_10'], ['p@10', 'P_10'], ['map', 'map'], ['recall@100', 'recall_100']] as const) {
    // trec_eval prints 4 decimals
    const ok = Math.abs(mean[mine] - te.get(ref)!) <= 5e-5;
    failed ||= !ok;
    lines.push(`| ${mine} | ${mean[mine].toFixed(6)} | ${te.get(ref)!.toFixed(4)} (${ref}) | ${ok ? 'agree' : 'DIFFER'} |`);
  }
}
const tOurs = median(ours.map((m) => m.seconds));
const rOurs = median(ours.map((m) => m.peakMiB));
const tTheirs = TREC_EVAL ? median(theirs.map((m) => m.seconds)) : NaN;
const rTheirs = TREC_EVAL ? median(theirs.map((m) => m.peakMiB)) : NaN;
console.log(`fairground ${tOurs.toFixed(2)} s ${rOurs.toFixed(0)} MiB; trec_eval ${tTheirs.toFixed(2)} s ${rTheirs.toFixed(0)} MiB`);

emitSection(
  [
    '## eval retrieval beside trec_eval',
    '',
    machineMarkdown(m0, 'TREC_EVAL=/path/to/trec_eval npm run bench -- metricsTrecEval', { load: m0.load.map((l) => l.toFixed(2)).join(' ') }),
    `- Load: ${Q.toLocaleString('en')} queries × ${DOCS.toLocaleString('en')} ranked documents (run file ${runMiB.toFixed(0)} MiB), ~${JUDGED} graded judgments per query; metrics ndcg@10, P@10, MRR@10, map, recall@100; median of ${RUNS} runs each, alternating${QUICK ? ' (BENCH_QUICK: 10× smaller)' : ''}`,
    `- trec_eval: ${TREC_EVAL ? 'built locally from https://github.com/usnistgov/trec_eval (not part of Fairground)' : 'not given (set TREC_EVAL): Fairground alone'}`,
    '',
    '| tool | wall time (s) | peak RSS (MiB) |',
    '| --- | ---: | ---: |',
    `| \`fairground eval retrieval\` (Node ${process.version}) | ${tOurs.toFixed(2)} | ${rOurs.toFixed(0)} |`,
    ...(TREC_EVAL ? [`| trec_eval | ${tTheirs.toFixed(2)} | ${rTheirs.toFixed(0)} |`, `| **ratio** Fairground / trec_eval | **${(tOurs / tTheirs).toFixed(2)}×** | **${(rOurs / rTheirs).toFixed(2)}×** |`] : []),
    '',
    ...(TREC_EVAL ? ['Means both report, same files:', '', '| metric | Fairground | trec_eval | |', '| --- | ---: | ---: | --- |', ...lines, ''] : []),
  ].join('\n'),
);
if (failed) process.exit(1);
