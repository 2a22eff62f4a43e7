/**
 * Benchmark of the metric core against a vectorised NumPy reference
 * (scripts/bench/metrics_ref.py), on the same seeded inputs, in one run:
 *
 * - retrieval: evaluateRetrieval (NDCG, P, MRR, Recall, MAP @10) over
 *   10,000 queries × 1,000 ranked documents (METRICS.md §1);
 * - twins: per-query twin metrics (twinQueryMetrics + summarizeTwins, the pool
 *   sorted by rankPool) over 500 queries × 5,000 documents with 1,500 twins
 *   each (§3), and the substitution ranks alone (binary search on the sorted
 *   pool against np.searchsorted);
 * - bootstrap: meanCi with 1,000 resamples over 10,000 per-query values (§6).
 *
 * Also: bootstrap memory at B = 100, 1,000, 10,000 (must be flat in B) and the
 * time per twin of substitutionRank at pool sizes 1k, 10k, 100k (O(log n)).
 * The inputs are written once as raw little-endian binaries (+ manifest.json)
 * under .bench-tmp/metrics/, which NumPy reads. Results of both sides are
 * compared; a mismatch is printed as FAIL and the process exits 1.
 *
 * Run: npm run bench -- metrics   (or node --expose-gc --import tsx scripts/bench/metrics.bench.ts)
 * BENCH_QUICK=1 shrinks the inputs 10× for a smoke test (the section says so).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scored } from '../../src/core/ranking.ts';
import type { Qrels } from '../../src/core/formats/qrels.ts';
import { createRng } from '../../src/core/stats/rng.ts';
import { evaluateRetrieval, type RetrievalEvaluation } from '../../src/core/metrics/retrieval.ts';
import { rankPool, substitutionRank, substitutionRanks, type RankedPool } from '../../src/core/metrics/rankedPool.ts';
import { twinQueryMetrics, type TwinPair, type TwinQueryMetrics } from '../../src/core/metrics/twinsKernel.ts';
import { summarizeTwins, type TwinSummary } from '../../src/core/metrics/twins.ts';
import { meanAt, meanCi } from '../../src/core/stats/meanCi.ts';
import { bootstrapCi, type Interval } from '../../src/core/stats/bootstrap.ts';
import { resampledStatistics } from '../../src/core/stats/bootstrapResamples.ts';
import { emitSection, machine, machineMarkdown, timeMedian, type Timing } from './lib/section.ts';

declare const gc: (() => void) | undefined; // with node --expose-gc (run.mjs passes it)
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = join(root, '.bench-tmp', 'metrics');
const PYTHON = '/usr/bin/python3';
const QUICK = process.env.BENCH_QUICK === '1';
const SCALE = QUICK ? 10 : 1;

const SEED = 20250917;
const RUNS = 3; // timed runs after one warm-up, both sides
/** Identifiers are 'D' + 7 digits of a corpus index < C (so code-unit order = numeric order). */
const C = 1_000_003;

const R = { queries: 10_000 / SCALE, docs: 1_000, extra: 2, k: 10, threshold: 1 };
const T = { queries: 500 / SCALE, docs: 5_000, twins: 1_500, k: 10 };
const B = { n: 10_000, resamples: 1_000 / SCALE, seed: SEED + 3 };

