import { describe, expect, it } from 'vitest';
import { hubFileMapText, hubFileRoleText, hubMapGaps, parseHubFileMap, parseHubFileRole, parseTwinGroups, suggestHubFileMap, twinGroupsText } from '../../../../src/core/hub/hubFileMap.ts';
import { buildHubManifest } from '../../../../src/core/hub/hubManifest.ts';
import { HubLayoutError } from '../../../../src/core/hub/hubLayoutError.ts';

const SHA = 'fedcba9876543210fedcba9876543210fedcba98';
const listing = (paths: string[]) => ({ repo: 'lab/odd', sha: SHA, files: paths.map((path) => ({ path, bytes: 10 })) });
const ODD = ['README.md', 'docs/all.parquet', 'asks.jsonl', 'judgements/final.tsv', 'swaps/gender.jsonl.gz', 'notes.txt'];

describe('parseHubFileRole(text) and parseHubFileMap(text)', () => {
  it('parseHubFileMap("a=corpus,…") reads each PATH=ROLE; roles, maps and groups round-trip through hubFileRoleText, hubFileMapText, twinGroupsText', () => {
    expect(parseHubFileMap('docs.parquet=corpus,asks.jsonl=queries,judged.tsv=qrels')).toEqual({
      'docs.parquet': { role: 'corpus' }, 'asks.jsonl': { role: 'queries' }, 'judged.tsv': { role: 'qrels' },
    });
    for (const text of ['corpus', 'queries', 'qrels', 'qrels:dev', 'twins:gender', 'ignore']) expect(hubFileRoleText(parseHubFileRole(text))).toBe(text);
    const text = 'docs/a=b.parquet=corpus,asks.jsonl=queries,judged.tsv=qrels:dev,swaps.jsonl=twins:gender,notes.jsonl=ignore';
    expect(hubFileMapText(parseHubFileMap(text))).toBe(text);
    expect(twinGroupsText(parseTwinGroups('gender=female/male,age=young/old'))).toBe('gender=female/male,age=young/old');
    expect(hubFileMapText({ 'a.jsonl': { role: 'corpus' }, 't.jsonl': { role: 'twins', attribute: 'gender' } })).toBe('a.jsonl=corpus,t.jsonl=twins:gender');
    expect(twinGroupsText({ gender: ['female', 'male'] })).toBe('gender=female/male');
  });

  it('parseHubFileRole and parseHubFileMap throw a message that says what to write', () => {
    expect(() => parseHubFileRole('twins')).toThrow('"twins" is not a file role: use corpus, queries, qrels, qrels:<split>, twins:<attribute> (e.g. twins:gender) or ignore');
    expect(() => parseHubFileRole('corpus:x')).toThrow('is not a file role');
    expect(() => parseHubFileMap('docs.parquet')).toThrow('--hub-map entry "docs.parquet" is not PATH=ROLE (e.g. data/docs.parquet=corpus)');
    expect(() => parseHubFileMap('a=corpus,a=queries')).toThrow('--hub-map names a twice');
  });

  it('parseTwinGroups("gender=female/male") reads the groups, first F; a single or repeated group is refused', () => {
    expect(parseTwinGroups('gender=female/male,age=young/old')).toEqual({ gender: ['female', 'male'], age: ['young', 'old'] });
    for (const bad of ['gender=female', 'gender', 'gender=a/a', '=a/b']) expect(() => parseTwinGroups(bad)).toThrow(/is not ATTRIBUTE=GROUP\/GROUP/);
  });
});

