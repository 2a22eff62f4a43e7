/**
 * What the group fairness of rankings (METRICS.md §12, issue 50) adds to a retrieval audit at
 * 1,000,000 documents: the same audit (core `auditSubset`, in-process: no dataset reading, so the
 * ratio is the strictest one) with every document labelled (45% female, 45% male, 10% unlabelled)
 * and with none, side by side in one process, alternating, REPS times each; Q queries whose scores
 * come from a seeded generator (ties on a 1/5000 grid), 20 graded judgments each, K = 10, B = 1000.
 * No twins: the ranking is then the cheapest (a top-k selection, not a full sort), so the share of
 * the added work is the largest it can be.
 *
 * Run: npm run bench -- groupFairness   (BENCH_QUICK=1: 100,000 documents, 2 repetitions)
 */
import { auditSubset, type AuditSubset } from '../../src/core/audit/retrieval/index.ts';
import type { QueryScores } from '../../src/core/audit/retrieval/index.ts';
import { createRng } from '../../src/core/stats/rng.ts';
import { emitSection, machine, machineMarkdown } from './lib/section.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const N = QUICK ? 100_000 : 1_000_000;
const Q = 100;
const REPS = QUICK ? 2 : 5;
const GOAL = 1.1;
const m0 = machine();

const doc = (i: number) => `D${String(i).padStart(8, '0')}`;

function subset(labelled: boolean): AuditSubset {
  const rng = createRng(11);
  const corpus = Array.from({ length: N }, (_, i) => {
    const u = rng.next();
    const group = !labelled || u < 0.1 ? undefined : u < 0.55 ? 'female' : 'male';
    return group === undefined ? { id: doc(i) } : { id: doc(i), group };
  });
  const qrels = new Map<string, Map<string, number>>();
  for (let q = 0; q < Q; q++) {
    const judged = new Map<string, number>();
    for (let j = 0; j < 20; j++) judged.set(doc(Math.floor(rng.next() * N)), 1 + Math.floor(rng.next() * 3));
    qrels.set(`q${q}`, judged);
  }
  return { task: 'bench', twinsTask: '', queries: Array.from({ length: Q }, (_, q) => ({ id: `q${q}` })), corpus, qrels, twins: [], relevanceThreshold: 1, groups: ['', ''], ...(labelled ? { groupBy: ['meta.gender'] } : {}) };
}

/** Seeded scores of every document for a query, on a 1/5000 grid (ties broken by identifier), written into one reused row. */
function scorer(): (q: number) => QueryScores {
  const row = new Float64Array(N);
  const twins = new Float64Array(0);
  return (q) => {
    const rng = createRng(1000 + q);
    for (let i = 0; i < N; i++) row[i] = Math.round(rng.next() * 5000) / 5000;
    return { corpus: row, twins };
  };
}

const model = { model: { id: 'synthetic', label: 'Synthetic scores', kind: 'bm25' as const, revision: '-', dtype: '-', device: '-' }, timing: { wallMs: 0, textsEmbedded: 0, textsCached: 0, textsPerSecond: 0 } };

function timeAudit(s: AuditSubset): { ms: number; grouped: boolean } {
  globalThis.gc?.();
  const t0 = performance.now();
  const r = auditSubset(s, [{ ...model, score: scorer() }], { k: 10, bootstrap: 1000, seed: 0 });
  return { ms: performance.now() - t0, grouped: r.models[0].groupFairness !== undefined };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const withGroups = subset(true);
const without = subset(false);
timeAudit(subset(false)); // warm-up (JIT), not counted
const on: number[] = [];
const off: number[] = [];
for (let r = 0; r < REPS; r++) {
  const a = timeAudit(without);
  const b = timeAudit(withGroups);
  if (a.grouped || !b.grouped) throw new Error('the two arms do not differ in group fairness alone');
  off.push(a.ms);
  on.push(b.ms);
  console.log(`rep ${r + 1}: without ${a.ms.toFixed(0)} ms, with ${b.ms.toFixed(0)} ms`);
}
const ratio = median(on) / median(off);
const met = ratio <= GOAL;
const fmt = (xs: number[]) => `${(median(xs) / 1000).toFixed(2)} s (${xs.map((x) => (x / 1000).toFixed(2)).join(', ')})`;
emitSection(`## Group fairness of rankings: its cost in the audit at ${N.toLocaleString('en-US')} documents (Node)

\`auditSubset\` in-process, ${Q} queries, K = 10, B = 1000, no twins (§12's largest share), labelled
45/45/10% (unlabelled) against unlabelled, alternating, ${REPS} runs each.

${machineMarkdown(m0, 'npm run bench -- groupFairness')}

| audit | median (runs) |
| --- | ---: |
| without group labels | ${fmt(off)} |
| with group fairness (§12) | ${fmt(on)} |

Ratio of the medians: **${ratio.toFixed(3)}×**.
`);
console.log(`ratio ${ratio.toFixed(3)} (goal ≤ ${GOAL}) — ${met ? 'met' : 'NOT met'}`);
if (!met) process.exitCode = 1;