const m0 = machine();
const failures: string[] = [];
function check(label: string, ok: boolean, detail: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}: ${detail}`);
  if (!ok) failures.push(`${label}: ${detail}`);
}
function save(name: string, data: ArrayBufferView): void {
  writeFileSync(join(dataDir, name), new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
}
const docId = (c: number) => `D${String(c).padStart(7, '0')}`;

// ---------------------------------------------------------------- inputs --
console.log(`generating inputs (seed ${SEED})${QUICK ? ' [BENCH_QUICK: 1/10 size]' : ''} …`);
mkdirSync(dataDir, { recursive: true });

/** Retrieval: scores on a 1/4096 grid (many ties, so the id rule matters), grades 1–3 on ~4% of ranked docs. */
function makeRetrieval() {
  const rng = createRng(SEED);
  const { queries: nq, docs: nd, extra: ne } = R;
  const scores = new Float32Array(nq * nd);
  const ids = new Uint32Array(nq * nd);
  const grades = new Int8Array(nq * nd);
  const extra = new Int8Array(nq * ne);
  // bit 0: query is in the qrels; bit 1: query is in the run
  const flags = new Uint8Array(nq);
  for (let q = 0; q < nq; q++) {
    const u = rng.next();
    const inQrels = u >= 0.02; // 2%: run-only queries, ignored
    const noRelevant = u >= 0.02 && u < 0.04; // 2%: judged, nothing relevant: skipped
    const inRun = !(u >= 0.04 && u < 0.05); // 1%: judged but absent from the run: score 0
    flags[q] = (inQrels ? 1 : 0) | (inRun ? 2 : 0);
    const base = rng.int(C);
    const step = 1 + rng.int(C - 1);
    for (let j = 0; j < nd; j++) {
      const i = q * nd + j;
      ids[i] = (base + j * step) % C;
      const s = rng.int(4096) / 4096;
      scores[i] = s;
      const g = rng.next() < 0.01 + 0.06 * s ? 1 + rng.int(3) : 0;
      grades[i] = noRelevant ? 0 : g;
    }
    // judged documents that are not ranked (they count in IDCG and |R|)
    for (let e = 0; e < ne; e++) extra[q * ne + e] = noRelevant ? 0 : rng.int(3);
  }
  return { scores, ids, grades, extra, flags };
}

/** Twins: pool scores on a 1/65536 grid; a twin's score is its original's ± up to 0.05, equal in 10% of pairs. */
function makeTwins() {
  const rng = createRng(SEED + 1);
  const { queries: nq, docs: nd, twins: nt } = T;
  const scores = new Float32Array(nq * nd);
  const ids = new Uint32Array(nq * nd);
  const twinIndex = new Uint32Array(nq * nt);
  const twinScore = new Float32Array(nq * nt);
  // 0: the original d is the first group's member, 1: the twin d' is, 2: neither
  const firstGroup = new Uint8Array(nq * nt);
  const perm = new Uint32Array(nd);
  for (let q = 0; q < nq; q++) {
    const base = rng.int(C);
    const step = 1 + rng.int(C - 1);
    for (let j = 0; j < nd; j++) {
      ids[q * nd + j] = (base + j * step) % C;
      scores[q * nd + j] = rng.int(65536) / 65536;
      perm[j] = j;
    }
    for (let t = 0; t < nt; t++) {
      const r = t + rng.int(nd - t); // partial Fisher–Yates: distinct documents
      const tmp = perm[t];
      perm[t] = perm[r];
      perm[r] = tmp;
      const index = perm[t];
      const s = scores[q * nd + index];
      twinIndex[q * nt + t] = index;
      twinScore[q * nt + t] = rng.next() < 0.1 ? s : s + (rng.int(6554) - 3277) / 65536;
      const g = rng.next();
      firstGroup[q * nt + t] = g < 0.45 ? 0 : g < 0.9 ? 1 : 2;
    }
  }
  return { scores, ids, twinIndex, twinScore, firstGroup };
}

function makeBootstrapValues(): Float64Array {
  const rng = createRng(SEED + 2);
  const v = new Float64Array(B.n);
  for (let i = 0; i < B.n; i++) v[i] = rng.next() ** 2; // skewed, like per-query NDCG
  return v;
}

const ret = makeRetrieval();
const tw = makeTwins();
const bootValues = makeBootstrapValues();
for (const [name, data] of Object.entries({
  'ret_scores.f32': ret.scores,
  'ret_ids.u32': ret.ids,
  'ret_grades.i8': ret.grades,
  'ret_extra.i8': ret.extra,
  'ret_flags.u8': ret.flags,
  'tw_scores.f32': tw.scores,
  'tw_ids.u32': tw.ids,
  'tw_twin_index.u32': tw.twinIndex,
  'tw_twin_score.f32': tw.twinScore,
  'tw_first_group.u8': tw.firstGroup,
  'boot_values.f64': bootValues,
})) {
  save(name, data);
}
writeFileSync(
  join(dataDir, 'manifest.json'),
  JSON.stringify({ seed: SEED, runs: RUNS, C, retrieval: R, twins: T, bootstrap: B }, null, 2),
);

// The TS inputs in their API shapes (built outside the timed region, as a
// parser would hand them over): a run map of Scored lists and nested qrels maps.
const idCache = new Map<number, string>();
const idOf = (c: number) => {
  let s = idCache.get(c);
  if (s === undefined) idCache.set(c, (s = docId(c)));
  return s;
};
// `let`: released after the retrieval timing, so later families do not pay GC for 10M objects.
let run = new Map<string, Scored[]>();
let qrels: Qrels = new Map();
for (let q = 0; q < R.queries; q++) {
  const qid = `q${String(q).padStart(5, '0')}`;
  const docs: Scored[] = new Array(R.docs);
  const judged = new Map<string, number>();
  for (let j = 0; j < R.docs; j++) {
    const i = q * R.docs + j;
    const id = idOf(ret.ids[i]);
    docs[j] = { id, score: ret.scores[i] };
    if (ret.grades[i] > 0) judged.set(id, ret.grades[i]);
  }
  for (let e = 0; e < R.extra; e++) judged.set(`E${q}_${e}`, ret.extra[q * R.extra + e]);
  if (ret.flags[q] & 2) run.set(qid, docs);
  if (ret.flags[q] & 1) qrels.set(qid, judged);
}
idCache.clear();

const FIRST: readonly TwinPair['firstGroup'][] = ['original', 'twin', 'neither'];
const twinInputs = Array.from({ length: T.queries }, (_, q) => ({
  scores: tw.scores.subarray(q * T.docs, (q + 1) * T.docs),
  keys: tw.ids.subarray(q * T.docs, (q + 1) * T.docs), // tie keys: the corpus index orders as the identifier
  pairs: Array.from(
    { length: T.twins },
    (_, t): TwinPair => ({
      index: tw.twinIndex[q * T.twins + t],
      twinScore: tw.twinScore[q * T.twins + t],
      firstGroup: FIRST[tw.firstGroup[q * T.twins + t]],
    }),
  ),
}));

// ----------------------------------------------------------- NumPy side --
interface RefTiming {
  median: number;
  runs: number[];
  cpu_median: number;
}
interface Ref {
  versions: { python: string; numpy: string; scipy: string };
  retrieval: { timing: RefTiming; mean: Record<string, number>; n_queries: number; n_skipped: number };
  twins: {
    timing: RefTiming;
    ranks_timing: RefTiming;
    summary: { iou: number; rankShift: number; dropout: number; rbc: number; rbcPooled: number; kendallTau: number; pearson: number; queries: number; pairs: number };
    wins: [number, number];
    rank_t_sum: number;
    shift_sum: number;
  };
  bootstrap: { timing: RefTiming; mean: number; ci: [number, number]; ci_of_ts_resamples: [number, number]; peak_chunk_bytes: number };
}
/**
 * Runs the NumPy reference for one family, right after the TS side timed it,
 * so both are measured under about the same load of the (shared) machine.
 * BLAS is held to one thread, as the TS side is single-threaded.
 */
function numpy<F extends 'retrieval' | 'twins' | 'bootstrap'>(family: F): Pick<Ref, F | 'versions'> {
  console.log(`  NumPy ${family} (${PYTHON} scripts/bench/metrics_ref.py) …`);
  const py = spawnSync(PYTHON, [join(root, 'scripts', 'bench', 'metrics_ref.py'), dataDir, family], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' },
  });
  if (py.status !== 0) {
    console.error(py.stdout);
    throw new Error(`metrics_ref.py ${family} failed (exit ${py.status ?? py.signal})`);
  }
  const out = JSON.parse(py.stdout) as Pick<Ref, F | 'versions'>;
  const t = (out[family] as { timing: RefTiming }).timing;
  console.log(`  NumPy ${family} ${t.median.toFixed(1)} ms`);
  return out;
}

// ------------------------------------------------------------ TS timing --
console.log(`timing TypeScript (1 warm-up + median of ${RUNS}) …`);

let retResult: RetrievalEvaluation | undefined;
const tsRetrieval = timeMedian(() => evaluateRetrieval(run, qrels, { k: [R.k], threshold: R.threshold }), {
  runs: RUNS,
  keep: (v) => (retResult = v),
});
console.log(`  retrieval  ${tsRetrieval.median.toFixed(1)} ms`);
const refRetrieval = numpy('retrieval');
run = new Map();
qrels = new Map();
if (typeof gc === 'function') gc();

let twinResult: TwinSummary | undefined;
const tsTwins = timeMedian(
  () => {
    const perQuery: (TwinQueryMetrics | undefined)[] = new Array(T.queries);
    for (let q = 0; q < T.queries; q++) {
      const { scores, keys, pairs } = twinInputs[q];
      perQuery[q] = twinQueryMetrics(rankPool(scores, keys), pairs, T.k);
    }
    return summarizeTwins(perQuery);
  },
  { runs: RUNS, keep: (v) => (twinResult = v) },
);
console.log(`  twins      ${tsTwins.median.toFixed(1)} ms`);

const pools: RankedPool[] = twinInputs.map(({ scores, keys }) => rankPool(scores, keys));
// As the audit finds them (core/audit/retrieval/perQuery.ts): every twin of a query at once, from typed arrays.
const twinArrays = twinInputs.map(({ pairs }) => ({ index: Uint32Array.from(pairs, (p) => p.index), score: Float64Array.from(pairs, (p) => p.twinScore) }));
let rankSums = { rankT: 0, shift: 0 };
const tsRanks = timeMedian(
  () => {
    let rankT = 0;
    let shift = 0;
    for (let q = 0; q < T.queries; q++) {
      const pool = pools[q];
      const { index, score } = twinArrays[q];
      const ranks = substitutionRanks(pool, index, score);
      for (let j = 0; j < ranks.length; j++) {
        rankT += ranks[j];
        shift += Math.abs(pool.rankOf[index[j]] - ranks[j]);
      }
    }
    return { rankT, shift };
  },
  { runs: RUNS, keep: (v) => (rankSums = v) },
);
console.log(`  twin ranks ${tsRanks.median.toFixed(1)} ms`);
const refTwins = numpy('twins');

let bootResult: Interval | undefined;
const tsBoot = timeMedian(() => meanCi(bootValues, { resamples: B.resamples, seed: B.seed }), {
  runs: RUNS,
  keep: (v) => (bootResult = v),
});
console.log(`  bootstrap  ${tsBoot.median.toFixed(1)} ms`);
// The resampled means, for NumPy to check the percentile interpolation on exactly these.
save('boot_ts_resamples.f64', resampledStatistics(B.n, (idx) => meanAt(bootValues, idx), { resamples: B.resamples, seed: B.seed }));
const refBoot = numpy('bootstrap');
const ref: Ref = { ...refRetrieval, ...refTwins, ...refBoot };

// ---------------------------------------------------- bootstrap memory --
const hasGc = typeof gc === 'function';
/**
 * Live memory that a (B, n) structure would show up in: every V8 heap space
 * except the young generation's semi-space (short-lived garbage, bounded by
 * its fixed size whatever B is), plus ArrayBuffer backing stores (typed arrays).
 */
const used = () => {
  let bytes = process.memoryUsage().arrayBuffers;
  for (const s of getHeapSpaceStatistics()) if (s.space_name !== 'new_space') bytes += s.space_used_size;
  return bytes;
};
/** Peak growth of `used()` during one bootstrapCi, sampled every 64 resamples and at the end. */
function bootstrapMemory(resamples: number): { peak: number; retained: number } {
  if (hasGc) gc!();
  const base = used();
  let peak = base;
  let calls = 0;
  const ci = bootstrapCi(
    B.n,
    (idx) => {
      if ((++calls & 63) === 0) peak = Math.max(peak, used());
      return meanAt(bootValues, idx);
    },
    { resamples, seed: B.seed },
  );
  peak = Math.max(peak, used());
  if (hasGc) gc!();
  const retained = used() - base;
  if (!Number.isFinite(ci.ci[0])) throw new Error('bootstrap gave no interval');
  return { peak: peak - base, retained };
}
const memB = [100, 1_000, 10_000];
bootstrapMemory(100); // warm-up (compiles the closures)
const mem = memB.map((b) => ({ b, ...bootstrapMemory(b) }));
for (const m of mem) console.log(`  bootstrap B=${m.b}: peak +${(m.peak / 1024).toFixed(0)} KiB, retained ${(m.retained / 1024).toFixed(0)} KiB`);

// -------------------------------------------- substitution rank scaling --
function scaling(n: number) {
  const rng = createRng(SEED + 10 + n);
  const scores = new Float64Array(n);
  const keys = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    scores[i] = rng.int(1 << 20) / (1 << 20);
    keys[i] = i;
  }
  const pool = rankPool(scores, keys);
  const m = 200_000;
  const index = new Uint32Array(m);
  const newScore = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    index[j] = rng.int(n);
    newScore[j] = rng.int(1 << 20) / (1 << 20);
  }
  let sum = 0;
  const bin = timeMedian(
    () => {
      let s = 0;
      for (let j = 0; j < m; j++) s += substitutionRank(pool, index[j], newScore[j]);
      return s;
    },
    { runs: RUNS, keep: (v) => (sum = v) },
  );
  // For contrast: the same ranks by a scan over the pool per twin (fewer twins).
  const ms = Math.max(200, Math.min(m, Math.floor(2e7 / n)));
  let scanSum = 0;
  let binSum = 0;
  for (let j = 0; j < ms; j++) binSum += substitutionRank(pool, index[j], newScore[j]);
  const scan = timeMedian(
    () => {
      let s = 0;
      for (let j = 0; j < ms; j++) {
        const i = index[j];
        const v = newScore[j];
        const key = keys[i];
        let above = 0;
        for (let x = 0; x < n; x++) {
          if (x !== i && (scores[x] > v || (scores[x] === v && keys[x] > key))) above++;
        }
        s += 1 + above;
      }
      return s;
    },
    { runs: 3, keep: (v) => (scanSum = v) },
  );
  check(`scaling n=${n}`, scanSum === binSum, `binary search and scan ranks agree (Σ ${binSum} vs ${scanSum})`);
  return { n, nsBinary: (bin.median * 1e6) / m, nsScan: (scan.median * 1e6) / ms, sum };
}
const scale = [1_000, 10_000, 100_000].map(scaling);
for (const s of scale) console.log(`  substitutionRank n=${s.n}: ${s.nsBinary.toFixed(1)} ns/twin (scan ${s.nsScan.toFixed(0)} ns/twin)`);



// ------------------------------------------------------------- agreement --
const close = (a: number | undefined, b: number, tol: number) => a !== undefined && Math.abs(a - b) <= tol;
const r = retResult!;
for (const key of r.keys) {
  const a = r.mean[key];
  const b = ref.retrieval.mean[key];
  check(`retrieval ${key}`, close(a, b, 1e-9), `TS ${a} NumPy ${b} (|Δ| ${Math.abs(a - b).toExponential(1)})`);
}
check('retrieval n_queries/n_skipped', r.nQueries === ref.retrieval.n_queries && r.nSkipped === ref.retrieval.n_skipped,
  `TS ${r.nQueries}/${r.nSkipped} NumPy ${ref.retrieval.n_queries}/${ref.retrieval.n_skipped}`);

const ts = twinResult!;
check('twins Σ substitution rank', rankSums.rankT === ref.twins.rank_t_sum, `TS ${rankSums.rankT} NumPy ${ref.twins.rank_t_sum}`);
check('twins Σ |rank shift|', rankSums.shift === ref.twins.shift_sum, `TS ${rankSums.shift} NumPy ${ref.twins.shift_sum}`);
// mean rank shift: each query's shift is an integer sum over T.twins pairs, so the means agree up to summation order
for (const key of ['rankShift', 'iou', 'dropout', 'rbc', 'rbcPooled', 'kendallTau', 'pearson'] as const) {
  check(`twins ${key}`, close(ts[key], ref.twins.summary[key], 1e-9), `TS ${ts[key]} NumPy ${ref.twins.summary[key]}`);
}
check('twins queries/pairs', ts.queries === ref.twins.summary.queries && ts.pairs === ref.twins.summary.pairs,
  `TS ${ts.queries}/${ts.pairs} NumPy ${ref.twins.summary.queries}/${ref.twins.summary.pairs}`);

const bt = bootResult!;
check('bootstrap mean', close(bt.mean, ref.bootstrap.mean, 1e-12), `TS ${bt.mean} NumPy ${ref.bootstrap.mean}`);
check('bootstrap percentiles (np.percentile of the TS resamples)',
  close(bt.ci[0], ref.bootstrap.ci_of_ts_resamples[0], 1e-12) && close(bt.ci[1], ref.bootstrap.ci_of_ts_resamples[1], 1e-12),
  `TS [${bt.ci.join(', ')}] NumPy [${ref.bootstrap.ci_of_ts_resamples.join(', ')}]`);
// Different generators (xoshiro128** vs PCG64): the intervals agree only statistically.
const width = bt.ci[1] - bt.ci[0];
const ciGap = Math.max(Math.abs(bt.ci[0] - ref.bootstrap.ci[0]), Math.abs(bt.ci[1] - ref.bootstrap.ci[1]));
check('bootstrap CI vs NumPy CI (other RNG)', ciGap <= 0.15 * width, `max |Δ bound| ${ciGap.toExponential(2)} ≤ 15% of width ${width.toExponential(2)}`);

const flat = mem[2].peak <= 4 * B.n * 1_000 * 0.05; // far below a (1,000 × n) index matrix, let alone (10,000 × n)
check('bootstrap memory flat in B', flat, mem.map((m) => `B=${m.b}: +${(m.peak / 1024).toFixed(0)} KiB`).join(', '));
const logRatio = scale[2].nsBinary / scale[0].nsBinary;
check('substitution rank O(log n)', logRatio < 10, `ns/twin at 100k ÷ at 1k = ${logRatio.toFixed(2)} (a scan would be ~100)`);

// --------------------------------------------------------------- report --
const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const row = (family: string, input: string, tsT: Timing, np: RefTiming) => {
  const ratio = np.median / tsT.median;
  const cpuRatio = np.cpu_median / tsT.cpuMedian;
  const verdict = ratio >= 1 && cpuRatio >= 1 ? 'met' : ratio < 1 && cpuRatio < 1 ? '**NOT met**' : 'borderline (wall and CPU disagree)';
  return `| ${family} | ${input} | ${fmt(tsT.median)} | ${fmt(np.median)} | **${ratio.toFixed(2)}** | ${fmt(tsT.cpuMedian)} | ${fmt(np.cpu_median)} | ${cpuRatio.toFixed(2)} | ${verdict} |`;
};
const rows = [
  row('Retrieval (NDCG, P, MRR, Recall, MAP @10)', `${R.queries.toLocaleString('en')} queries × ${R.docs.toLocaleString('en')} ranked docs`, tsRetrieval, ref.retrieval.timing),
  row('Twins, all metrics (pool sort, ranks, IoU/Dropout@10, τ-b, r, RBC)', `${T.queries} queries × ${T.docs.toLocaleString('en')} docs, ${T.twins.toLocaleString('en')} twins each`, tsTwins, ref.twins.timing),
  row('Twins, substitution ranks only (pools pre-sorted; `substitutionRanks`, a query\'s twins at once)', `${(T.queries * T.twins).toLocaleString('en')} twins`, tsRanks, ref.twins.ranks_timing),
  row('Bootstrap (meanCi, percentile CI)', `B = ${B.resamples.toLocaleString('en')} × n = ${B.n.toLocaleString('en')}`, tsBoot, ref.bootstrap.timing),
];
const belowTarget = rows.filter((x) => !x.endsWith('| met |')).length;
const kib = (x: number) => `${(x / 1024).toFixed(0)} KiB`;
const mib = (x: number) => `${(x / 2 ** 20).toFixed(0)} MiB`;

const section = `## Metrics core vs NumPy: retrieval, twins, bootstrap

