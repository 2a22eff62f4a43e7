import { describe, expect, it } from 'vitest';
import {
  assertNoDatasetContent,
  DatasetContentError,
  locatedPayloadStrings,
  payloadStrings,
} from '../../../../src/core/permalink/index.ts';
import { retrievalPayload } from './fixtures.ts';

describe('payloadStrings(payload)', () => {
  it('yields every key and string value depth first, a key before its value', () => {
    expect([...payloadStrings({ a: ['b', 1, { c: 'd' }], e: null, f: true })]).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('locatedPayloadStrings gives each string its path and whether it is a key', () => {
    expect([...locatedPayloadStrings({ a: [{ b: 'x' }] })].map(({ value, path, isKey, steps }) => ({ value, path, isKey, steps: steps() }))).toEqual([
      { value: 'a', path: 'a', isKey: true, steps: ['a'] },
      { value: 'b', path: 'a[0].b', isKey: true, steps: ['a', 0, 'b'] },
      { value: 'x', path: 'a[0].b', isKey: false, steps: ['a', 0, 'b'] },
    ]);
  });

  it('walks a cyclic object once and a 10 000-deep one without overflowing the stack', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect([...payloadStrings(cyclic)]).toEqual(['name', 'loop', 'self']);
    let deep: unknown = 'bottom';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect([...payloadStrings(deep)]).toEqual(['bottom']);
  });
});

describe('assertNoDatasetContent(payload, forbidden)', () => {
  const ids = ['q-00017', 'doc-48213', 'cv-0912-twin'];

  it('passes a payload of configuration and summary numbers', () => {
    expect(() => assertNoDatasetContent(retrievalPayload(), ids)).not.toThrow();
  });

  it('finds a record id nested deep in an array and names it and its path', () => {
    const p = retrievalPayload();
    const leaky = { ...p, results: { ...p.results, subsets: [{ task: 't', worst: [[{ queries: [{ id: 'x' }, { id: 'doc-48213' }] }]] }] } };
    expect(() => assertNoDatasetContent(leaky, ids)).toThrow(DatasetContentError);
    try {
      assertNoDatasetContent(leaky, ids);
    } catch (error) {
      expect((error as DatasetContentError).found).toBe('doc-48213');
      expect((error as DatasetContentError).path).toBe('results.subsets[0].worst[0][0].queries[1].id');
      expect((error as Error).message).toContain('"doc-48213"');
    }
  });

  it('finds a record id used as an object key (per-query results keyed by id)', () => {
    const p = { ...retrievalPayload(), results: { perQuery: { 'q-00017': 0.5 } } };
    expect(() => assertNoDatasetContent(p, ids)).toThrow('the key “q-00017” under “results › perQuery” is "q-00017"');
  });

  it('throws on the first forbidden string in walk order', () => {
    const p = { a: 'cv-0912-twin', b: 'q-00017' };
    expect(() => assertNoDatasetContent(p, ids)).toThrow('the value of “a” is "cv-0912-twin"');
  });

  it('ignores forbidden strings shorter than 4 characters, so "en" or "yes" do not trip it', () => {
    const p = { ...retrievalPayload(), parameters: { lang: 'en', answer: 'yes' } };
    expect(() => assertNoDatasetContent(p, ['en', 'yes', 'q1'])).not.toThrow();
    expect(() => assertNoDatasetContent({ x: 'four' }, ['four'])).toThrow(DatasetContentError);
  });

  it('matches short strings whole only: a numeric id does not trip on a hex hash that contains it', () => {
    const p = retrievalPayload();
    expect(p.dataset.manifestSha256).toContain('1122');
    expect(() => assertNoDatasetContent(p, ['1122', '4455'])).not.toThrow();
  });

  it('finds a passage of 32 or more characters pasted inside a longer string', () => {
    const passage = 'Senior Python developer with ten years of Django experience';
    const p = { results: { note: `Worst query: ${passage} (rank 14)` } };
    expect(() => assertNoDatasetContent(p, [passage])).toThrow(/the value of “results › note”|the value of “note” under “results”/);
  });

  it('accepts any iterable of forbidden strings (a Set, a generator)', () => {
    function* gen() {
      yield 'doc-48213';
    }
    expect(() => assertNoDatasetContent({ a: ['doc-48213'] }, new Set(['doc-48213']))).toThrow(DatasetContentError);
    expect(() => assertNoDatasetContent({ a: ['doc-48213'] }, gen())).toThrow(DatasetContentError);
  });

  it('names where a string sits in words, by the labels of the lists it is in, never by a bare index', () => {
    const payload = { results: { models: [{ model: { id: 'bm25', label: 'BM25' }, outcomes: [{ attribute: 'gender', outcomes: { groupings: [{ name: 'ethnicity' }, { name: 'Jane Roe' }] } }] }] } };
    try {
      assertNoDatasetContent(payload, ['Jane Roe']);
      expect.unreachable();
    } catch (error) {
      const e = error as DatasetContentError;
      expect(e.path).toBe('results.models[0].outcomes[0].outcomes.groupings[1].name');
      expect(e.where).toBe('the value of “name” of the grouping “Jane Roe”, in the outcomes for “gender”, in the model “BM25”');
      expect(e.message).not.toMatch(/\[\d+\]/);
    }
  });

  it('with { keys: false } checks values only (a report’s keys are its schema’s words)', () => {
    expect(() => assertNoDatasetContent({ name: 'x' }, ['name'], { keys: false })).not.toThrow();
    expect(() => assertNoDatasetContent({ name: 'name' }, ['name'], { keys: false })).toThrow(DatasetContentError);
  });
});
