/**
 * How the cost of a retrieval-fairness audit grows with the corpus in the
 * browser: the scale bench's synthetic packages (scale.bench.ts writes them
 * under .bench-tmp/scale; made here when missing) imported from a URL into
 * IndexedDB through the Datasets view, then audited with the demo's models —
 * the bundled GloVe model, BM25 and TF-IDF, B = 1,000 — through the Run
 * path (`window.fairground.runDemoModels`), on each device path.
 *
 * Per (path, size): a fresh Chromium profile; import seconds (click → row
 * ready); per model the seconds in each status (embedding; scoring =
 * scoring + metrics + bootstrap in the compute worker); the run's wall time;
 * the page's JS heap peak (CDP); and the peak of the summed RSS of every
 * Chromium process of that browser (ps, every 500 ms: shared pages are
 * counted in each process, so this over-counts).
 *
 * Run: npm run bench -- scaleBrowser   (BENCH_SCALE_BROWSER=2000,20000@wasm,100000@wasm:bm25+tfidf
 * picks sizes, paths and models; BENCH_NO_BUILD=1 skips the stale-build check; BENCH_UA_MEMORY=1
 * also prints the page's performance.measureUserAgentSpecificMemory() peak by worker;
 * BENCH_PSS_TIMELINE=1 prints the run's PSS peak of every 5 s, with the renderer's share;
 * BENCH_SAMPLE_MS=N samples memory, threads and the page's heap every N ms instead of 500 (the
 * samplers take CPU from the run they measure: about 1 CPU-s of a 10-second run at 500);
 * BENCH_CPU_TIMELINE=1 prints the cores each thread kept busy in every second of the run (each
 * dedicated worker on its own) and the machine's idle cores (/proc/stat): where a run waits;
 * BENCH_MEMORY_DUMPS=10,20,30 asks Chromium for a memory-infra dump at those seconds of each run and prints
 * each process's memory by allocator (V8's heaps, PartitionAlloc's partitions; lib/memoryDumps.ts);
 * BENCH_SCALE_PROFILE=N traces each run with V8's sampling profiler and adds the N busiest functions
 * of each busy thread (lib/traceProfile.ts; the tracer slows the run, so its times are not the bench's:
 * build with `npx vite build --minify false` and set BENCH_NO_BUILD=1 for readable function names))
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { buildIfStale, launchPersistent, mib, sampleHeap, serve, type DevicePath } from './browser/chromium.ts';
import { serveData } from './browser/dataServer.ts';
import { growthExponent } from './lib/growth.ts';
import { cpuByFunction, startCpuTrace, type ThreadProfile } from './lib/traceProfile.ts';
import { memoryDumpText, startMemoryDumps } from './lib/memoryDumps.ts';
import { emitSection, machine, machineMarkdown } from './lib/section.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const m0 = machine();
/**
 * What to run: `N[@path+path][:model+model]`, comma-separated. By default every size up to 100k on
 * both paths with all three models, and 500k and 1M on the WASM path with all three (issue 34;
 * until then 1M with BM25 alone).
 */
const PLAN = (process.env.BENCH_SCALE_BROWSER ?? '2000,20000,100000,500000@wasm,1000000@wasm').split(',').map((entry) => {
  const m = /^(\d+)(?:@([\w+]+))?(?::([\w+]+))?$/.exec(entry.trim());
  if (!m) throw new Error(`BENCH_SCALE_BROWSER: "${entry}" is not N[@path+path][:model+model]`);
  return { n: Number(m[1]), paths: (m[2]?.split('+') ?? ['wasm', 'webgpu']) as DevicePath[], only: m[3]?.split('+') };
});
const SIZES = [...new Set(PLAN.map((p) => p.n))];
const PATHS = [...new Set(PLAN.flatMap((p) => p.paths))];
const BOOTSTRAP = 1000;
/** How often the memory, the threads' CPU and the page's heap are sampled (BENCH_SAMPLE_MS; the samplers take CPU from the run they measure). */
const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_MS ?? 500);
const failures: string[] = [];

