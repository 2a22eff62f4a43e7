import type { RunConfig } from '../../../src/core/audit/run/runConfig.ts';
import type { RunResults } from '../../../src/core/audit/run/storedRun.ts';
import { describe, expect, it } from 'vitest';
import { deleteRun, getResults, getRun, listRuns, markInterrupted, putResults, putRun } from '../../../src/storage/runStore.ts';
import type { RunEntry } from '../../../src/storage/schema.ts';
import { freshDb } from './fixtures.ts';

const run = (id: string, createdAt: number): RunEntry => ({
  id, createdAt, updatedAt: createdAt, status: 'running', config: { dataset: 'demo', k: [10] } as unknown as RunConfig, progress: { bm25: { done: 1, total: 4 } },
});

describe('runStore', () => {
  it('putRun then getRun returns the run; a second putRun updates it', async () => {
    const db = await freshDb();
    await putRun(db, run('r1', 1));
    await putRun(db, { ...run('r1', 1), status: 'done', progress: { bm25: { done: 4, total: 4 } } });
    expect(await getRun(db, 'r1')).toMatchObject({ status: 'done', progress: { bm25: { done: 4, total: 4 } } });
    expect(await getRun(db, 'nope')).toBeUndefined();
  });

  it('listRuns(db) lists newest first', async () => {
    const db = await freshDb();
    for (const [id, t] of [['a', 1], ['b', 3], ['c', 2]] as const) await putRun(db, run(id, t));
    expect((await listRuns(db)).map((r) => r.id)).toEqual(['b', 'c', 'a']);
  });

  it('putResults/getResults store a results object; deleteRun removes run and results', async () => {
    const db = await freshDb();
    await putRun(db, run('r1', 1));
    await putResults(db, 'r1', { ndcg: 0.5 } as unknown as RunResults, 9);
    expect(await getResults(db, 'r1')).toEqual({ runId: 'r1', createdAt: 9, results: { ndcg: 0.5 } });
    await deleteRun(db, 'r1');
    expect(await getRun(db, 'r1')).toBeUndefined();
    expect(await getResults(db, 'r1')).toBeUndefined();
  });

  it('markInterrupted marks the pending and running runs no page holds, and nothing else', async () => {
    const db = await freshDb();
    await putRun(db, run('left', 1));
    await putRun(db, { ...run('queued', 2), status: 'pending' });
    await putRun(db, run('held', 3));
    await putRun(db, { ...run('finished', 4), status: 'done' });
    await putRun(db, { ...run('broke', 5), status: 'failed' });
    expect((await markInterrupted(db, (id) => id === 'held')).sort()).toEqual(['left', 'queued']);
    const status = Object.fromEntries((await listRuns(db)).map((r) => [r.id, r.status]));
    expect(status).toEqual({ left: 'interrupted', queued: 'interrupted', held: 'running', finished: 'done', broke: 'failed' });
    expect(await getRun(db, 'left')).toMatchObject({ config: run('left', 1).config, progress: run('left', 1).progress });
    expect(await markInterrupted(db, () => false)).toEqual(['held']);
  });

  it('deleteRun leaves no row of the run in any store', async () => {
    const db = await freshDb();
    await putRun(db, run('r1', 1));
    await putResults(db, 'r1', { ndcg: 0.5 } as unknown as RunResults);
    await putRun(db, run('r2', 2));
    await putResults(db, 'r2', { ndcg: 0.7 } as unknown as RunResults);
    const counts = async () => Object.fromEntries(await Promise.all([...db.objectStoreNames].map(async (s) => [s, await db.count(s)])));
    const before = await counts();
    await deleteRun(db, 'r1');
    expect(await counts()).toEqual({ ...before, runs: 1, results: 1 });
    expect(await getResults(db, 'r2')).toMatchObject({ results: { ndcg: 0.7 } });
  });
});
