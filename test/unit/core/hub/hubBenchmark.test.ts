import { describe, expect, it } from 'vitest';
import { buildHubManifest } from '../../../../src/core/hub/hubManifest.ts';
import { placeHubFile } from '../../../../src/core/hub/hubLayout.ts';
import { HubLayoutError } from '../../../../src/core/hub/hubLayoutError.ts';

const SHA = '0123456789abcdef0123456789abcdef01234567';
const listing = (paths: string[]) => ({ repo: 'fair/freelancer', sha: SHA, files: paths.map((path) => ({ path, bytes: 100 })) });
const shardsOf = (m: ReturnType<typeof buildHubManifest>) => m.shards.map((s) => `${s.name}:${s.path}`);
const GROUPS = { card: { twinGroups: { gender: ['female', 'male'] }, relevanceThreshold: 3 } };

/** The fair-freelancer benchmark's layout: per language corpus, queries and qrels (splits briefs, short), twins per language and attribute. */
const BENCHMARK = ['de', 'en'].flatMap((l) => [
  `${l}-corpus/corpus-00000-of-00001.parquet`,
  `${l}-queries/briefs-00000-of-00001.parquet`, `${l}-queries/short-00000-of-00001.parquet`,
  `${l}-qrels/briefs-00000-of-00001.parquet`, `${l}-qrels/short-00000-of-00001.parquet`,
  `${l}-twins-gender/test-00000-of-00001.parquet`,
]);

describe('placeHubFile(path) for twins', () => {
  it('places twins configs twins-<attribute>, <subset>-twins-<attribute>, <attribute>-twins and root twins-<attribute>.jsonl', () => {
    expect(placeHubFile('twins-gender/test-00000-of-00001.parquet')).toEqual({ path: 'twins-gender/test-00000-of-00001.parquet', role: 'twins', subset: '', attribute: 'gender', split: 'test' });
    expect(placeHubFile('fr-twins-age/test-00000-of-00001.parquet')).toMatchObject({ role: 'twins', subset: 'fr', attribute: 'age' });
    expect(placeHubFile('gender-twins/train/0000.parquet')).toMatchObject({ role: 'twins', subset: '', attribute: 'gender', split: 'train' });
    expect(placeHubFile('twins-gender.jsonl.gz')).toEqual({ path: 'twins-gender.jsonl.gz', role: 'twins', subset: '', attribute: 'gender' });
    expect(placeHubFile('twins-gender/notes.txt')).toBeUndefined();
  });
});