buildIfStale();
for (const n of SIZES) {
  if (!existsSync(join(root, '.bench-tmp', 'scale', `n${n}`, 'manifest.json'))) {
    console.log(`writing the ${n.toLocaleString('en')}-document package (scale.bench.ts) …`);
    execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'bench', 'scale.bench.ts')], { env: { ...process.env, BENCH_SCALE_ONLY_WRITE: String(n) }, stdio: 'inherit' });
  }
}
const data = await serveData([{ prefix: '/', dir: join(root, '.bench-tmp', 'scale') }]);
const site = await serve([new URL(data.url).origin]);

/**
 * chromiumPids, listed again at most every 2 s: `ps` forks and walks every process, and run twice a
 * sample (memory, threads) it was most of the ~1.4 CPU-s this bench's samplers took from a
 * 10-second run. A process that has ended is skipped where it is read; a new one (Chromium starts
 * them rarely after its first second) is seen within 2 s.
 */
const pidLists = new Map<string, { at: number; pids: number[] }>();
function chromiumPids(profileDir: string): number[] {
  const last = pidLists.get(profileDir);
  if (last && performance.now() - last.at < 2000) return last.pids;
  const pids = listChromiumPids(profileDir);
  pidLists.set(profileDir, { at: performance.now(), pids });
  return pids;
}

/** The pids of the Chromium browser whose command line names `profileDir`, and of all its descendants. */
function listChromiumPids(profileDir: string): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8', maxBuffer: 1 << 26 })
    .split('\n')
    .map((l) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] }));
  const mine = new Set(rows.filter((r) => r.args.includes(profileDir) && !r.args.includes('--type=')).map((r) => r.pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) if (!mine.has(r.pid) && mine.has(r.ppid)) (mine.add(r.pid), (grew = true));
  }
  return [...mine];
}

/** Summed RSS and PSS (bytes; /proc/PID/smaps_rollup) of those processes: PSS shares each shared page among its users. `byKind`: PSS per process kind (browser, renderer, gpu-process, utility sub-type). */
function chromiumMemory(profileDir: string): { rss: number; pss: number; byKind: Record<string, number> } {
  let rss = 0;
  let pss = 0;
  const byKind: Record<string, number> = {};
  for (const pid of chromiumPids(profileDir)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      // Chromium rewrites its children's command lines into one space-separated string.
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const type = /--type=(\S+)/.exec(args)?.[1] ?? 'browser';
      const sub = /--utility-sub-type=(\S+)/.exec(args)?.[1];
      const kind = sub ? `${type}:${sub}` : type;
      const p = Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
      rss += Number(/^Rss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
      pss += p;
      byKind[kind] = (byKind[kind] ?? 0) + p;
    } catch {
      // the process ended between ps and the read
    }
  }
  return { rss, pss, byKind };
}

/** Thread groups of the CPU table, in its column order. */
const CPU_GROUPS = ['workers', 'page', 'renderer pool', 'browser', 'other'] as const;
type CpuGroup = (typeof CPU_GROUPS)[number];

/**
 * The group of one Chromium thread: `workers` the renderer's dedicated workers (the compute lanes,
 * the embedding worker, the import workers), `page` the renderer's main thread (Chromium names it
 * after the program), `renderer pool` the renderer's thread pool (V8's background compilation of
 * WebAssembly and JS, GC helpers), `browser` every thread of the browser process (IndexedDB's
 * LevelDB, the network service when in-process), `other` the rest (GPU, utility processes).
 */
function cpuGroup(kind: string, comm: string): CpuGroup {
  if (kind === 'renderer') {
    if (comm.startsWith('DedicatedWorker')) return 'workers';
    if (comm.startsWith('ThreadPool')) return 'renderer pool';
    if (comm === 'chromium' || comm === 'chrome' || comm.startsWith('CrRendererMain')) return 'page';
    return 'other';
  }
  return kind === 'browser' ? 'browser' : 'other';
}

