import { describe, expect, it } from 'vitest';
import { buildHubManifest } from '../../../../src/core/hub/hubManifest.ts';
import { hubConfigRole, hubFileReadableAs, placeHubFile } from '../../../../src/core/hub/hubLayout.ts';
import { FormatError } from '../../../../src/core/formats/formatError.ts';
import { datasetCardHints } from '../../../../src/core/hub/datasetCard.ts';

const SHA = '0123456789abcdef0123456789abcdef01234567';
const listing = (repo: string, paths: string[]) => ({ repo, sha: SHA, files: paths.map((path) => ({ path, bytes: 100 })) });
const shardsOf = (m: ReturnType<typeof buildHubManifest>) => m.shards.map((s) => `${s.name}:${s.path}`);

describe('placeHubFile(path)', () => {
  it('places root BEIR files, config folders, the Hub conversion and subsets; ignores the rest', () => {
    expect(placeHubFile('corpus.jsonl.gz')).toEqual({ path: 'corpus.jsonl.gz', role: 'corpus', subset: '' });
    expect(placeHubFile('qrels/dev.tsv')).toEqual({ path: 'qrels/dev.tsv', role: 'qrels', subset: '', split: 'dev' });
    expect(placeHubFile('data/test-00000-of-00003.parquet')).toMatchObject({ role: 'qrels', split: 'test' });
    expect(placeHubFile('default/test/0000.parquet')).toMatchObject({ role: 'qrels', split: 'test' });
    expect(placeHubFile('queries/partial-queries/0000.parquet')).toEqual({ path: 'queries/partial-queries/0000.parquet', role: 'queries', subset: '', split: 'queries', partial: true });
    expect(placeHubFile('fr-corpus/test-00000-of-00001.parquet')).toMatchObject({ role: 'corpus', subset: 'fr', split: 'test' });
    for (const other of ['README.md', 'scifact.py', '.gitattributes', 'corpus/notes.txt', 'queries.tsv', 'train/x.parquet']) expect(placeHubFile(other)).toBeUndefined();
  });

  it('hubConfigRole(name) and hubFileReadableAs(role, path) say what part a config stands for and which files it reads', () => {
    expect(hubConfigRole('fr-qrels')).toEqual({ role: 'qrels', subset: 'fr' });
    expect(hubConfigRole('default')).toEqual({ role: 'qrels', subset: '' });
    expect(hubConfigRole('en')).toBeUndefined();
    expect(hubFileReadableAs('qrels', 'qrels/test.tsv')).toBe(true);
    expect(hubFileReadableAs('corpus', 'corpus.tsv')).toBe(false);
  });
});

