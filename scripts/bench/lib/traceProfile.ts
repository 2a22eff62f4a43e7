/**
 * Where a browser bench's CPU went, by thread and by function: a Chrome trace recorded through the
 * DevTools protocol with V8's sampling profiler on (every thread of every process, workers
 * included), then its samples summed per thread. What the scale bench's thread groups say in
 * seconds, this says in functions (the site built without minification names them; a minified
 * build gives its short names).
 *
 * The profiler samples about every 0.1–0.2 ms and the tracer writes as it goes, so a traced run is
 * slower than an untraced one: use it for shares, not for the bench's times.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** One event of a Chrome trace, as far as this file reads it. */
export interface TraceEvent {
  readonly name: string;
  readonly ph?: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly id?: string;
  readonly args?: { readonly name?: string; readonly data?: ProfileChunkData & { readonly startTime?: number } };
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url?: string; readonly lineNumber?: number };
}

interface ProfileChunkData {
  readonly cpuProfile?: { readonly nodes?: readonly ProfileNode[]; readonly samples?: readonly number[] };
  readonly timeDeltas?: readonly number[];
}

/** One thread's CPU: seconds sampled busy (idle left out), the script most of them ran, and its busiest functions. */
export interface ThreadProfile {
  /** Chromium's thread name (CrRendererMain: the page; DedicatedWorker thread: a worker). */
  readonly thread: string;
  /** The file most of its JavaScript samples were in (a worker's script names the worker), '' when none. */
  readonly script: string;
  readonly busySeconds: number;
  /** Self time per function, busiest first: "(program)" is the VM's own work (messages, structured clones, IndexedDB), "(garbage collector)" V8's GC on this thread. */
  readonly top: readonly { readonly fn: string; readonly file: string; readonly seconds: number }[];
}

/** The file name of a script URL, without its folder and Vite's content hash (compute.worker-Cz3z7gfD.js → compute.worker.js). */
export function scriptName(url: string | undefined): string {
  const file = (url ?? '').replace(/[?#].*$/, '').split('/').filter(Boolean).at(-1) ?? '';
  return file.replace(/-[A-Za-z0-9_-]{8}(\.[a-z]+)$/, '$1');
}

/**
 * Sums the V8 samples of a trace per thread and function, for threads busy at least `minSeconds`.
 * @param topN functions kept per thread
 * @example cpuByFunction(events, 5, 0.2) // [{ thread: 'DedicatedWorker thread', script: 'compute.worker.js', busySeconds: 11.5, top: [...] }, …]
 */
export function cpuByFunction(events: readonly TraceEvent[], topN: number, minSeconds = 0.2): ThreadProfile[] {
  const threadNames = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name) threadNames.set(`${e.pid}:${e.tid}`, e.args.name);
  /** Per profile (pid:id): its thread, its nodes, its samples with their time. */
  const profiles = new Map<string, { thread: string; nodes: Map<number, ProfileNode>; self: Map<string, number>; scripts: Map<string, number>; busy: number }>();
  for (const e of events) {
    if (e.name === 'Profile') profiles.set(`${e.pid}:${e.id}`, { thread: threadNames.get(`${e.pid}:${e.tid}`) ?? `thread ${e.tid}`, nodes: new Map(), self: new Map(), scripts: new Map(), busy: 0 });
  }
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue;
    const p = profiles.get(`${e.pid}:${e.id}`);
    const data = e.args?.data;
    if (!p || !data) continue;
    for (const n of data.cpuProfile?.nodes ?? []) p.nodes.set(n.id, n);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      const frame = p.nodes.get(samples[i])?.callFrame;
      const micros = Math.max(0, deltas[i] ?? 0);
      if (!frame || frame.functionName === '(idle)') continue;
      const file = scriptName(frame.url);
      const key = `${frame.functionName || '(anonymous)'}\u0000${file}`;
      p.self.set(key, (p.self.get(key) ?? 0) + micros);
      if (file) p.scripts.set(file, (p.scripts.get(file) ?? 0) + micros);
      p.busy += micros;
    }
  }
  const out: ThreadProfile[] = [];
  for (const p of profiles.values()) {
    if (p.busy / 1e6 < minSeconds) continue;
    const script = [...p.scripts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    const top = [...p.self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, topN)
      .map(([key, micros]) => {
        const [fn, file] = key.split('\u0000');
        return { fn, file, seconds: micros / 1e6 };
      });
    out.push({ thread: p.thread, script, busySeconds: p.busy / 1e6, top });
  }
  return out.sort((a, b) => b.busySeconds - a.busySeconds);
}

const CATEGORIES = ['__metadata', 'toplevel', 'v8', 'disabled-by-default-v8.cpu_profiler'];

/**
 * Starts a trace of the whole browser with V8's CPU samples; `stop` ends it and returns its events.
 */
export async function startCpuTrace(context: BrowserContext, page: Page): Promise<{ stop(): Promise<TraceEvent[]> }> {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: CATEGORIES } });
  return {
    async stop() {
      const complete = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream ?? '')));
      await cdp.send('Tracing.end');
      const handle = await complete;
      const parts: Buffer[] = [];
      for (;;) {
        const r = await cdp.send('IO.read', { handle, size: 1 << 22 });
        parts.push(r.base64Encoded ? Buffer.from(r.data, 'base64') : Buffer.from(r.data, 'utf8'));
        if (r.eof) break;
      }
      await cdp.send('IO.close', { handle });
      await cdp.detach();
      const parsed = JSON.parse(Buffer.concat(parts).toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
      return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
    },
  };
}
