/**
 * The scale bench's CPU profile (scripts/bench/lib/traceProfile.ts) on a hand-made trace: two
 * threads' V8 samples, summed per thread and function by hand.
 */
import { describe, expect, it } from 'vitest';
import { cpuByFunction, scriptName, type TraceEvent } from '../../../scripts/bench/lib/traceProfile.ts';

const frame = (id: number, functionName: string, url = '') => ({ id, callFrame: { functionName, url } });

/** Page (pid 1, tid 10) and a compute worker (pid 1, tid 11), each with a profile sent in two chunks. */
const events: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', pid: 1, tid: 10, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: 1, tid: 11, ts: 0, args: { name: 'DedicatedWorker thread' } },
  { name: 'Profile', pid: 1, tid: 10, ts: 0, id: '0x1', args: { data: { startTime: 0 } } },
  { name: 'Profile', pid: 1, tid: 11, ts: 0, id: '0x2', args: { data: { startTime: 0 } } },
  // page: (program) 300 µs, idle 5,000 µs (left out), read 200 µs
  { name: 'ProfileChunk', pid: 1, tid: 10, ts: 1, id: '0x1', args: { data: { cpuProfile: { nodes: [frame(1, '(root)'), frame(2, '(program)'), frame(3, '(idle)')], samples: [2, 3, 2] }, timeDeltas: [100, 5000, 200] } } },
  { name: 'ProfileChunk', pid: 1, tid: 10, ts: 2, id: '0x1', args: { data: { cpuProfile: { nodes: [frame(4, 'read', 'http://x/assets/database-BDeO4UOz.js')], samples: [4] }, timeDeltas: [200] } } },
  // worker: rankOrderWith 300,000 µs, score 200,000 µs, its GC 100,000 µs
  { name: 'ProfileChunk', pid: 1, tid: 11, ts: 1, id: '0x2', args: { data: { cpuProfile: { nodes: [frame(1, 'rankOrderWith', 'http://x/assets/compute.worker-Cz3z7gfD.js'), frame(2, 'score', 'http://x/assets/compute.worker-Cz3z7gfD.js'), frame(3, '(garbage collector)')], samples: [1, 2, 1, 3] }, timeDeltas: [150_000, 200_000, 150_000, 100_000] } } },
];

describe('cpuByFunction(events, topN, minSeconds)', () => {
  it('sums each thread\'s samples by function, idle left out, busiest thread and function first', () => {
    const threads = cpuByFunction(events, 2, 0);
    expect(threads.map((t) => [t.thread, t.script])).toEqual([
      ['DedicatedWorker thread', 'compute.worker.js'],
      ['CrRendererMain', 'database.js'],
    ]);
    expect(threads[0].busySeconds).toBeCloseTo(0.6, 12);
    expect(threads[0].top).toEqual([
      { fn: 'rankOrderWith', file: 'compute.worker.js', seconds: 0.3 },
      { fn: 'score', file: 'compute.worker.js', seconds: 0.2 },
    ]);
    expect(threads[1].busySeconds).toBeCloseTo(0.0005, 12); // (program) 100 + 200 µs, read 200 µs
    expect(threads[1].top.map((f) => f.fn)).toEqual(['(program)', 'read']);
  });

  it('leaves out threads busy less than minSeconds', () => {
    expect(cpuByFunction(events, 5, 0.2).map((t) => t.thread)).toEqual(['DedicatedWorker thread']);
  });
});

describe('scriptName(url)', () => {
  it("drops the folder and Vite's content hash", () => {
    expect(scriptName('http://127.0.0.1:5173/assets/compute.worker-Cz3z7gfD.js')).toBe('compute.worker.js');
    expect(scriptName('http://x/assets/index-VHG4V8I7.js?v=1')).toBe('index.js');
    expect(scriptName('')).toBe('');
  });
});
