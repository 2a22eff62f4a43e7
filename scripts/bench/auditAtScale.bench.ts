/**
 * The audit side at scale, in the CLI: `eval retrieval` and `eval twins` read a system's run cut
 * at depth 1,000 plus its twins' scores, never the corpus. This bench shows what they cost at two
 * corpus sizes and that the cost does not grow with the corpus: 10,000 queries × 1,000 ranked
 * documents (TREC, grouped by query), ~20 graded judgments per query, 100,000 twin records and
 * the twin run (the twins of each query's ranked twinned documents), the documents drawn from a
 * corpus of 1,000,000 and of 10,000,000 identifiers. No corpus text is made: the audit reads none.
 *
 * Each query ranks 100 twinned documents (drawn from the 100,000, a fixed share of the corpus:
 * every 10th identifier at 1M, every 100th at 10M) and 900 others, so S and the twin run have the
 * same size at both corpus sizes, and identifiers the same length (8 digits): only the corpus the
 * identifiers are drawn from differs.
 *
 * Every command runs once in its own process under GNU time (`/usr/bin/time -v`: wall time and
 * "Maximum resident set size"). With BENCH_BEFORE=<git ref> the same `eval twins` is also run by
 * the CLI built from that commit (`git archive` into .bench-tmp, the work tree untouched) on the
 * full run and on its first 5,000 queries, and the outputs are compared byte for byte.
 *
 * Run: BENCH_BEFORE=<ref> npm run bench -- auditAtScale (BENCH_QUICK=1: 10× fewer queries).
 */
import { execFileSync, execSync, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRng, type Rng } from '../../src/core/stats/rng.ts';
import { emitSection, machine, machineMarkdown } from './lib/section.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = join(root, '.bench-tmp', 'audit-at-scale');
const QUICK = process.env.BENCH_QUICK === '1';
const Q = QUICK ? 1_000 : 10_000;
/** The before/after comparison also runs on the run's first PREFIX queries (the old CLI reads at most 256 MiB). */
const PREFIX = Q / 2;
const DEPTH = 1_000;
const TWINNED_PER_QUERY = 100;
const JUDGED = 20;
const TWINS = 100_000;
const CORPORA = [1_000_000, 10_000_000];
const BOOTSTRAP = 1_000;
const BEFORE = process.env.BENCH_BEFORE;
/** Peak RSS at the larger corpus over the smaller, per command, above which the bench fails. */
const MAX_GROWTH = 1.2;
const m0 = machine();

const doc = (i: number) => `D${String(i).padStart(8, '0')}`;
const twin = (i: number) => `T${String(i).padStart(8, '0')}`;
const qid = (q: number) => `q${String(q).padStart(5, '0')}`;
const LANGS = ['en', 'fr', 'de', 'es'];

interface Inputs {
  readonly run: string;
  readonly prefixRun: string;
  readonly qrels: string;
  readonly twinRun: string;
  readonly twins: string;
}