describe('buildHubManifest(ref, listing, { map })', () => {
  it('an unknown layout throws a HubLayoutError listing the data files and a map to start from', () => {
    let error: unknown;
    try {
      buildHubManifest({ repo: 'lab/odd' }, listing(ODD));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HubLayoutError);
    expect((error as HubLayoutError).gap).toBe('files');
    expect((error as HubLayoutError).files).toEqual(['asks.jsonl', 'docs/all.parquet', 'judgements/final.tsv', 'swaps/gender.jsonl.gz']);
    expect(Object.values((error as HubLayoutError).suggested).every((r) => r.role === 'ignore')).toBe(true);
    expect((error as Error).message).toMatch(/no corpus, queries, qrels files .*map its files to corpus, queries and qrels$/);
  });

  it('a map places the files: the same manifest shape as a known layout, the map recorded in source', () => {
    const map = parseHubFileMap('docs/all.parquet=corpus,asks.jsonl=queries,judgements/final.tsv=qrels,swaps/gender.jsonl.gz=twins:gender');
    const m = buildHubManifest({ repo: 'lab/odd' }, listing(ODD), { map, groups: { gender: ['female', 'male'] } });
    expect(m.shards.map((s) => `${s.name}:${s.kind}:${s.path}`)).toEqual([
      'corpus:corpus:docs/all.parquet', 'queries:queries:asks.jsonl', 'qrels:qrels:judgements/final.tsv', 'twins-gender:twins:swaps/gender.jsonl.gz',
    ]);
    expect(m.tasks).toEqual([
      { type: 'retrieval', name: 'test', corpus: 'corpus', queries: 'queries', qrels: 'qrels', relevance_threshold: 1, k: [10] },
      { type: 'twins', name: 'gender', of: 'test', twins: 'twins-gender', attribute: 'gender', groups: ['female', 'male'] },
    ]);
    expect((m as unknown as { source: { map: unknown } }).source.map).toEqual({
      'docs/all.parquet': 'corpus', 'asks.jsonl': 'queries', 'judgements/final.tsv': 'qrels', 'swaps/gender.jsonl.gz': 'twins:gender',
    });
  });

  it('a map that leaves a part out, names a file the dataset lacks or gives a role to a non-data file is refused, saying so', () => {
    expect(() => buildHubManifest({ repo: 'lab/odd' }, listing(ODD), { map: parseHubFileMap('docs/all.parquet=corpus,asks.jsonl=queries') }))
      .toThrow('the map gives "lab/odd" no qrels file: give each part a file');
    expect(() => buildHubManifest({ repo: 'lab/odd' }, listing(ODD), { map: parseHubFileMap('docs/none.parquet=corpus') }))
      .toThrow('"lab/odd" has no file docs/none.parquet at commit fedcba987654; its data files are asks.jsonl, docs/all.parquet');
    expect(() => buildHubManifest({ repo: 'lab/odd' }, listing(ODD), { map: parseHubFileMap('notes.txt=corpus') })).toThrow('notes.txt cannot be corpus: only .jsonl(.gz), .tsv(.gz) and .parquet files are read');
  });

  it('suggestHubFileMap(listing) gives known files their role and the rest ignore', () => {
    expect(suggestHubFileMap(listing(['corpus.jsonl', 'qrels/dev.tsv', 'twins-gender.jsonl', 'x.parquet', 'README.md']))).toEqual({
      'corpus.jsonl': { role: 'corpus' }, 'qrels/dev.tsv': { role: 'qrels', split: 'dev' }, 'twins-gender.jsonl': { role: 'twins', attribute: 'gender' }, 'x.parquet': { role: 'ignore' },
    });
  });
});

describe('hubMapGaps(map, groups)', () => {
  it('hubMapGaps(map, groups) names each missing part and each twins attribute without two different groups', () => {
    const map = { 'a.jsonl': { role: 'corpus' }, 't.jsonl': { role: 'twins', attribute: 'gender' } } as const;
    expect(hubMapGaps(map, {})).toEqual(['no queries file', 'no qrels file', 'no groups for the twins of "gender" (two or more, e.g. female/male)']);
    expect(hubMapGaps(map, { gender: ['f', 'f'] })).toHaveLength(3);
    expect(hubMapGaps({ ...map, 'q.jsonl': { role: 'queries' }, 'r.tsv': { role: 'qrels' } }, { gender: ['female', 'male'] })).toEqual([]);
  });
});
