import { describe, expect, it } from 'vitest';
import { ProgressTracker } from '../../../src/storage/importProgress.ts';
import type { ImportProgress } from '../../../src/storage/importProgress.ts';

describe('ProgressTracker', () => {
  it('reports at most once per interval, with rate in bytes/s and the ETA at that rate', () => {
    let now = 0;
    const reports: ImportProgress[] = [];
    const t = new ProgressTracker('ds', 1000, (p) => reports.push(p), 200, () => now);
    t.startShard('corpus'); // report 1 at t=0
    now = 100;
    t.addBytes(100); // within 200 ms: silent
    now = 250;
    t.addBytes(150); // report 2
    t.addRecords(10); // same instant: silent
    expect(reports).toHaveLength(2);
    expect(reports[1]).toEqual({
      datasetId: 'ds', shard: 'corpus', bytesDone: 250, bytesTotal: 1000, recordsDone: 0, rate: 1000, etaSeconds: 0.75,
    });
    t.flush();
    expect(reports[2].recordsDone).toBe(10);
  });

  it('has no ETA before any byte and never reports a total below what was read', () => {
    let now = 0;
    const reports: ImportProgress[] = [];
    const t = new ProgressTracker('ds', 10, (p) => reports.push(p), 0, () => now);
    t.startShard('a');
    expect(reports[0].etaSeconds).toBeUndefined();
    now = 1000;
    t.addBytes(25);
    expect(reports.at(-1)).toMatchObject({ bytesDone: 25, bytesTotal: 25, etaSeconds: 0 });
  });
});