async function write(out: ReturnType<typeof createWriteStream>, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

async function close(out: ReturnType<typeof createWriteStream>): Promise<void> {
  out.end();
  await once(out, 'finish');
}

/** A score on a grid of 1/5000, so ties occur (broken by identifier). */
const gridScore = (rng: Rng) => Math.round(rng.next() * 5000) / 5000;

/** Writes one corpus size's files once (seeded; kept in .bench-tmp and reused while the parameters match). */
async function writeInputs(corpus: number): Promise<Inputs> {
  const dir = join(dataDir, `corpus-${corpus}-q${Q}`);
  const files: Inputs = {
    run: join(dir, 'run.trec'),
    prefixRun: join(dir, `run-first-${PREFIX}.trec`),
    qrels: join(dir, 'qrels.txt'),
    twinRun: join(dir, 'twin-run.trec'),
    twins: join(dir, 'twins.jsonl'),
  };
  const stamp = join(dir, 'complete');
  if (existsSync(stamp)) return files;
  mkdirSync(dir, { recursive: true });
  const stride = corpus / TWINS; // the twinned documents: every stride-th identifier
  const rng = createRng(20261203);
  const twinsOut = createWriteStream(files.twins);
  for (let j = 0; j < TWINS; j++) {
    const female = j % 2 === 0;
    const record = { id: doc(j * stride), twin_id: twin(j * stride), twin_text: 'x', group: female ? 'female' : 'male', twin_group: female ? 'male' : 'female', lang: LANGS[j % LANGS.length] };
    await write(twinsOut, `${JSON.stringify(record)}\n`);
  }
  await close(twinsOut);
  const runOut = createWriteStream(files.run);
  const prefixOut = createWriteStream(files.prefixRun);
  const twinRunOut = createWriteStream(files.twinRun);
  const qrelLines: string[] = [];
  for (let q = 0; q < Q; q++) {
    const twinned = new Set<number>();
    while (twinned.size < TWINNED_PER_QUERY) twinned.add(Math.floor(rng.next() * TWINS) * stride);
    const others = new Set<number>();
    while (others.size < DEPTH - TWINNED_PER_QUERY) {
      const d = Math.floor(rng.next() * corpus);
      if (d % stride !== 0) others.add(d);
    }
    const ranked = [...twinned, ...others].map((d) => ({ d, s: gridScore(rng) })).sort((a, b) => b.s - a.s);
    let runText = '';
    ranked.forEach((x, r) => (runText += `${qid(q)} Q0 ${doc(x.d)} ${r + 1} ${x.s.toFixed(4)} bench\n`));
    await write(runOut, runText);
    if (q < PREFIX) await write(prefixOut, runText);
    let twinText = '';
    for (const x of ranked) {
      if (x.d % stride !== 0) continue;
      // the twin's score: its original's, moved by up to ±0.05 on the same grid (ties with it occur)
      const s = Math.min(1, Math.max(0, Math.round((x.s + (rng.next() - 0.5) * 0.1) * 5000) / 5000));
      twinText += `${qid(q)} Q0 ${twin(x.d)} 0 ${s.toFixed(4)} bench\n`;
    }
    await write(twinRunOut, twinText);
    // ~20 judgments: most among the ranked documents, a few not retrieved; grades 0–3
    const judged = new Map<number, number>();
    for (let j = 0; j < JUDGED; j++) judged.set(j < 16 ? ranked[Math.floor(rng.next() * DEPTH)].d : Math.floor(rng.next() * corpus), Math.floor(rng.next() * 4));
    for (const [d, g] of judged) qrelLines.push(`${qid(q)} 0 ${doc(d)} ${g}`);
  }
  await Promise.all([close(runOut), close(prefixOut), close(twinRunOut)]);
  writeFileSync(files.qrels, `${qrelLines.join('\n')}\n`);
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  return files;
}

interface Measured {
  readonly ok: boolean;
  readonly seconds: number;
  readonly peakMiB: number;
  /** The last line of stderr when the command failed. */
  readonly error: string;
}

/** Runs the CLI under GNU time: wall seconds and peak RSS (of a failed command too). */
function measure(cli: string, args: readonly string[]): Measured {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-v', process.execPath, cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = (performance.now() - t0) / 1000;
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr);
  const error = r.stderr.split('\n').find((l) => l.startsWith('fairground:') || /Error|heap/.test(l)) ?? `exit ${r.status}`;
  return { ok: r.status === 0, seconds, peakMiB: rss ? Number(rss[1]) / 1024 : NaN, error: r.status === 0 ? '' : error.trim() };
}

