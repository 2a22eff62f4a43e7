import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../../src/core/formats/formatError.ts';
import { parseManifest, partsOf, shardNames } from '../../../../src/core/formats/manifest.ts';

const valid = () => ({
  id: 'freelance-twins', version: '1.0.0', title: 'T', license: 'CC-BY-4.0', languages: ['en', 'fr'],
  generator: { seed: 1 },
  tasks: [
    { type: 'retrieval', name: 'briefs', corpus: 'corpus', queries: 'q', qrels: 'r', relevance_threshold: 3, k: [10] },
    { type: 'twins', name: 'gender', of: 'briefs', twins: 't', attribute: 'gender', groups: ['female', 'male'] },
    { type: 'predictions', name: 'p', task_kind: 'span' },
  ] as Record<string, unknown>[],
  shards: [
    { name: 'corpus', kind: 'corpus', path: 'corpus-00.jsonl.gz', records: 2, bytes: 10, sha256: 'a'.repeat(64) },
    { name: 'corpus', kind: 'corpus', path: 'corpus-01.jsonl.gz' },
    { name: 'q', kind: 'queries', path: 'q.jsonl' },
    { name: 'r', kind: 'qrels', path: 'qrels/test.tsv' },
    { name: 't', kind: 'twins', path: 't.jsonl' },
  ] as Record<string, unknown>[],
});

function message(mutate: (m: ReturnType<typeof valid>) => void): string {
  const m = valid();
  mutate(m);
  try {
    parseManifest(m);
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return (e as Error).message;
  }
  throw new Error('expected parseManifest to throw');
}

describe('parseManifest', () => {
  it('parseManifest(json) returns the manifest with unknown fields kept', () => {
    const m = parseManifest(valid());
    expect(m.id).toBe('freelance-twins');
    expect(m.tasks).toHaveLength(3);
    expect((m as unknown as { generator: unknown }).generator).toEqual({ seed: 1 });
    expect(shardNames(m)).toEqual(['corpus', 'q', 'r', 't']);
    expect(partsOf(m, 'corpus').map((s) => s.path)).toEqual(['corpus-00.jsonl.gz', 'corpus-01.jsonl.gz']);
  });

  it('parseManifest defaults title to the id and languages and tasks to empty', () => {
    const m = parseManifest({ id: 'x', version: '1', shards: [{ name: 'c', kind: 'corpus', path: 'c.jsonl' }] });
    expect(m).toMatchObject({ title: 'x', languages: [], tasks: [] });
  });

  it.each([
    ['missing id', (m: ReturnType<typeof valid>) => delete (m as Partial<typeof m>).id, 'manifest: id must be a non-empty string'],
    ['bad id', (m: ReturnType<typeof valid>) => (m.id = '../x'), 'id "../x" may hold only'],
    ['no shards', (m: ReturnType<typeof valid>) => (m.shards = []), 'shards is empty'],
    ['bad kind', (m: ReturnType<typeof valid>) => (m.shards[2].kind = 'query'), 'shards[2].kind "query" is not one of corpus, queries'],
    ['escaping path', (m: ReturnType<typeof valid>) => (m.shards[2].path = '../etc/passwd'), 'shards[2].path "../etc/passwd" must be a relative path'],
    ['absolute path', (m: ReturnType<typeof valid>) => (m.shards[2].path = '/q.jsonl'), 'must be a relative path'],
    ['duplicate path', (m: ReturnType<typeof valid>) => (m.shards[1].path = 'corpus-00.jsonl.gz'), 'shards[1].path "corpus-00.jsonl.gz" appears twice'],
    ['mixed kinds', (m: ReturnType<typeof valid>) => (m.shards[1].kind = 'queries'), 'shard "corpus" has parts of two kinds'],
    ['negative records', (m: ReturnType<typeof valid>) => (m.shards[0].records = -1), 'shards[0].records must be a whole number'],
    ['bad sha', (m: ReturnType<typeof valid>) => (m.shards[0].sha256 = 'ABC'), 'shards[0].sha256 must be 64 lower-case hex digits'],
    ['unknown task type', (m: ReturnType<typeof valid>) => (m.tasks[0].type = 'ranking'), 'tasks[0].type "ranking" is not one of'],
    ['missing shard', (m: ReturnType<typeof valid>) => (m.tasks[0].qrels = 'nope'), 'tasks[0].qrels names shard "nope", which is not in shards'],
    ['wrong kind', (m: ReturnType<typeof valid>) => (m.tasks[0].queries = 'corpus'), 'tasks[0].queries names shard "corpus" of kind corpus; expected kind queries'],
    ['duplicate task', (m: ReturnType<typeof valid>) => (m.tasks[1].name = 'briefs'), 'tasks[1].name "briefs" appears twice'],
    ['twins of nothing', (m: ReturnType<typeof valid>) => (m.tasks[1].of = 'p'), 'tasks[1].of "p" must name a retrieval task'],
    ['one group', (m: ReturnType<typeof valid>) => (m.tasks[1].groups = ['female']), 'tasks[1].groups needs at least two groups'],
    ['k zero', (m: ReturnType<typeof valid>) => (m.tasks[0].k = [0]), 'tasks[0].k[0] must be at least 1'],
    ['task kind', (m: ReturnType<typeof valid>) => (m.tasks[2].task_kind = 'magic'), 'tasks[2].task_kind "magic" is not one of'],
  ])('parseManifest refuses %s with a message naming the field', (_, mutate, expected) => {
    expect(message(mutate)).toContain(expected);
  });

  it('parseManifest refuses a non-object', () => {
    expect(() => parseManifest([])).toThrow('manifest: manifest must be an object');
  });
});

describe('parseManifest: own-candidates datasets', () => {
  const generation = { seed: 7, kinds: ['names', 'gender'], generated: 10, accepted: 6, rejected: 2, edited: 1, pending: 1, not_made: 3 };

  it('keeps a retrieval task without qrels (no relevance labels)', () => {
    const m = valid();
    delete m.tasks[0].qrels;
    expect(parseManifest(m).tasks[0]).not.toHaveProperty('qrels');
  });

  it('reads the generation block', () => {
    expect(parseManifest({ ...valid(), generation }).generation).toEqual(generation);
  });

  it('refuses a generation count that is not an integer ≥ 0, naming it', () => {
    expect(message((m) => Object.assign(m, { generation: { ...generation, rejected: -1 } }))).toContain('generation.rejected must be an integer ≥ 0');
    expect(message((m) => Object.assign(m, { generation: { ...generation, seed: 'x' } }))).toContain('generation.seed must be an integer');
  });
});
