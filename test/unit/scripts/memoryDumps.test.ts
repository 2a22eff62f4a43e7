import { describe, expect, it } from 'vitest';
import { memoryDumpText, memoryDumpsOf } from '../../../scripts/bench/lib/memoryDumps.ts';

const MiB = (n: number) => `0x${Math.round(n * 2 ** 20).toString(16)}`;
const dump = (pid: number, id: string, sizes: Record<string, number>, ts = 0) => ({
  name: 'periodic_interval',
  ph: 'v',
  pid,
  tid: 1,
  ts,
  id,
  args: { dumps: { allocators: Object.fromEntries(Object.entries(sizes).map(([k, v]) => [k, { attrs: { size: { value: MiB(v) } } }])) } },
});

describe('memoryDumpsOf', () => {
  it('groups a trace\'s dump events by id in time order, sums each process by allocator, names the processes, and leaves out small allocators', () => {
    const events = [
      { name: 'process_name', ph: 'M', pid: 7, tid: 0, ts: 0, args: { name: 'Renderer' } },
      { name: 'process_name', ph: 'M', pid: 3, tid: 0, ts: 0, args: { name: 'Browser' } },
      dump(7, '0x2', { v8: 100 }, 40_000_000),
      dump(7, '0x1', { v8: 780.4, 'v8/main': 291, 'v8/workers': 487, 'partition_alloc/partitions/array_buffer': 695, 'partition_alloc/partitions/buffer': 262, 'v8/main/heap': 283, malloc: 4 }, 28_000_000),
      dump(3, '0x1', { malloc: 45 }, 27_500_000),
    ];
    const [d, later] = memoryDumpsOf(events, 1_000_000);
    expect(d.at).toBe(26.5);
    expect(later).toEqual({ at: 39, processes: [{ process: 'Renderer', mib: { v8: 100 } }] });
    expect(d.processes).toEqual([
      { process: 'Renderer', mib: { v8: 780, 'v8/main': 291, 'v8/workers': 487, 'partition_alloc/array_buffer': 695, 'partition_alloc/buffer': 262 } },
      { process: 'Browser', mib: { malloc: 45 } },
    ]);
    expect(memoryDumpText([{ askedAt: 25, answeredAt: 33.1, success: true }], [d])).toContain('Renderer: v8 780, v8/main 291');
  });

  it('lists a request no process answered as incomplete, with no dump', () => {
    expect(memoryDumpsOf([], 0)).toEqual([]);
    expect(memoryDumpText([{ askedAt: 10, answeredAt: 23, success: false }], [])).toMatch(/10\.0 → 23\.0 s \(incomplete\)/);
  });
});