/** CPU seconds (user + system, /proc/PID/task/TID/stat) of every thread of those processes, by "pid/tid", with its group and, for workers, the thread. */
function chromiumThreadCpu(profileDir: string): Map<string, { group: CpuGroup; seconds: number }> {
  const out = new Map<string, { group: CpuGroup; seconds: number }>();
  for (const pid of chromiumPids(profileDir)) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const kind = /--type=(\S+)/.exec(args)?.[1] ?? 'browser';
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        out.set(`${pid}/${tid}`, { group: cpuGroup(kind, comm), seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS });
      }
    } catch {
      // the process or thread ended between the listing and the read
    }
  }
  return out;
}
/** The machine's idle CPU seconds since boot, all cores (/proc/stat: idle + iowait). */
function machineIdleSeconds(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  return (Number(f[4]) + Number(f[5])) / CLOCK_TICKS;
}

/** BENCH_CPU_TIMELINE: cores busy per second of the run, by thread (each worker on its own), and the machine's idle cores. */
const CPU_TIMELINE = process.env.BENCH_CPU_TIMELINE === '1';
function cpuTimelineText(start: Map<string, { seconds: number }>, samples: readonly { at: number; threads: Map<string, { group: CpuGroup; seconds: number }>; idle: number }[]): string {
  const lines = ['  cores busy per second of the run (w1, w2, …: each dedicated worker; idle: the whole machine\'s idle cores):'];
  let prev = { at: 0, threads: start as Map<string, { group?: CpuGroup; seconds: number }>, idle: samples[0]?.idle ?? 0 };
  const workerIds: string[] = [];
  for (const s of samples) {
    if (s.at - prev.at < 0.95 && s !== samples[samples.length - 1]) continue;
    const dt = s.at - prev.at;
    const by: Record<string, number> = {};
    for (const [k, t] of s.threads) {
      const d = (t.seconds - (prev.threads.get(k)?.seconds ?? 0)) / dt;
      if (d <= 0.02) continue;
      let name: string = t.group;
      if (t.group === 'workers') {
        if (!workerIds.includes(k)) workerIds.push(k);
        name = `w${workerIds.indexOf(k) + 1}`;
      }
      by[name] = (by[name] ?? 0) + d;
    }
    lines.push(`  ${prev.at.toFixed(1)}–${s.at.toFixed(1)} s: ${Object.entries(by).sort().map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}; idle ${((s.idle - prev.idle) / dt).toFixed(2)}`);
    prev = s;
  }
  return lines.join('\n');
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds per group from `before` to `after` (threads seen only after start from 0; a thread's last sample stands for its end). */
function cpuByGroup(before: Map<string, { seconds: number }>, after: Map<string, { group: CpuGroup; seconds: number }>): { groups: Record<CpuGroup, number>; busiestWorkers: number[] } {
  const groups = Object.fromEntries(CPU_GROUPS.map((g) => [g, 0])) as Record<CpuGroup, number>;
  const workers: number[] = [];
  for (const [key, t] of after) {
    const d = t.seconds - (before.get(key)?.seconds ?? 0);
    groups[t.group] += d;
    if (t.group === 'workers' && d > 0.2) workers.push(d);
  }
  return { groups, busiestWorkers: workers.sort((a, b) => b - a) };
}

interface Row {
  readonly path: DevicePath;
  readonly n: number;
  readonly importS: number;
  readonly stages: Record<string, { embed?: number; score: number }>;
  readonly runS: number;
  readonly heapPeakMiB: number;
  readonly rssPeakMiB: number;
  readonly pssPeakMiB: number;
  /** CPU seconds over the run per thread group, and of each dedicated worker that used more than 0.2 s, busiest first. */
  readonly cpu?: { groups: Record<CpuGroup, number>; busiestWorkers: number[] };
}

const rows: Row[] = [];
/** BENCH_SCALE_PROFILE: functions shown per thread (0: no trace). */
const PROFILE_TOP = Number(process.env.BENCH_SCALE_PROFILE ?? 0);
/** BENCH_MEMORY_DUMPS: seconds into each run at which to ask Chromium for a memory-infra dump (lib/memoryDumps.ts). */
const MEMORY_DUMPS = (process.env.BENCH_MEMORY_DUMPS ?? '').split(',').filter((x) => x.trim() !== '').map(Number);
if (MEMORY_DUMPS.some((x) => !(x >= 0))) throw new Error(`BENCH_MEMORY_DUMPS: "${process.env.BENCH_MEMORY_DUMPS}" is not a list of seconds, e.g. 10,20,30`);
if (MEMORY_DUMPS.length > 0 && PROFILE_TOP > 0) throw new Error('BENCH_MEMORY_DUMPS and BENCH_SCALE_PROFILE each record a trace: set one of them');
const profiles: { path: DevicePath; n: number; runS: number; threads: ThreadProfile[] }[] = [];
for (const path of PATHS) {
  for (const { n, only } of PLAN.filter((p) => p.paths.includes(path))) {
    const id = `scale-${n}`;
    const profileDir = join(root, '.bench-tmp', 'scale-browser', `profile-${path}-${n}`);
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
    let context: BrowserContext | undefined;
    let rssPeak = 0;
    let pssPeak = 0;
    let pssAtPeak: Record<string, number> = {};
    let pssPeakAt = 0;
    let runStart = 0;
    /** Per 5 s of the run (BENCH_PSS_TIMELINE): the PSS peak and the renderer's part of it, bytes. */
    const timeline = new Map<number, { pss: number; renderer: number }>();
    // Threads' CPU, sampled with the memory (a thread's CPU is kept from its last sample, so one that ends keeps its total).
    const threads = new Map<string, { group: CpuGroup; seconds: number }>();
    /** BENCH_CPU_TIMELINE: each sample's time into the run, every thread's CPU then, and the machine's idle CPU seconds (/proc/stat). */
    const cpuTimeline: { at: number; threads: Map<string, { group: CpuGroup; seconds: number }>; idle: number }[] = [];
    const sampleThreads = () => {
      const now = chromiumThreadCpu(profileDir);
      for (const [k, v] of now) threads.set(k, v);
      if (CPU_TIMELINE && runStart > 0) cpuTimeline.push({ at: (performance.now() - runStart) / 1000, threads: new Map(threads), idle: machineIdleSeconds() });
    };
    const rssTimer = setInterval(() => {
      sampleThreads();
      const m = chromiumMemory(profileDir);
      rssPeak = Math.max(rssPeak, m.rss);
      if (m.pss > pssPeak) (pssPeak = m.pss), (pssAtPeak = m.byKind), (pssPeakAt = performance.now());
      if (runStart > 0) {
        const slot = Math.floor((performance.now() - runStart) / 5000) * 5;
        if (m.pss > (timeline.get(slot)?.pss ?? 0)) timeline.set(slot, { pss: m.pss, renderer: m.byKind.renderer ?? 0 });
      }
    }, SAMPLE_MS);
    try {
      context = await launchPersistent(profileDir, path);
      const page = context.pages()[0] ?? (await context.newPage());
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${site.url}#/datasets`);
      await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
      const heap = await sampleHeap(page, SAMPLE_MS);
      await page.locator('#dataset-url').fill(`${data.url}n${n}/`);
      const t0 = performance.now();
      await page.locator('form.url:has(#dataset-url) button[type="submit"]').click();
      const ready = page.locator(`[data-testid="dataset-list"] tr[data-dataset-id="${id}"][data-state="ready"]`);
      const banner = page.getByTestId('error-banner');
      await ready.or(banner).first().waitFor({ timeout: 1_800_000 });
      if (await banner.isVisible()) throw new Error(`import failed: ${await banner.textContent()}`);
      const importS = (performance.now() - t0) / 1000;
      if (process.env.BENCH_UA_MEMORY)
        await page.evaluate(() => {
          const w = window as unknown as { __mem?: { bytes: number; parts: Record<string, number> }; __memTimer?: number };
          const measure = (performance as unknown as { measureUserAgentSpecificMemory?: () => Promise<{ bytes: number; breakdown: { bytes: number; attribution: { url?: string; scope?: string }[]; types: string[] }[] }> }).measureUserAgentSpecificMemory;
          if (!measure) return;
          let busy = false;
          w.__memTimer = window.setInterval(async () => {
            if (busy) return;
            busy = true;
            try {
              const r = await measure.call(performance);
              if (!w.__mem || r.bytes > w.__mem.bytes) {
                const parts: Record<string, number> = {};
                for (const b of r.breakdown) {
                  const name = b.attribution.map((a) => `${a.scope ?? ''}:${(a.url ?? '').replace(/^.*\//, '')}`).join('+') || b.types.join('+') || 'other';
                  parts[name] = (parts[name] ?? 0) + b.bytes;
                }
                w.__mem = { bytes: r.bytes, parts };
              }
            } finally {
              busy = false;
            }
          }, 2000);
        });
      sampleThreads();
      const cpuBefore = new Map([...threads].map(([k, v]) => [k, { seconds: v.seconds }]));
      const tracing = PROFILE_TOP > 0 ? await startCpuTrace(context, page) : undefined;
      const dumps = MEMORY_DUMPS.length > 0 ? await startMemoryDumps(context, page, MEMORY_DUMPS) : undefined;
      const benchCpu0 = process.cpuUsage();
      runStart = performance.now();
      dumps?.start();
      const run = (await page.evaluate(
        ([datasetId, bootstrap, only]) => (window as any).fairground.runDemoModels(datasetId, 'main', { bootstrap, only }),
        [id, BOOTSTRAP, only] as const,
      )) as { runId?: string; ms: number; stages: Record<string, Record<string, number>>; error?: string };
      sampleThreads();
      if (tracing) profiles.push({ path, n, runS: run.ms / 1000, threads: cpuByFunction(await tracing.stop(), PROFILE_TOP) });
      if (dumps) {
        const { requests, dumps: taken } = await dumps.stop();
        console.log(memoryDumpText(requests, taken));
      }
      const cpu = cpuByGroup(cpuBefore, threads);
      if (CPU_TIMELINE) console.log(cpuTimelineText(cpuBefore, cpuTimeline));
      const own = process.cpuUsage(benchCpu0);
      console.log(`  this bench's own process (its samplers, the data server) over the run: ${((own.user + own.system) / 1e6).toFixed(2)} CPU-s`);
      const { peak } = await heap.stop();
      console.log(`  memory peak ${((pssPeakAt - runStart) / 1000).toFixed(1)} s into the run; statuses entered (s): ${JSON.stringify(Object.fromEntries(Object.entries(run.stages).map(([k, v]) => [k, Object.fromEntries(Object.entries(v).map(([st, ms]) => [st, +(ms / 1000).toFixed(1)]))])))}`);
      if (process.env.BENCH_PSS_TIMELINE) console.log(`  PSS peak per 5 s (MiB, renderer in brackets): ${[...timeline].map(([t, v]) => `${t}s ${mib(v.pss).toFixed(0)} (${mib(v.renderer).toFixed(0)})`).join(', ')}`);
      if (process.env.BENCH_UA_MEMORY) console.log('measureUserAgentSpecificMemory peak:', JSON.stringify(await page.evaluate(() => (window as unknown as { __mem?: unknown }).__mem)));
      if (!run.runId) throw new Error(`the run did not finish: ${run.error ?? 'no run id'}`);
      const stages: Row['stages'] = {};
      for (const [key, s] of Object.entries(run.stages)) {
        const end = s.done ?? run.ms;
        stages[key] = { ...(s.embedding !== undefined ? { embed: ((s.scoring ?? end) - s.embedding) / 1000 } : {}), score: (end - (s.scoring ?? end)) / 1000 };
      }
      if (errors.length) failures.push(`${path} ${n}: page errors: ${errors.join(' | ').slice(0, 300)}`);
      const row: Row = { path, n, importS, stages, runS: run.ms / 1000, heapPeakMiB: mib(peak), rssPeakMiB: mib(rssPeak), pssPeakMiB: mib(pssPeak), cpu };
      console.log(`  CPU s over the run: ${CPU_GROUPS.map((g) => `${g} ${cpu.groups[g].toFixed(1)}`).join(', ')}; workers ${cpu.busiestWorkers.map((x) => x.toFixed(1)).join(' / ')}`);
      rows.push(row);
      console.log(`[${path}] n=${n}: import ${importS.toFixed(1)} s, run ${row.runS.toFixed(1)} s, heap ${row.heapPeakMiB.toFixed(0)} MiB, Chromium RSS ${row.rssPeakMiB.toFixed(0)} MiB, PSS ${row.pssPeakMiB.toFixed(0)} MiB (${Object.entries(pssAtPeak).map(([k, v]) => `${k} ${mib(v).toFixed(0)}`).join(', ')})`, JSON.stringify(stages));
    } catch (e) {
      failures.push(`${path} ${n}: ${(e as Error).message.split('\n')[0]}`);
      console.log(`[${path}] n=${n}: FAILED ${(e as Error).message}`);
    } finally {
      clearInterval(rssTimer);
      await context?.close();
      rmSync(profileDir, { recursive: true, force: true });
    }
  }
}
await data.close();
await site.close();

/** The growth exponent of the rows of one path, two decimals ('–' without two points). */
function exponent(points: readonly (readonly [number, number])[]): string {
  const e = growthExponent(points);
  return Number.isNaN(e) ? '–' : e.toFixed(2);
}

const GLOVE = 'bundled:fairground-glove-100d';
const s = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(1));
const table = rows.map((r) => `| ${r.path} | ${r.n.toLocaleString('en')} | ${s(r.importS)} | ${s(r.stages[GLOVE]?.embed)} | ${s(r.stages[GLOVE]?.score)} | ${s(r.stages.bm25?.score)} | ${s(r.stages.tfidf?.score)} | **${s(r.runS)}** | ${r.heapPeakMiB.toFixed(0)} | ${r.pssPeakMiB.toFixed(0)} | ${r.rssPeakMiB.toFixed(0)} |`);
const fits = PATHS.map((path) => {
  const mine = rows.filter((r) => r.path === path);
  const fit = (v: (r: Row) => number | undefined) => exponent(mine.map((r) => [r.n, v(r) ?? 0] as const));
  return `| ${path} | ${fit((r) => r.importS)} | ${fit((r) => r.stages[GLOVE]?.embed)} | ${fit((r) => r.stages[GLOVE]?.score)} | ${fit((r) => r.stages.bm25?.score)} | ${fit((r) => r.stages.tfidf?.score)} | ${fit((r) => r.runS)} | ${fit((r) => r.pssPeakMiB)} |`;
});
const cpuTable = rows
  .filter((r) => r.cpu)
  .map((r) => {
    const { groups, busiestWorkers } = r.cpu!;
    const total = CPU_GROUPS.reduce((a, g) => a + groups[g], 0);
    return `| ${r.path} | ${r.n.toLocaleString('en')} | ${s(r.runS)} | ${CPU_GROUPS.map((g) => s(groups[g])).join(' | ')} | **${s(total)}** | ${(total / r.runS).toFixed(2)} | ${busiestWorkers.slice(0, 4).map((x) => x.toFixed(1)).join(' / ')} |`;
  });
const chromium = (() => {
  try {
    return execFileSync('chromium', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'Chromium';
  }
})();
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
/** BENCH_SCALE_PROFILE's table: per traced run, each busy thread's CPU and its busiest functions. */
function profileMarkdown(): string[] {
  if (profiles.length === 0) return [];
  const role = (t: ThreadProfile) => (t.thread === 'CrRendererMain' ? 'page' : t.thread.startsWith('DedicatedWorker') ? `worker (${t.script || '?'})` : t.thread);
  return [
    `Where the CPU went (BENCH_SCALE_PROFILE=${PROFILE_TOP}: these runs were traced with V8's sampling profiler, which slows them — their run times are not the tables' above): seconds each thread was sampled busy, and its busiest functions by self time. "(program)" is the VM's own work on that thread (messages and their structured clones, IndexedDB's values), "(garbage collector)" V8's collections there.`,
    '',
    '| path | documents | run (s, traced) | thread | busy (s) | busiest functions (self s) |',
    '| --- | ---: | ---: | --- | ---: | --- |',
    ...profiles.flatMap((p) => p.threads.map((t) => `| ${p.path} | ${p.n.toLocaleString('en')} | ${p.runS.toFixed(1)} | ${role(t)} | ${t.busySeconds.toFixed(2)} | ${t.top.map((f) => `${f.fn} ${f.seconds.toFixed(2)}`).join(', ')} |`)),
    '',
  ];
}

emitSection(
  [
    '## Scale: the retrieval audit as the corpus grows (Chromium)',
    '',
    machineMarkdown(m0, 'npm run bench -- scaleBrowser', { chromium, fairground: version }),
    `- Load: ${PLAN.map((p) => `${p.n.toLocaleString('en')}${p.only ? ` (${p.only.join('+')})` : ''}`).join(', ')} documents × 200 queries, twins for 10%, imported through the Datasets view into IndexedDB on a fresh profile, then GloVe, BM25 and TF-IDF on the \`gender\` task (k = 10, B = ${BOOTSTRAP}) through the Run view's code path (\`window.fairground.runDemoModels\`). Paths: ${PATHS.join(', ')} (webgpu here is SwiftShader: functional only).`,
    '- Stage seconds from the run\'s statuses; the stages overlap (two compute lanes beside the embedding; core/audit/run/lanes.ts), so they do not add up to the run. Page heap = the page\'s JS heap peak; Chromium PSS = peak of the summed proportional set size of all the browser\'s processes (500 ms samples); RSS sum counts shared pages in every process.',
    '',
    '| path | documents | import (s) | GloVe embed (s) | GloVe audit (s) | BM25 audit (s) | TF-IDF audit (s) | run (s) | page heap (MiB) | Chromium PSS (MiB) | Chromium RSS sum (MiB) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...table,
    '',
    'Growth exponent per stage (least-squares slope of log seconds, or log MiB, on log documents; 1 = linear):',
    '',
    '| path | import | GloVe embed | GloVe audit | BM25 audit | TF-IDF audit | run | PSS |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...fits,
    '',
    `CPU seconds of Chromium's threads over the run (/proc/PID/task/TID/stat): workers = compute lanes and embedding worker; page = the renderer's main thread; renderer pool = V8's background compilers and GC helpers; browser = the browser process (IndexedDB); other = GPU and utility. Cores busy = total ÷ run (${m0.nproc} = every core).`,
    '',
    `| path | documents | run (s) | ${CPU_GROUPS.join(' | ')} | total CPU (s) | cores busy | busiest workers (s) |`,
    `| --- | ---: | ---: | ${CPU_GROUPS.map(() => '---:').join(' | ')} | ---: | ---: | --- |`,
    ...cpuTable,
    '',
    ...profileMarkdown(),
    ...(failures.length ? ['Failures:', '', ...failures.map((f) => `- ${f}`), ''] : []),
  ].join('\n'),
);
if (failures.length) process.exit(1);