describe('buildHubManifest(ref, listing) for the fair-freelancer layout', () => {
  it('imports all subsets as one dataset: one retrieval task per qrels split, one twins task per attribute and task, groups and threshold from the card', () => {
    const m = buildHubManifest({ repo: 'fair/freelancer' }, listing(['README.md', ...BENCHMARK]), GROUPS);
    expect(m.id).toBe('fair--freelancer');
    expect(m.languages).toEqual(['de', 'en']);
    expect(shardsOf(m)).toEqual([
      'corpus:de-corpus/corpus-00000-of-00001.parquet', 'corpus:en-corpus/corpus-00000-of-00001.parquet',
      'queries-briefs:de-queries/briefs-00000-of-00001.parquet', 'queries-briefs:en-queries/briefs-00000-of-00001.parquet',
      'queries-short:de-queries/short-00000-of-00001.parquet', 'queries-short:en-queries/short-00000-of-00001.parquet',
      'qrels-briefs:de-qrels/briefs-00000-of-00001.parquet', 'qrels-briefs:en-qrels/briefs-00000-of-00001.parquet',
      'qrels-short:de-qrels/short-00000-of-00001.parquet', 'qrels-short:en-qrels/short-00000-of-00001.parquet',
      'twins-gender:de-twins-gender/test-00000-of-00001.parquet', 'twins-gender:en-twins-gender/test-00000-of-00001.parquet',
    ]);
    expect(m.tasks).toEqual([
      { type: 'retrieval', name: 'briefs', corpus: 'corpus', queries: 'queries-briefs', qrels: 'qrels-briefs', relevance_threshold: 3, k: [10], pool: 'language' },
      { type: 'retrieval', name: 'short', corpus: 'corpus', queries: 'queries-short', qrels: 'qrels-short', relevance_threshold: 3, k: [10], pool: 'language' },
      { type: 'twins', name: 'gender-briefs', of: 'briefs', twins: 'twins-gender', attribute: 'gender', groups: ['female', 'male'] },
      { type: 'twins', name: 'gender-short', of: 'short', twins: 'twins-gender', attribute: 'gender', groups: ['female', 'male'] },
    ]);
    expect((m as unknown as { source: unknown }).source).toEqual({ hub: 'fair/freelancer', revision: SHA, split: 'briefs', splits: ['briefs', 'short'] });
  });

  it('reads one language with :<subset> (its own twins), one split with :<subset>/<split>, and groups given by the user before the card\'s', () => {
    const m = buildHubManifest({ repo: 'fair/freelancer', config: 'en', split: 'short' }, listing(BENCHMARK), { ...GROUPS, groups: { gender: ['male', 'female'] } });
    expect(m.id).toBe('fair--freelancer--en');
    expect(shardsOf(m)).toEqual([
      'corpus:en-corpus/corpus-00000-of-00001.parquet', 'queries:en-queries/short-00000-of-00001.parquet',
      'qrels:en-qrels/short-00000-of-00001.parquet', 'twins-gender:en-twins-gender/test-00000-of-00001.parquet',
    ]);
    expect(m.tasks.map((t) => t.name)).toEqual(['short', 'gender']);
    expect(m.tasks[1]).toMatchObject({ of: 'short', groups: ['male', 'female'] });
  });

  it('reads the subsets in the order of the card\'s language list, then by name', () => {
    const m = buildHubManifest({ repo: 'fair/freelancer' }, listing([...BENCHMARK, ...BENCHMARK.filter((p) => p.startsWith('de-')).map((p) => p.replace(/^de-/, 'fr-'))]), { card: { ...GROUPS.card, languages: ['fr', 'en'] } });
    expect(m.shards.filter((s) => s.name === 'corpus').map((s) => s.path.split('-')[0])).toEqual(['fr', 'en', 'de']);
    expect(m.languages).toEqual(['fr', 'en', 'de']);
  });

  it('takes root twins files (twins-<attribute>) of the whole corpus, one per attribute', () => {
    const files = ['corpus.jsonl', 'queries.jsonl', 'qrels/test.tsv', 'twins-gender.jsonl.gz', 'twins-age/test-00000-of-00001.parquet'];
    const m = buildHubManifest({ repo: 'o/d' }, listing(files), { groups: { gender: ['f', 'm'], age: ['old', 'young'] } });
    expect(shardsOf(m)).toEqual(['corpus:corpus.jsonl', 'queries:queries.jsonl', 'qrels:qrels/test.tsv', 'twins-age:twins-age/test-00000-of-00001.parquet', 'twins-gender:twins-gender.jsonl.gz']);
    expect(m.tasks.map((t) => t.name)).toEqual(['test', 'age', 'gender']);
  });

  it('without groups from the card or the user, throws a HubLayoutError naming the attribute and how to give them', () => {
    let error: unknown;
    try {
      buildHubManifest({ repo: 'fair/freelancer' }, listing(BENCHMARK));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HubLayoutError);
    expect((error as HubLayoutError).gap).toBe('groups');
    expect((error as HubLayoutError).missingGroups).toEqual(['gender']);
    expect((error as Error).message).toMatch(/^the twins of "gender" need their groups, the first being F .*--hub-groups gender=female\/male/);
  });

  it('refuses a subset that has some retrieval parts and not the others, naming them', () => {
    const files = [...BENCHMARK, 'fr-corpus/corpus-00000-of-00001.parquet'];
    expect(() => buildHubManifest({ repo: 'fair/freelancer' }, listing(files), GROUPS)).toThrow('"fair/freelancer" subset "fr" has no queries, qrels files');
  });

  it('declares pool: language when each language subset has a corpus of its own (a language\'s queries rank in its corpus), unless the card says pool: corpus', () => {
    const retrievalPools = (m: ReturnType<typeof buildHubManifest>) => m.tasks.filter((t) => t.type === 'retrieval').map((t) => (t as { pool?: string }).pool);
    expect(retrievalPools(buildHubManifest({ repo: 'fair/freelancer' }, listing(BENCHMARK), GROUPS))).toEqual(['language', 'language']);
    expect(retrievalPools(buildHubManifest({ repo: 'fair/freelancer' }, listing(BENCHMARK), { card: { ...GROUPS.card, pool: 'corpus' } }))).toEqual([undefined, undefined]);
    // One language read alone: its corpus is the pool.
    expect(retrievalPools(buildHubManifest({ repo: 'fair/freelancer', config: 'en' }, listing(BENCHMARK), GROUPS))).toEqual([undefined]);
    // Languages that share one corpus (root twins configs over one corpus): one pool, as the dataset has it.
    const shared = ['corpus.jsonl', 'queries.jsonl', 'qrels/test.tsv', 'twins-gender.jsonl'];
    expect(retrievalPools(buildHubManifest({ repo: 'o/d' }, listing(shared), GROUPS))).toEqual([undefined]);
    expect(retrievalPools(buildHubManifest({ repo: 'o/d' }, listing(shared), { card: { ...GROUPS.card, pool: 'language' } }))).toEqual(['language']);
  });
});
