/**
 * Browser side of the browser benchmarks: Debian's Chromium through
 * playwright-core with the e2e harness's flags (test/e2e/browser.ts), the
 * site built when stale and served like `npm start`, and CDP samplers for
 * the page's JS heap and the CPU time of Chromium's processes.
 */
import { spawnSync } from 'node:child_process';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

// Plain-JS helpers shared with `npm start` and the e2e harness (typed here by hand).
const freshness: { buildIsStale(root?: string): boolean } = await import('../../lib/freshness.mjs' as string);
const serving: { serveSite(o?: { port?: number; connect?: string[] }): Promise<{ url: string; close(): Promise<void> }> } = await import('../../lib/serve.mjs' as string);

export type DevicePath = 'webgpu' | 'wasm';

import { BASE_FLAGS, WEBGPU_FLAGS, chromiumPath } from '../../../test/e2e/chromium.ts';

export { BASE_FLAGS, chromiumPath };


export function flagsFor(path: DevicePath): string[] {
  return [...BASE_FLAGS, ...(path === 'webgpu' ? WEBGPU_FLAGS : [])];
}

export function launch(path: DevicePath): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: flagsFor(path) });
}

/** A persistent context on a fresh profile folder: IndexedDB on disk, as for a user (an incognito context keeps it in memory). */
export function launchPersistent(userDataDir: string, path: DevicePath): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { executablePath: chromiumPath(), headless: true, args: flagsFor(path) });
}

/** Builds the site (and CLI) when dist/ is older than its sources (BENCH_NO_BUILD=1 skips); returns the build time in ms or undefined. */
export function buildIfStale(): number | undefined {
  if (process.env.BENCH_NO_BUILD === '1' || !freshness.buildIsStale()) return undefined;
  console.log('building the site (dist/ is stale) …');
  const t0 = performance.now();
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm run build failed (exit ${r.status ?? r.signal})`);
  return performance.now() - t0;
}

export async function serve(connect?: readonly string[]): Promise<{ url: string; close: () => Promise<void> }> {
  // `connect`: origins the page must reach besides its own (the site's Content-Security-Policy lists them).
  return serving.serveSite({ port: 0, ...(connect ? { connect: [...connect] } : {}) });
}

/**
 * Samples the page's main-thread JS heap (Runtime.getHeapUsage) every `everyMs`; `stop()` returns the
 * peak and samples. With `liveEveryMs`, also forces a garbage collection (HeapProfiler.collectGarbage)
 * that often and reads the heap right after it: `livePeak` is then the most memory the page really
 * held, without the garbage V8 lets pile up between its own collections.
 */
export async function sampleHeap(page: Page, everyMs = 250, liveEveryMs?: number) {
  const cdp = await page.context().newCDPSession(page);
  const read = async () => ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
  const samples: number[] = [];
  const live: number[] = [];
  let peak = 0;
  const busy = { sample: false, live: false };
  const tick = async (collect = false) => {
    const which = collect ? 'live' : 'sample';
    if (busy[which]) return;
    busy[which] = true;
    try {
      if (collect) await cdp.send('HeapProfiler.collectGarbage');
      const used = await read();
      (collect ? live : samples).push(used);
      if (!collect) peak = Math.max(peak, used);
    } catch {
      // page navigating or closing: skip this sample
    } finally {
      busy[which] = false;
    }
  };
  await tick();
  const timer = setInterval(() => void tick(), everyMs);
  const liveTimer = liveEveryMs ? setInterval(() => void tick(true), liveEveryMs) : undefined;
  return {
    cdp,
    async stop() {
      clearInterval(timer);
      clearInterval(liveTimer);
      await tick();
      return { peak, samples: [...samples], livePeak: live.length ? Math.max(...live) : undefined, live: [...live] };
    },
  };
}

/** CPU seconds used so far by each kind of Chromium process (browser, renderer, GPU, utility…), via SystemInfo.getProcessInfo. */
export async function processCpu(session: CDPSession): Promise<Map<string, number>> {
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number; cpuTime: number }[] };
  const byType = new Map<string, number>();
  for (const p of processInfo) byType.set(p.type, (byType.get(p.type) ?? 0) + p.cpuTime);
  return byType;
}

/** The difference of two processCpu readings, per process type. */
export function cpuDelta(after: Map<string, number>, before: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, v] of after) out.set(k, v - (before.get(k) ?? 0));
  return out;
}

export const mib = (bytes: number) => bytes / 2 ** 20;

/** CPU seconds of one thread of a Chromium process, read from Linux's /proc. */
export interface ThreadCpu {
  /** Process type as CDP names it (browser, renderer, GPU, a utility's service). */
  readonly process: string;
  readonly pid: number;
  readonly tid: number;
  /** The thread's name (/proc/PID/task/TID/comm: CrRendererMain, DedicatedWorker thread, …). */
  readonly name: string;
  /** User + system CPU seconds so far. */
  readonly cpu: number;
}

/**
 * CPU seconds of every thread of every Chromium process so far, from /proc/PID/task/TID/stat
 * (utime + stime, in clock ticks of 1/100 s): where CDP's per-process figure lands, thread by
 * thread. Linux only; an empty list elsewhere or when a process is gone.
 */
export async function threadCpu(session: CDPSession): Promise<ThreadCpu[]> {
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  const { readdirSync, readFileSync } = await import('node:fs');
  const out: ThreadCpu[] = [];
  for (const p of processInfo) {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${p.id}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${p.id}/task/${tid}/stat`, 'utf8');
        // Fields after the parenthesised name: state is field 3; utime and stime are fields 14 and 15.
        const close = stat.lastIndexOf(')');
        const name = stat.slice(stat.indexOf('(') + 1, close);
        const f = stat.slice(close + 2).split(' ');
        out.push({ process: p.type, pid: p.id, tid: Number(tid), name, cpu: (Number(f[11]) + Number(f[12])) / 100 });
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return out;
}