${machineMarkdown(m0, 'npm run bench', { 'Python': ref.versions.python, NumPy: ref.versions.numpy, SciPy: ref.versions.scipy })}
- Files: \`scripts/bench/metrics.bench.ts\` (TypeScript side, inputs, checks), \`scripts/bench/metrics_ref.py\` (NumPy side)${QUICK ? '\n- **BENCH_QUICK=1: inputs at 1/10 size; not a reference measurement.**' : ''}

The TypeScript kernels against a vectorised NumPy/SciPy reference (\`scripts/bench/metrics_ref.py\`) on the same
inputs (\`createRng(${SEED})\`, written to \`.bench-tmp/metrics/\`), from API-shaped input to the macro averages;
1 warm-up, median of ${RUNS}. Ratio = NumPy ms ÷ TS ms; the CPU columns (process CPU time, BLAS on one thread) are
less sensitive to load. A row is met when both ratios are ≥ 1.

| Family | Input | TS ms | NumPy ms | Ratio | TS CPU ms | NumPy CPU ms | CPU ratio | Target ≥ 1 |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${rows.join('\n')}

Agreement (checked on every run${failures.length ? `; **${failures.length} check(s) FAILED**: ${failures.join('; ')}` : ', all passed'}): means to 1e-9, counts and rank sums exactly; bootstrap
intervals statistically (max gap ${ciGap.toExponential(1)} for a width of ${width.toExponential(1)}).

### Bootstrap memory is flat in B

Growth of live memory during one \`bootstrapCi\` over n = ${B.n.toLocaleString('en')} values: every V8 heap
space except the young generation's semi-space (short-lived garbage, fixed in size whatever B
is) plus ArrayBuffer backing stores, from \`v8.getHeapSpaceStatistics()\` and
\`process.memoryUsage()\`, after \`gc()\`${hasGc ? '' : ' (unavailable in this run: numbers are noisy)'}, peak sampled every 64 resamples; against the
(B, n) Uint32 index matrix a non-streaming bootstrap would hold:

| B | Peak growth | Retained after | (B, n) index matrix |
| ---: | ---: | ---: | ---: |
${mem.map((m) => `| ${m.b.toLocaleString('en')} | ${kib(m.peak)} | ${kib(m.retained)} | ${mib(4 * m.b * B.n)} |`).join('\n')}

One index buffer of n is reused across resamples; what grows with B is the B statistics
themselves (8 bytes each, needed for the percentiles), not the draws.

### Substitution rank is O(log n)

\`substitutionRank\` (binary search on the pool sorted once by \`rankPool\`) per twin, median of
${RUNS} runs over 200,000 twins at each pool size; a scan of the pool per twin for contrast:

| Pool n | log2 n | Binary search, ns/twin | Scan, ns/twin |
| ---: | ---: | ---: | ---: |
${scale.map((s) => `| ${s.n.toLocaleString('en')} | ${Math.log2(s.n).toFixed(1)} | ${s.nsBinary.toFixed(1)} | ${s.nsScan.toFixed(0)} |`).join('\n')}

${belowTarget === 0 ? 'Every family meets the target (ratio ≥ 1).' : `**${belowTarget} row(s) below the target** (ratio < 1); see the profile notes after this section.`}
`;
emitSection(section);
if (failures.length > 0) {
  console.error(`\n${failures.length} agreement check(s) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