/** The CLI of commit `ref`, built once into .bench-tmp from `git archive` (the work tree is not touched). */
function cliAt(ref: string): { cli: string; sha: string } {
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { cwd: root, encoding: 'utf8' }).trim();
  const dir = join(dataDir, `cli-${sha}`);
  const cli = join(dir, 'dist-cli', 'fairground.js');
  if (!existsSync(cli)) {
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${sha} src scripts/build-cli.mjs package.json | tar -x -C "${dir}"`, { cwd: root, stdio: 'inherit' });
    // node_modules resolve from the repository root above .bench-tmp
    execFileSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: dir, stdio: 'inherit' });
  }
  return { cli, sha };
}

const mib = (path: string) => statSync(path).size / 2 ** 20;
const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '–');
const n = (x: number) => x.toLocaleString('en');

execFileSync('npm', ['run', 'build:cli'], { cwd: root, stdio: 'inherit' });
const cliNow = join(root, 'dist-cli', 'fairground.js');
const headSha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();

const retrievalArgs = (f: Inputs) => ['eval', 'retrieval', '--qrels', f.qrels, '--run', f.run, '--k', '10,100', '--metrics', 'ndcg@10,p@10,mrr@10,map,recall@100'];
const twinsArgs = (f: Inputs, run: string, out: string, bootstrap: boolean) => ['eval', 'twins', '--run', run, '--twin-run', f.twinRun, '--twins', f.twins, '--k', '10', ...(bootstrap ? ['--bootstrap', String(BOOTSTRAP), '--seed', '1'] : []), '--out', out];

const COMMANDS = [
  { label: `\`eval retrieval --k 10,100\` (5 metrics)`, key: 'retrieval' },
  { label: '`eval twins --k 10`', key: 'twins' },
  { label: `\`eval twins --k 10 --bootstrap ${n(BOOTSTRAP)}\``, key: 'twinsBootstrap' },
] as const;