/**
 * Samples threadCpu every `everyMs` and keeps each thread's last reading, so that threads which
 * end before `stop()` (an import worker's, once its import is over) still count up to their last
 * sample. `stop()` gives, per process type and thread name (threads of the same name summed), the
 * CPU seconds since `start` (a thread born later counts from 0).
 */
export function sampleThreadCpu(session: CDPSession, everyMs = 200) {
  const first = new Map<string, number>();
  const last = new Map<string, ThreadCpu>();
  let busy = false;
  let started = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const t of await threadCpu(session)) {
        const id = `${t.pid}/${t.tid}`;
        if (!started) first.set(id, t.cpu);
        last.set(id, t);
      }
      started = true;
    } catch {
      // the browser is closing: keep what was read
    } finally {
      busy = false;
    }
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    async start() {
      await tick();
      timer = setInterval(() => void tick(), everyMs);
    },
    async stop(): Promise<Map<string, number>> {
      clearInterval(timer);
      while (busy) await new Promise((r) => setTimeout(r, 5));
      await tick();
      const out = new Map<string, number>();
      for (const [id, t] of last) {
        const key = `${t.process}: ${t.name}`;
        out.set(key, (out.get(key) ?? 0) + t.cpu - (first.get(id) ?? 0));
      }
      return out;
    },
  };
}

/**
 * The whole machine's CPU so far, from Linux's /proc/stat (first line, in clock ticks of 1/100 s):
 * busy = user + nice + system + irq + softirq + steal, idle = idle + iowait. Seconds summed over
 * the cores. Busy cores over an interval = Δbusy ÷ wall seconds. Undefined off Linux.
 */
export async function machineCpu(): Promise<{ busy: number; idle: number } | undefined> {
  const { readFileSync } = await import('node:fs');
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = f;
    return { busy: (user + nice + system + irq + softirq + steal) / 100, idle: (idle + iowait) / 100 };
  } catch {
    return undefined;
  }
}

/**
 * Traces the User Timing measures of every Chromium process (CDP Tracing, category
 * blink.user_timing) until `stop()`, which gives, per "tid name", their count and summed duration
 * in ms (the measures of a worker thread under its own tid).
 */
export async function traceUserTiming(session: CDPSession) {
  const events: { name: string; ph: string; ts: number; tid: number; id?: string; id2?: { local?: string } }[] = [];
  const onData = (e: { value: object[] }) => events.push(...(e.value as typeof events));
  session.on('Tracing.dataCollected', onData);
  await session.send('Tracing.start', { traceConfig: { includedCategories: ['blink.user_timing'] }, transferMode: 'ReportEvents' });
  return {
    async stop(): Promise<Map<string, { n: number; ms: number }>> {
      const done = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
      await session.send('Tracing.end');
      await done;
      session.off('Tracing.dataCollected', onData);
      const open = new Map<string, number>();
      const out = new Map<string, { n: number; ms: number }>();
      for (const e of events) {
        const key = `${e.tid} ${e.name}`;
        const id = `${key} ${e.id ?? e.id2?.local ?? ''}`;
        if (e.ph === 'b') open.set(id, e.ts);
        else if (e.ph === 'e' && open.has(id)) {
          const o = out.get(key) ?? { n: 0, ms: 0 };
          o.n++;
          o.ms += (e.ts - open.get(id)!) / 1000;
          out.set(key, o);
          open.delete(id);
        }
      }
      return out;
    },
  };
}
