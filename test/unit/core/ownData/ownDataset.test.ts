import { describe, expect, it } from 'vitest';
import { ownDataset, poolsOf, splitOf, type OwnDatasetInput } from '../../../../src/core/ownData/ownDataset.ts';
import { writeDatasetPackage } from '../../../../src/core/package/writePackage.ts';
import { parseManifest } from '../../../../src/core/formats/manifest.ts';
import type { ImportedDocument } from '../../../../src/core/documents/candidateDocument.ts';
import type { Variant } from '../../../../src/core/counterfactual/variant.ts';

const cvs: ImportedDocument[] = [
  { id: 'cv1', text: 'Name: Ana Silva\nJe suis une développeuse.', source: 'cvs.csv row 2', name: 'Ana Silva', lang: 'fr', label: 1, job: 'j1' },
  { id: 'cv2', text: 'Name: Tom Berg\nI am a developer.', source: 'cvs.csv row 3', lang: 'en' },
];
const jobs: ImportedDocument[] = [
  { id: 'j1', text: 'Développeur·se recherché·e', source: 'jobs.csv row 2', lang: 'fr' },
  { id: 'j2', text: 'Developer wanted', source: 'jobs.csv row 3', lang: 'en' },
];
const v = (over: Partial<Variant> & Pick<Variant, 'id' | 'of' | 'kind'>): Variant => ({ attribute: 'gender', group: 'male', signal: 'implicit', from: 'base', text: 'x', edits: [], ...over });
const variants: Variant[] = [
  v({ id: 'cv1.gender.implicit.male.1', of: 'cv1', kind: 'names', name: 'Juan Perez', text: 'Name: Juan Perez\nJe suis une développeuse.' }),
  v({ id: 'cv1.gender.explicit.female', of: 'cv1', kind: 'explicit', group: 'female', signal: 'explicit', text: 'Gender: Female\n…' }),
  v({ id: 'cv1.noise.typos', of: 'cv1', kind: 'noise', attribute: 'noise', group: 'typos', signal: 'noise', text: 'Nmae: Ana Silva…' }),
  v({ id: 'cv1.twin.gender', of: 'cv1', kind: 'gender', group: 'male', text: 'Name: Ana Silva\nJe suis un développeur.' }),
];
const input = (over: Partial<OwnDatasetInput> = {}): OwnDatasetInput => ({
  id: 'mine', title: 'Mine', cvs, jobs, variants,
  generation: { seed: 3, kinds: ['names', 'explicit', 'gender', 'noise'], counts: { generated: 6, accepted: 3, rejected: 1, edited: 1, pending: 1 }, notMade: 2 },
  ...over,
});

describe('ownDataset', () => {
  const d = ownDataset(input());

  it('pools: a CV naming a job is in that job\'s pool, one naming none in every pool', () => {
    expect(d.pools).toEqual([{ job_id: 'j1', cv_ids: ['cv1', 'cv2'] }, { job_id: 'j2', cv_ids: ['cv2'] }]);
  });

  it('the screening task takes the name, explicit and noise variants and the labels; the gender twin goes to the twins task', () => {
    expect(d.variants?.map((r) => [r.variant_id, r.signal, r.name ?? null])).toEqual([
      ['cv1.gender.implicit.male.1', 'implicit', 'Juan Perez'],
      ['cv1.gender.explicit.female', 'explicit', null],
      ['cv1.noise.typos', 'noise', null],
    ]);
    expect(d.labels).toEqual([{ job_id: 'j1', cv_id: 'cv1', label: 1, split: splitOf('cv1', 3, 0.3) }]);
    expect(d.twins).toEqual([{ id: 'cv1', twin_id: 'cv1.twin.gender', twin_text: 'Name: Ana Silva\nJe suis un développeur.', group: 'female', twin_group: 'male', lang: 'fr' }]);
    expect(d.tasks.map((t) => [t.type, t.name])).toEqual([['screening', 'screening'], ['retrieval', 'jobs'], ['twins', 'gender']]);
    expect(d.tasks[1]).toMatchObject({ qrels: 'qrels', relevance_threshold: 1 });
    expect(d.qrels).toEqual([{ query_id: 'j1', corpus_id: 'cv1', score: 1 }]);
    expect(d.languages).toEqual(['en', 'fr']);
    expect(d.generation).toEqual({
      seed: 3, kinds: ['names', 'explicit', 'gender', 'noise'], generated: 6, accepted: 3, rejected: 1, edited: 1, pending: 1, not_made: 2,
      variants_by_kind: { names: 1, explicit: 1, gender: 1, noise: 1 },
    });
  });

  it('without labels: no labels or qrels shard, a retrieval task without qrels (twin robustness only)', () => {
    const u = ownDataset(input({ cvs: cvs.map(({ label: _l, ...c }) => c) }));
    expect(u.labels).toBeUndefined();
    expect(u.qrels).toBeUndefined();
    expect(u.tasks[1]).not.toHaveProperty('qrels');
    expect(u.tasks[0]).not.toHaveProperty('labels');
  });

  it('writes a package that parses, with the generation block and every task\'s shards', () => {
    const files = writeDatasetPackage(d).files;
    const manifest = parseManifest(JSON.parse(new TextDecoder().decode(files[0].bytes)));
    expect(manifest.generation?.not_made).toBe(2);
    expect(files.map((f) => f.path)).toEqual(['manifest.json', 'jobs.jsonl.gz', 'cvs.jsonl.gz', 'pools.jsonl.gz', 'variants.jsonl.gz', 'labels.jsonl.gz', 'corpus.jsonl.gz', 'queries.jsonl.gz', 'qrels.jsonl.gz', 'twins.jsonl.gz']);
  });

  it('refuses, naming the problem: a bad id, no CVs, no job posts, an unknown job, a variant of no CV', () => {
    expect(() => ownDataset(input({ id: '../x' }))).toThrow(/dataset id "..\/x"/);
    expect(() => ownDataset(input({ cvs: [] }))).toThrow(/no CVs/);
    expect(() => ownDataset(input({ jobs: [] }))).toThrow(/no job posts/);
    expect(() => poolsOf([{ ...cvs[0], job: 'j9' }], jobs)).toThrow('cvs.csv row 2: CV "cv1" applies to job "j9", which is not among the job posts');
    expect(() => ownDataset(input({ variants: [v({ id: 'x', of: 'cv9', kind: 'names' })] }))).toThrow(/"cv9", which is not among the CVs/);
  });
});

describe('splitOf', () => {
  it('puts about the share of ids in tune, the same ones every time', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `cv${i}`);
    const tune = ids.filter((id) => splitOf(id, 1, 0.3) === 'tune').length / ids.length;
    expect(tune).toBeGreaterThan(0.27);
    expect(tune).toBeLessThan(0.33);
    expect(ids.map((id) => splitOf(id, 1, 0.3))).toEqual(ids.map((id) => splitOf(id, 1, 0.3)));
    expect(ids.every((id) => splitOf(id, 1, 0) === 'test')).toBe(true);
    expect(ids.every((id) => splitOf(id, 1, 1) === 'tune')).toBe(true);
  });
});
