/**
 * What Chromium's memory is made of at chosen moments of a browser bench: memory-infra dumps
 * requested through the DevTools protocol, summed per process by allocator — V8's heaps (the page's
 * and the workers'), PartitionAlloc's partitions (`array_buffer`: typed arrays' memory;
 * `buffer`: Blink's buffers, serialized messages among them), malloc, Blink's GC heap.
 *
 * A dump waits for every process to answer: one asked while the renderer's threads are busy may
 * come back late or fail (`success: false`), so ask for several.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { TraceEvent } from './traceProfile.ts';

/** One memory dump's figures for one process. */
export interface ProcessDump {
  readonly process: string;
  /** MiB per allocator path (two levels: `v8/main`, `partition_alloc/partitions/array_buffer` shortened to `partition_alloc/array_buffer`), those of at least `minMiB`. */
  readonly mib: Readonly<Record<string, number>>;
}

/** A dump taken `at` seconds into the run (its first process's), with what each process that answered holds. */
export interface MemoryDump {
  readonly at: number;
  readonly processes: readonly ProcessDump[];
}

/** A dump asked for: when, when answered, and whether every process answered. */
export interface DumpRequest {
  readonly askedAt: number;
  readonly answeredAt: number;
  readonly success: boolean;
}

interface DumpEvent extends Omit<TraceEvent, 'args'> {
  readonly args?: { readonly name?: string; readonly dumps?: { readonly allocators?: Record<string, { readonly attrs?: Record<string, { readonly value?: string }> }> } };
}

/** The allocators worth a row: each whole, and the parts a question about this run's memory asks after. */
const ALLOCATORS: readonly [path: string, label: string][] = [
  ['v8', 'v8'],
  ['v8/main', 'v8/main'],
  ['v8/workers', 'v8/workers'],
  ['partition_alloc', 'partition_alloc'],
  ['partition_alloc/partitions/array_buffer', 'partition_alloc/array_buffer'],
  ['partition_alloc/partitions/buffer', 'partition_alloc/buffer'],
  ['partition_alloc/partitions/fast_malloc', 'partition_alloc/fast_malloc'],
  ['malloc', 'malloc'],
  ['blink_gc', 'blink_gc'],
];

/**
 * The dumps of a trace in time order, each process's allocators of at least `minMiB`. A dump's events
 * share an id (not the guid Tracing.requestMemoryDump answers); its time is its first event's, in
 * seconds after `startUs` on the trace's clock (CLOCK_MONOTONIC in µs, as Node's process.hrtime).
 * @example memoryDumpsOf(events, start)[0] // { at: 27.4, processes: [{ process: 'Renderer', mib: { v8: 780, … } }, …] }
 */
export function memoryDumpsOf(events: readonly DumpEvent[], startUs: number, minMiB = 10): MemoryDump[] {
  const names = new Map<number, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'process_name' && e.args?.name) names.set(e.pid, e.args.name);
  const byId = new Map<string, { at: number; processes: ProcessDump[] }>();
  for (const e of events) {
    const allocators = e.args?.dumps?.allocators;
    if (e.ph !== 'v' || e.id === undefined || !allocators) continue;
    const mib: Record<string, number> = {};
    for (const [path, label] of ALLOCATORS) {
      const attrs = allocators[path]?.attrs;
      const hex = attrs?.size?.value ?? attrs?.effective_size?.value;
      const value = hex === undefined ? 0 : parseInt(hex, 16) / 2 ** 20;
      if (value >= minMiB) mib[label] = Math.round(value);
    }
    const at = (e.ts - startUs) / 1e6;
    const d = byId.get(e.id) ?? { at, processes: [] };
    byId.set(e.id, d);
    d.at = Math.min(d.at, at);
    if (Object.keys(mib).length > 0) d.processes.push({ process: names.get(e.pid) ?? `pid ${e.pid}`, mib });
  }
  return [...byId.values()].sort((a, b) => a.at - b.at);
}

/**
 * Starts a memory-infra trace and asks for a detailed dump `atSeconds` after `start()` (each after
 * the one before has answered); `stop()` ends the trace and gives the dumps.
 */
export async function startMemoryDumps(context: BrowserContext, page: Page, atSeconds: readonly number[]): Promise<{ start(): void; stop(): Promise<{ requests: DumpRequest[]; dumps: MemoryDump[] }> }> {
  const cdp: CDPSession = await context.newCDPSession(page);
  const events: DumpEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as DumpEvent[])));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['disabled-by-default-memory-infra'], excludedCategories: ['*'], memoryDumpConfig: { triggers: [] } } } as never);
  const asked: DumpRequest[] = [];
  let startUs = 0;
  let asking: Promise<void> = Promise.resolve();
  let stopped = false;
  /** Ends the wait for the next dump at once (stop() before its time). */
  let wake = () => undefined as void;
  return {
    start() {
      const t0 = performance.now();
      startUs = Number(process.hrtime.bigint() / 1000n);
      const seconds = () => (performance.now() - t0) / 1000;
      asking = (async () => {
        for (const at of [...atSeconds].sort((x, y) => x - y)) {
          const wait = at * 1000 - (performance.now() - t0);
          if (wait > 0)
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, wait);
              wake = () => (clearTimeout(timer), resolve());
            });
          if (stopped) return;
          const askedAt = seconds();
          const r = (await cdp.send('Tracing.requestMemoryDump' as never, { levelOfDetail: 'detailed' } as never).catch(() => ({ success: false }))) as { success: boolean };
          asked.push({ askedAt, answeredAt: seconds(), success: r.success });
        }
      })();
    },
    async stop() {
      stopped = true;
      wake();
      await asking;
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach();
      return { requests: asked, dumps: memoryDumpsOf(events, startUs) };
    },
  };
}

/** The requests and the dumps as lines for the bench's log. */
export function memoryDumpText(requests: readonly DumpRequest[], dumps: readonly MemoryDump[]): string {
  const asked = requests.map((r) => `${r.askedAt.toFixed(1)} → ${r.answeredAt.toFixed(1)} s${r.success ? '' : ' (incomplete)'}`).join(', ');
  const lines = [`  memory dumps asked (asked → answered, s into the run): ${asked || 'none'}`];
  for (const d of dumps) {
    lines.push(`  memory dump at ${d.at.toFixed(1)} s:`);
    for (const p of d.processes) lines.push(`    ${p.process}: ${Object.entries(p.mib).map(([k, v]) => `${k} ${v}`).join(', ')} MiB`);
  }
  return lines.join('\n');
}
