/**
 * loadRetrieval over an in-memory reader: the twins' originals found in the corpus (their titles
 * before the twin texts), and the two ways a twins shard can name its originals wrongly.
 */
import { describe, expect, it } from 'vitest';
import { groupableFieldsOfTasks, loadRetrieval } from '../../../../../src/core/audit/retrieval/data.ts';
import type { Manifest } from '../../../../../src/core/formats/manifest.ts';
import { AuditInputError, type ShardReader } from '../../../../../src/core/audit/common/index.ts';
import type { RetrievalTask, TwinsTask } from '../../../../../src/core/formats/manifest.ts';

const retrieval: RetrievalTask = { type: 'retrieval', name: 'main', corpus: 'corpus', queries: 'queries' };
const gender: TwinsTask = { type: 'twins', name: 'gender', of: 'main', twins: 'twins', attribute: 'gender', groups: ['female', 'male'] };

const corpus = [
  { _id: 'd2', title: 'Nurse', text: 'she cares' },
  { _id: 'd1', text: 'he builds' },
  { _id: 'd10', title: 'Engineer', text: 'she designs' },
];
const queries = [{ _id: 'q1', text: 'care' }];

function reader(twins: readonly object[]): ShardReader {
  const shards: Record<string, readonly object[]> = { corpus, queries, twins };
  return (async (name: string) => shards[name]) as unknown as ShardReader;
}

describe('loadRetrieval(read, tasks)', () => {
  it('puts documents and twins in identifier order and writes each twin text after its original\'s title', async () => {
    const twins = [
      { id: 'd10', twin_id: 't2', twin_text: 'he designs', group: 'female', twin_group: 'male' },
      { id: 'd1', twin_id: 't1', twin_text: 'she builds', group: 'male', twin_group: 'female' },
    ];
    const data = await loadRetrieval(reader(twins), { retrieval, twins: [gender] });
    expect(data.corpusTexts).toEqual(['he builds', 'Engineer she designs', 'Nurse she cares']);
    expect(data.subsets[0].subset.corpus.map((d) => d.id)).toEqual(['d1', 'd10', 'd2']);
    expect(data.subsets[0].subset.twins.map((t) => [t.twinId, t.id])).toEqual([['t1', 'd1'], ['t2', 'd10']]);
    // The original's title (none for d1) before the twin's text (MTEB's title + " " + text).
    expect(data.subsets[0].twinTexts).toEqual(['she builds', 'Engineer he designs']);
  });

  it('refuses a twin of a document outside the corpus, and a document with a second twin, naming them', async () => {
    const outside = [{ id: 'd9', twin_id: 't9', twin_text: 'x', group: 'female', twin_group: 'male' }];
    await expect(loadRetrieval(reader(outside), { retrieval, twins: [gender] })).rejects.toThrow(new AuditInputError('twins shard "twins": twin "t9" names document "d9", which is not in the corpus'));
    const twice = [
      { id: 'd1', twin_id: 't1', twin_text: 'x', group: 'male', twin_group: 'female' },
      { id: 'd1', twin_id: 't1b', twin_text: 'y', group: 'male', twin_group: 'female' },
    ];
    await expect(loadRetrieval(reader(twice), { retrieval, twins: [gender] })).rejects.toThrow(/twins shard "twins": document "d1" has a second twin/);
  });
});

describe('groupableFieldsOfTasks(read, manifest, tasks)', () => {
  // d1–d3 carry gender and a seniority; d3 alone a language (one value: not a grouping); the twins give twins.group.
  const labelled = [
    { _id: 'd1', text: 'a', meta: { gender: 'female', seniority: 'junior' } },
    { _id: 'd2', text: 'b', meta: { gender: 'male', seniority: 'senior' } },
    { _id: 'd3', text: 'c', lang: 'en', meta: { gender: 'male', seniority: 'senior' } },
  ];
  const other = [{ _id: 'e1', text: 'x', meta: { gender: 'female' } }, { _id: 'e2', text: 'y', meta: { gender: 'male' } }];
  const twins = [{ id: 'd1', twin_id: 't1', twin_text: 'x', group: 'female', twin_group: 'male' }, { id: 'd2', twin_id: 't2', twin_text: 'y', group: 'male', twin_group: 'female' }];
  const shards: Record<string, readonly object[]> = { corpus: labelled, other, twins, queries };
  const read = (async (name: string) => shards[name]) as unknown as ShardReader;
  const otherTask: RetrievalTask = { type: 'retrieval', name: 'second', corpus: 'other', queries: 'queries' };
  const manifest = { tasks: [retrieval, gender, otherTask] } as unknown as Manifest;

  it('groupableFieldsOfTasks(read, manifest, [task]) lists the fields of 2 to 20 labels, the twins\' groups included', async () => {
    expect(await groupableFieldsOfTasks(read, manifest, ['main'])).toEqual(['meta.gender', 'meta.seniority', 'twins.group']);
  });

  it('groupableFieldsOfTasks(read, manifest, tasks) keeps only the fields every task can be grouped by; no task, no field', async () => {
    expect(await groupableFieldsOfTasks(read, manifest, ['main', 'second'])).toEqual(['meta.gender']);
    expect(await groupableFieldsOfTasks(read, manifest, [])).toEqual([]);
    await expect(groupableFieldsOfTasks(read, manifest, ['nope'])).rejects.toThrow(AuditInputError);
  });
});