describe('buildHubManifest(ref, listing)', () => {
  it('reads the layout of mteb/scifact (BEIR files at the root, README configs corpus, queries, default): qrels split test', () => {
    const m = buildHubManifest({ repo: 'mteb/scifact' }, listing('mteb/scifact', ['.gitattributes', 'README.md', 'corpus.jsonl', 'queries.jsonl', 'qrels/test.tsv', 'qrels/train.tsv']));
    expect(m.id).toBe('mteb--scifact');
    expect(m.version).toBe(SHA);
    expect(m.tasks).toEqual([{ type: 'retrieval', name: 'test', corpus: 'corpus', queries: 'queries', qrels: 'qrels', relevance_threshold: 1, k: [10] }]);
    expect(shardsOf(m)).toEqual(['corpus:corpus.jsonl', 'queries:queries.jsonl', 'qrels:qrels/test.tsv']);
    expect(m.shards[0]).toEqual({ name: 'corpus', kind: 'corpus', path: 'corpus.jsonl', bytes: 100 });
    expect((m as unknown as { source: unknown }).source).toEqual({ hub: 'mteb/scifact', revision: SHA, split: 'test' });
  });

  it('reads the folders datasets.push_to_hub writes (configs corpus, queries, default → data/), several parts of one shard in order', () => {
    const m = buildHubManifest({ repo: 'o/beir', revision: 'v2' }, listing('o/beir', [
      'README.md', 'corpus/corpus-00001-of-00002.parquet', 'corpus/corpus-00000-of-00002.parquet',
      'queries/queries-00000-of-00001.parquet', 'data/test-00000-of-00001.parquet', 'data/dev-00000-of-00001.parquet',
    ]));
    expect(shardsOf(m)).toEqual([
      'corpus:corpus/corpus-00000-of-00002.parquet', 'corpus:corpus/corpus-00001-of-00002.parquet',
      'queries:queries/queries-00000-of-00001.parquet', 'qrels:data/test-00000-of-00001.parquet',
    ]);
    // The branch asked for is not kept: the commit names the files.
    expect(m).toEqual(buildHubManifest({ repo: 'o/beir', revision: SHA }, listing('o/beir', [
      'README.md', 'corpus/corpus-00001-of-00002.parquet', 'corpus/corpus-00000-of-00002.parquet',
      'queries/queries-00000-of-00001.parquet', 'data/test-00000-of-00001.parquet', 'data/dev-00000-of-00001.parquet',
    ])));
  });

  it('reads the Hub\'s Parquet conversion (refs/convert/parquet: <config>/<split>/0000.parquet) and a chosen split', () => {
    const m = buildHubManifest({ repo: 'mteb/scifact', split: 'train' }, listing('mteb/scifact', [
      'corpus/corpus/0000.parquet', 'queries/queries/0000.parquet', 'default/test/0000.parquet', 'default/train/0000.parquet',
    ]));
    expect(m.tasks[0].name).toBe('train');
    expect(shardsOf(m)).toEqual(['corpus:corpus/corpus/0000.parquet', 'queries:queries/queries/0000.parquet', 'qrels:default/train/0000.parquet']);
  });

  it('takes the corpus and queries of the qrels split when they are split like it (corpus/test-…, queries/test-…)', () => {
    const m = buildHubManifest({ repo: 'o/d' }, listing('o/d', [
      'corpus/test-00000-of-00001.parquet', 'corpus/dev-00000-of-00001.parquet', 'queries/test-00000-of-00001.parquet',
      'queries/dev-00000-of-00001.parquet', 'data/test-00000-of-00001.parquet', 'data/dev-00000-of-00001.parquet',
    ]));
    expect(shardsOf(m)).toEqual(['corpus:corpus/test-00000-of-00001.parquet', 'queries:queries/test-00000-of-00001.parquet', 'qrels:data/test-00000-of-00001.parquet']);
  });

  it('reads one subset of a dataset of subsets (configs fr-corpus, fr-queries, fr-qrels), and refuses none chosen, naming them', () => {
    const files = ['de', 'fr'].flatMap((l) => [`${l}-corpus/test-00000-of-00001.parquet`, `${l}-queries/test-00000-of-00001.parquet`, `${l}-qrels/test-00000-of-00001.parquet`]);
    const m = buildHubManifest({ repo: 'o/multi', config: 'fr' }, listing('o/multi', files));
    expect(m.id).toBe('o--multi--fr');
    expect(shardsOf(m)).toEqual(['corpus:fr-corpus/test-00000-of-00001.parquet', 'queries:fr-queries/test-00000-of-00001.parquet', 'qrels:fr-qrels/test-00000-of-00001.parquet']);
    expect(() => buildHubManifest({ repo: 'o/multi' }, listing('o/multi', files))).toThrow('"o/multi" has subsets "de", "fr": pick one, e.g. o/multi:de');
    expect(() => buildHubManifest({ repo: 'o/multi', config: 'es' }, listing('o/multi', files))).toThrow('has no subset "es"; it has "de", "fr"');
  });

  it('reads the Parquet folders, not the BEIR files too, when a dataset has both', () => {
    const m = buildHubManifest({ repo: 'o/d' }, listing('o/d', ['corpus.jsonl', 'queries.jsonl', 'qrels/test.tsv', 'corpus/corpus-00000-of-00001.parquet', 'queries/queries-00000-of-00001.parquet', 'data/test-00000-of-00001.parquet']));
    expect(shardsOf(m)).toEqual(['corpus:corpus/corpus-00000-of-00001.parquet', 'queries:queries/queries-00000-of-00001.parquet', 'qrels:data/test-00000-of-00001.parquet']);
  });

  it('keeps the SHA-256 the Hub gives for LFS files', () => {
    const sha256 = 'f'.repeat(64);
    const m = buildHubManifest({ repo: 'o/d' }, { repo: 'o/d', sha: SHA, files: [{ path: 'corpus.jsonl.gz', bytes: 5, sha256 }, { path: 'queries.jsonl' }, { path: 'qrels/test.tsv' }] });
    expect(m.shards[0]).toEqual({ name: 'corpus', kind: 'corpus', path: 'corpus.jsonl.gz', bytes: 5, sha256 });
    expect(m.shards[1]).toEqual({ name: 'queries', kind: 'queries', path: 'queries.jsonl' });
  });

  it('refuses a dataset that is not MTEB-shaped, naming what is missing, and a split it does not have', () => {
    expect(() => buildHubManifest({ repo: 'o/d' }, listing('o/d', ['README.md', 'corpus.jsonl', 'train.csv']))).toThrow(FormatError);
    expect(() => buildHubManifest({ repo: 'o/d' }, listing('o/d', ['README.md', 'corpus.jsonl']))).toThrow('"o/d" is not an MTEB retrieval dataset: no queries, qrels files');
    expect(() => buildHubManifest({ repo: 'o/d', split: 'dev' }, listing('o/d', ['corpus.jsonl', 'queries.jsonl', 'qrels/test.tsv']))).toThrow('"o/d" has no qrels split "dev"; it has "test"');
  });

  // An MTEB dataset that holds its qrels twice: the `default` config's JSON Lines and a `qrels` config's Parquet of the same split.
  const TWICE = ['README.md', 'corpus.jsonl', 'queries.jsonl', 'qrels/test.jsonl', 'qrels/test-00000-of-00001.parquet', 'qrels/dev.jsonl', 'qrels/dev-00000-of-00001.parquet'];
  const MTEB_CARD = [
    '---', 'configs:', '- config_name: default', '  data_files:', '  - split: test', '    path: qrels/test.jsonl', '  - split: dev', '    path: qrels/dev.jsonl',
    '- config_name: qrels', '  data_files:', '  - split: test', '    path: qrels/test-*.parquet', '  - split: dev', '    path: qrels/dev-*.parquet',
    '- config_name: corpus', '  data_files:', '  - split: corpus', '    path: corpus.jsonl', '- config_name: queries', '  data_files:', '  - split: queries', '    path: queries.jsonl', '---',
  ].join('\n');

  it('reads a split\'s qrels once when a folder holds them as JSON Lines and as Parquet: the card\'s default config, else the Parquet files', () => {
    const withCard = buildHubManifest({ repo: 'mteb/twice' }, listing('mteb/twice', TWICE), { card: datasetCardHints(MTEB_CARD) });
    expect(shardsOf(withCard)).toEqual(['corpus:corpus.jsonl', 'queries:queries.jsonl', 'qrels:qrels/test.jsonl']);
    const dev = buildHubManifest({ repo: 'mteb/twice', split: 'dev' }, listing('mteb/twice', TWICE), { card: datasetCardHints(MTEB_CARD) });
    expect(shardsOf(dev)).toEqual(['corpus:corpus.jsonl', 'queries:queries.jsonl', 'qrels:qrels/dev.jsonl']);
    const noCard = buildHubManifest({ repo: 'mteb/twice' }, listing('mteb/twice', TWICE));
    expect(shardsOf(noCard)).toEqual(['corpus:corpus.jsonl', 'queries:queries.jsonl', 'qrels:qrels/test-00000-of-00001.parquet']);
    // The same rule for a corpus folder with both.
    const corpus = buildHubManifest({ repo: 'o/d' }, listing('o/d', ['corpus/corpus.jsonl', 'corpus/corpus-00000-of-00001.parquet', 'queries.jsonl', 'qrels/test.tsv']));
    expect(shardsOf(corpus)[0]).toBe('corpus:corpus/corpus-00000-of-00001.parquet');
  });

  it('refuses a part read from a partial-<split> folder of the Hub\'s Parquet conversion, naming the folder and what to import instead', () => {
    const converted = (qrels: string[]) => listing('o/big', ['corpus/corpus/0000.parquet', 'queries/queries/0000.parquet', ...qrels]);
    const refused = () => buildHubManifest({ repo: 'o/big', revision: 'refs/convert/parquet' }, converted(['default/partial-test/0000.parquet', 'default/partial-test/0001.parquet']));
    expect(refused).toThrow(FormatError);
    expect(refused).toThrow(
      '"o/big" holds only part of a split here: default/partial-test/ (split "test") is the Hub\'s partial Parquet conversion, the first rows of a split too large to convert whole, ' +
        'so an audit on it would not be one of the whole split; import the dataset\'s own files instead (o/big, or o/big@<revision> other than refs/convert/parquet)',
    );
    expect(() => buildHubManifest({ repo: 'o/big' }, listing('o/big', ['corpus/partial-corpus/0000.parquet', 'queries/queries/0000.parquet', 'default/test/0000.parquet']))).toThrow(/corpus\/partial-corpus\/ \(split "corpus"\) is the Hub's partial Parquet conversion/);
    // Mapped by the user, the same.
    const mapped = listing('o/big', ['docs.jsonl', 'asks.jsonl', 'default/partial-test/0000.parquet']);
    expect(() => buildHubManifest({ repo: 'o/big' }, mapped, { map: { 'docs.jsonl': { role: 'corpus' }, 'asks.jsonl': { role: 'queries' }, 'default/partial-test/0000.parquet': { role: 'qrels' } } })).toThrow(/default\/partial-test\/ \(split "test"\)/);
    // A partial split that is not read does not stop the import of a whole one.
    const whole = buildHubManifest({ repo: 'o/big' }, converted(['default/test/0000.parquet', 'default/partial-train/0000.parquet']));
    expect(shardsOf(whole)).toEqual(['corpus:corpus/corpus/0000.parquet', 'queries:queries/queries/0000.parquet', 'qrels:default/test/0000.parquet']);
    expect(() => buildHubManifest({ repo: 'o/big', split: 'train' }, converted(['default/test/0000.parquet', 'default/partial-train/0000.parquet']))).toThrow(/default\/partial-train\/ \(split "train"\)/);
  });
});