const inputs = new Map<number, Inputs>();
for (const corpus of CORPORA) {
  const t0 = performance.now();
  inputs.set(corpus, await writeInputs(corpus));
  console.log(`inputs for ${n(corpus)} documents ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const results = new Map<string, Measured>();
let failed = false;
for (const corpus of CORPORA) {
  const f = inputs.get(corpus)!;
  const runs: Record<(typeof COMMANDS)[number]['key'], () => Measured> = {
    retrieval: () => measure(cliNow, retrievalArgs(f)),
    twins: () => measure(cliNow, twinsArgs(f, f.run, join(dataDir, `twins-${corpus}.json`), false)),
    twinsBootstrap: () => measure(cliNow, twinsArgs(f, f.run, join(dataDir, `twins-bootstrap-${corpus}.json`), true)),
  };
  for (const c of COMMANDS) {
    const m = runs[c.key]();
    failed ||= !m.ok;
    results.set(`${corpus} ${c.key}`, m);
    console.log(`${n(corpus)} ${c.key}: ${fmt(m.seconds)} s, ${fmt(m.peakMiB, 0)} MiB${m.ok ? '' : ` FAILED: ${m.error}`}`);
  }
}
// The same report at both corpus sizes is not expected (other documents), but the same shape is.
const shapes = CORPORA.map((c) => {
  const r = JSON.parse(readFileSync(join(dataDir, `twins-${c}.json`), 'utf8'));
  return `${n(r.mean.n_queries)} queries, ${n(r.mean.n_pairs)} pairs`;
});

interface BeforeAfter {
  readonly input: string;
  readonly command: string;
  readonly before: Measured;
  readonly after: Measured;
  readonly same: string;
}
const beforeAfter: BeforeAfter[] = [];
let beforeSha = '';
if (BEFORE) {
  const { cli, sha } = cliAt(BEFORE);
  beforeSha = sha;
  const f = inputs.get(CORPORA[0])!;
  const prefix = `first ${n(PREFIX)} queries (${fmt(mib(f.prefixRun), 0)} MiB)`;
  const cases = [
    { input: prefix, run: f.prefixRun, bootstrap: false, name: 'prefix' },
    { input: prefix, run: f.prefixRun, bootstrap: true, name: 'prefix-bootstrap' },
    { input: `all ${n(Q)} queries (${fmt(mib(f.run), 0)} MiB)`, run: f.run, bootstrap: false, name: 'all' },
  ];
  for (const c of cases) {
    const outBefore = join(dataDir, `before-${sha}-${c.name}.json`);
    const outAfter = join(dataDir, `after-${c.name}.json`);
    const before = measure(cli, twinsArgs(f, c.run, outBefore, c.bootstrap));
    const after = measure(cliNow, twinsArgs(f, c.run, outAfter, c.bootstrap));
    failed ||= !after.ok;
    let same = '–';
    if (before.ok && after.ok) {
      same = readFileSync(outBefore).equals(readFileSync(outAfter)) ? 'byte-identical' : '**DIFFER**';
      failed ||= same !== 'byte-identical';
    }
    const command = c.bootstrap ? COMMANDS[2].label : COMMANDS[1].label;
    beforeAfter.push({ input: c.input, command, before, after, same });
    console.log(`${c.input} ${command}: before ${fmt(before.seconds)} s ${fmt(before.peakMiB, 0)} MiB${before.ok ? '' : ` (${before.error})`}; after ${fmt(after.seconds)} s ${fmt(after.peakMiB, 0)} MiB; ${same}`);
  }
}

const f0 = inputs.get(CORPORA[0])!;
const rows = COMMANDS.map((c) => {
  const cells = CORPORA.map((corpus) => results.get(`${corpus} ${c.key}`)!);
  const growth = cells[1].peakMiB / cells[0].peakMiB;
  // the check this bench makes: memory does not grow with the corpus (20% slack for the GC's timing)
  failed ||= !(growth <= MAX_GROWTH);
  return `| ${c.label} | ${cells.map((m) => `${fmt(m.seconds)} | ${fmt(m.peakMiB, 0)}`).join(' | ')} | ${fmt(growth, 2)}× |`;
});
const ms = (m: Measured) => (m.ok ? `${fmt(m.seconds)} s, ${fmt(m.peakMiB, 0)} MiB` : `refused (${m.error.replace(/^fairground: \S+: /, '')}) after ${fmt(m.seconds)} s, ${fmt(m.peakMiB, 0)} MiB`);

emitSection(
  [
    '## The audit side at scale: eval retrieval and eval twins on a run cut at depth 1,000 (CLI)',
    '',
    machineMarkdown(m0, `BENCH_BEFORE=<ref> npm run bench -- auditAtScale`),
    `- Load: ${n(Q)} queries × ${n(DEPTH)} ranked documents (TREC, grouped by query; run file ${fmt(mib(f0.run), 0)} MiB), ~${JUDGED} graded judgments per query, ${n(TWINS)} twin records (two directions, ${LANGS.length} languages), a twin run of ${n(Q * TWINNED_PER_QUERY)} lines (${fmt(mib(f0.twinRun), 0)} MiB: the twins of each query's ${TWINNED_PER_QUERY} ranked twinned documents); ` +
      `the documents drawn from a corpus of ${CORPORA.map(n).join(' or ')} identifiers, the twinned ones a fixed share of it (every ${CORPORA.map((c) => n(c / TWINS)).join('th or ')}th), so both sizes give files of the same size and shape (${shapes.join('; ')}). No corpus text is written or read.${QUICK ? ' (BENCH_QUICK: 10× fewer queries.)' : ''}`,
    `- Each command once, in its own process, under GNU time (\`/usr/bin/time -v\`: wall time, "Maximum resident set size"); CLI built from ${headSha} (\`npm run build:cli\`); \`eval twins\` writes its report with \`--out\`.`,
    '',
    `| command | ${CORPORA.map((c) => `${n(c)} docs: wall (s) | peak RSS (MiB)`).join(' | ')} | RSS ${n(CORPORA[1] / 1e6)}M / ${n(CORPORA[0] / 1e6)}M |`,
    `| --- | ${CORPORA.map(() => '---: | ---:').join(' | ')} | ---: |`,
    ...rows,
    '',
    `The last column is this bench's check: the bench fails when a command's peak RSS at ${n(CORPORA[1])} documents exceeds ${MAX_GROWTH}× its peak at ${n(CORPORA[0])}.`,
    '',
    ...(BEFORE
      ? [
          `Before → after: \`eval twins\` on the ${n(CORPORA[0])}-document files, by the CLI of ${beforeSha} (every file read whole: \`parseRun\`, at most 256 MiB a file) and by this one (the run streamed), one after the other; the two reports compared byte for byte:`,
          '',
          '| run | command | before | after | reports |',
          '| --- | --- | --- | --- | --- |',
          ...beforeAfter.map((b) => `| ${b.input} | ${b.command} | ${ms(b.before)} | ${ms(b.after)} | ${b.same} |`),
          '',
        ]
      : ['Before → after: not measured (set BENCH_BEFORE to a commit).', '']),
  ].join('\n'),
);
if (failed) process.exit(1);
