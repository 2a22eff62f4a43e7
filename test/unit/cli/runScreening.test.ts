import { describe, expect, it } from 'vitest';
import { resolveScreeningModel } from '../../../src/cli/runScreening.ts';
import { InputError } from '../../../src/cli/errors.ts';

const FIXTURE = 'test/fixtures/models/hub/fairground-test/tiny-bert-cross-encoder';

describe('resolveScreeningModel(value)', () => {
  it('calibrated:fairground-glove-100d is calibrated similarity over the bundled model', () => {
    const c = resolveScreeningModel('calibrated:fairground-glove-100d');
    expect(c.kind).toBe('calibrated');
    expect(c.descriptor).toMatchObject({ id: 'calibrated:fairground-glove-100d', kind: 'calibrated-similarity', revision: 'bundled' });
  });

  it('a folder with one label is a cross-encoder named folder:<name>, loaded from its parent', () => {
    const c = resolveScreeningModel(FIXTURE);
    expect(c.kind).toBe('decision');
    if (c.kind !== 'decision') return;
    expect(c.descriptor).toEqual({ id: 'folder:tiny-bert-cross-encoder', label: 'tiny-bert-cross-encoder', kind: 'cross-encoder', revision: 'local', truncations: [{ input: 'job and CV', unit: 'tokens', limit: 128 }] });
    expect(c.spec).toMatchObject({ id: 'tiny-bert-cross-encoder', kind: 'cross-encoder', maxLength: 128 });
    expect(c.spec.localModelPath).toMatch(/fairground-test$/);
  });

  it('a registry decision model keeps its kind; a bare Hub id is a cross-encoder; a kind prefix forces the kind', () => {
    expect(resolveScreeningModel('Xenova/nli-deberta-v3-xsmall').descriptor.kind).toBe('zero-shot-nli');
    expect(resolveScreeningModel('org/some-reranker').descriptor.kind).toBe('cross-encoder');
    expect(resolveScreeningModel('sequence-classifier:org/clf').descriptor).toMatchObject({ id: 'org/clf', kind: 'sequence-classifier' });
  });

  it('throws InputError for an embedding model without calibrated:, and for nonsense', () => {
    expect(() => resolveScreeningModel('fairground-glove-100d')).toThrow(/calibrated:fairground-glove-100d/);
    expect(() => resolveScreeningModel('not a model')).toThrow(InputError);
  });
});
