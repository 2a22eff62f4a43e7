import type { RunConfig } from '../../../src/core/audit/run/runConfig.ts';
import type { RunResults } from '../../../src/core/audit/run/storedRun.ts';
import { describe, expect, it } from 'vitest';
import { deleteRun, getResults, getRun, listRuns, putResults, putRun } from '../../../src/storage/runStore.ts';
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
});
