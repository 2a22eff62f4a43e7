import { describe, expect, it } from 'vitest';
import { loadScreening, sampleDrawText, samplePools, screeningTunePairs, selectScreeningTask } from '../../../../../src/core/audit/screening/data.ts';
import { AuditInputError, type ShardReader } from '../../../../../src/core/audit/common/dataset.ts';
import type { Manifest, ScreeningTask } from '../../../../../src/core/formats/manifest.ts';

const task = { type: 'screening', name: 'cv', jobs: 'jobs', cvs: 'cvs', pools: 'pools', variants: 'variants', labels: 'labels', splits: { tune: 'tune', test: 'test' }, reference: { gender: 'male' } } as ScreeningTask;

const shards: Record<string, unknown[]> = {
  jobs: [{ _id: 'j2', text: 'job two' }, { _id: 'j1', text: 'job one' }],
  cvs: ['a', 'b', 'c', 'd'].map((id) => ({ _id: id, text: `cv ${id}` })),
  // Stored out of order: the loader sorts pools by job id.
  pools: [{ job_id: 'j2', cv_ids: ['c', 'd'] }, { job_id: 'j1', cv_ids: ['b', 'a'] }],
  labels: [
    { job_id: 'j2', cv_id: 'd', label: 0, split: 'test' },
    { job_id: 'j1', cv_id: 'a', label: 1, split: 'tune' },
    { job_id: 'j1', cv_id: 'b', label: 0, split: 'tune' },
    { job_id: 'j2', cv_id: 'c', label: 1, split: 'test' },
  ],
  variants: [
    { cv_id: 'b', variant_id: 'b.f', attribute: 'gender', group: 'female', signal: 'explicit', text: 'cv b female' },
    { cv_id: 'a', variant_id: 'a.m', attribute: 'gender', group: 'male', signal: 'explicit', text: 'cv a male' },
    { cv_id: 'a', variant_id: 'a.f', attribute: 'gender', group: 'female', signal: 'explicit', text: 'cv a female' },
  ],
};
const read: ShardReader = async (name) => shards[name] as never;

describe('loadScreening(read, task, sample?)', () => {
  it('puts pools in job-id order (keeping each pool’s CV order), labels by (job, CV), variants by id', async () => {
    const d = await loadScreening(read, task);
    expect(d.parts.pools).toEqual([{ job_id: 'j1', cv_ids: ['b', 'a'] }, { job_id: 'j2', cv_ids: ['c', 'd'] }]);
    expect(d.parts.labels.map((l) => `${l.job_id}/${l.cv_id}`)).toEqual(['j1/a', 'j1/b', 'j2/c', 'j2/d']);
    expect(d.parts.variants.map((v) => v.variant_id)).toEqual(['a.f', 'a.m', 'b.f']);
    expect(d.texts.variant('a.f')).toBe('cv a female');
    expect(d.texts.job('j1')).toBe('job one');
    expect(d.reference).toEqual({ gender: 'male' });
    expect(d.splits).toEqual({ tune: 'tune', test: 'test' });
  });

  it('returns the same parts whatever order the reader yields', async () => {
    const reversed: ShardReader = async (name) => [...(shards[name] as unknown[])].reverse() as never;
    expect((await loadScreening(reversed, task)).parts).toEqual((await loadScreening(read, task)).parts);
  });

  it('screeningTunePairs(data) lists the tune split’s labelled originals pool by pool', async () => {
    const d = await loadScreening(read, task);
    expect(screeningTunePairs(d)).toEqual([
      { job: 'job one', cv: 'cv b', label: 0 },
      { job: 'job one', cv: 'cv a', label: 1 },
    ]);
  });

  it('with a sample of 1 CV per job keeps one CV per pool, its labels and only its variants', async () => {
    const d = await loadScreening(read, task, { cvsPerJob: 1, seed: 3 });
    expect(d.parts.pools.map((p) => p.cv_ids.length)).toEqual([1, 1]);
    // FIT is taken first: a in j1, c in j2.
    expect(d.parts.pools).toEqual([{ job_id: 'j1', cv_ids: ['a'] }, { job_id: 'j2', cv_ids: ['c'] }]);
    expect(d.parts.labels.map((l) => l.cv_id)).toEqual(['a', 'c']);
    expect(d.parts.variants.map((v) => v.variant_id)).toEqual(['a.f', 'a.m']);
  });

  it('throws AuditInputError for a pool naming a CV the dataset lacks', async () => {
    const bad: ShardReader = async (name) => (name === 'pools' ? [{ job_id: 'j1', cv_ids: ['zz'] }] : shards[name]) as never;
    await expect(loadScreening(bad, task)).rejects.toBeInstanceOf(AuditInputError);
  });
});

describe('sampleDrawText(labelled): how the Run form says a sample draws (issue 48)', () => {
  it('FIT and NOT FIT alternately with labels; at random, saying why, without', () => {
    expect(sampleDrawText(true)).toBe('FIT and NOT FIT alternately');
    expect(sampleDrawText(false)).toBe('drawn at random: this task has no labels');
    expect(sampleDrawText(false)).not.toMatch(/FIT/u);
  });
});

describe('samplePools(pools, labels, sample)', () => {
  const pools = [{ job_id: 'j', cv_ids: Array.from({ length: 20 }, (_, i) => `cv${String(i).padStart(2, '0')}`) }];
  const labels = pools[0].cv_ids.map((cv, i) => ({ job_id: 'j', cv_id: cv, label: (i < 4 ? 1 : 0) as 0 | 1 }));

  it('alternates FIT and NOT FIT, so a pool with 4 FIT of 20 keeps 3 FIT of 6', () => {
    const [p] = samplePools(pools, labels, { cvsPerJob: 6, seed: 0 });
    expect(p.cv_ids).toHaveLength(6);
    expect(p.cv_ids.filter((id) => Number(id.slice(2)) < 4)).toHaveLength(3);
    // Kept CVs stay in pool order.
    expect([...p.cv_ids].sort()).toEqual(p.cv_ids);
  });

  it('is seeded: the same seed gives the same CVs, another seed (almost surely) others', () => {
    const a = samplePools(pools, labels, { cvsPerJob: 6, seed: 1 });
    expect(samplePools(pools, labels, { cvsPerJob: 6, seed: 1 })).toEqual(a);
    expect(samplePools(pools, labels, { cvsPerJob: 6, seed: 2 })).not.toEqual(a);
  });

  it('keeps the whole pool when N exceeds it, and throws RangeError for N < 1', () => {
    expect(samplePools(pools, labels, { cvsPerJob: 50, seed: 0 })[0].cv_ids).toEqual(pools[0].cv_ids);
    expect(() => samplePools(pools, labels, { cvsPerJob: 0, seed: 0 })).toThrow(RangeError);
  });
});

describe('selectScreeningTask(manifest, name)', () => {
  const manifest = { id: 'x', version: '1', title: 'x', tasks: [task, { type: 'retrieval', name: 'r' }], shards: [] } as unknown as Manifest;
  it('returns the named screening task and rejects other task types and unknown names', () => {
    expect(selectScreeningTask(manifest, 'cv')).toBe(task);
    expect(() => selectScreeningTask(manifest, 'r')).toThrow(/not a screening task/);
    expect(() => selectScreeningTask(manifest, 'nope')).toThrow(AuditInputError);
  });
});
