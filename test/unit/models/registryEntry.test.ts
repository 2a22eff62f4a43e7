import { describe, expect, it } from 'vitest';
import { decisionEntry, embeddingEntry } from '../../../src/models/registryEntry.ts';

const FAMILY = { languages: ['en'], license: 'MIT', pooling: 'cls', queryPrefix: 'q: ', documentPrefix: '', maxLength: 512 } as const;
const OWN = { id: 'org/some-model', revision: 'main', paramsM: 10, sizeMb: { fp32: 40 }, dimensions: 8 };

describe('embeddingEntry', () => {
  it('embeddingEntry(family, own) gives the family fields and the own ones, normalised, labelled by the repository name, from the Hub', () => {
    expect(embeddingEntry(FAMILY, OWN)).toStrictEqual({
      kind: 'embedding',
      id: 'org/some-model',
      label: 'some-model',
      revision: 'main',
      paramsM: 10,
      sizeMb: { fp32: 40 },
      languages: ['en'],
      license: 'MIT',
      source: 'hub',
      pooling: 'cls',
      normalize: true,
      queryPrefix: 'q: ',
      documentPrefix: '',
      maxLength: 512,
      dimensions: 8,
    });
  });

  it('embeddingEntry lets a model say otherwise than its family, and keeps its label, source, note and batch size', () => {
    const e = embeddingEntry(FAMILY, { ...OWN, label: 'Mine', source: 'bundled', license: 'Apache-2.0', note: 'big', batchSize: 64 });
    expect([e.label, e.source, e.license, e.note, e.batchSize]).toEqual(['Mine', 'bundled', 'Apache-2.0', 'big', 64]);
  });

  it('embeddingEntry writes the keys in the registry order, with no note or batchSize key when there is none', () => {
    expect(Object.keys(embeddingEntry(FAMILY, OWN))).toEqual(['kind', 'id', 'label', 'revision', 'paramsM', 'sizeMb', 'languages', 'license', 'source', 'pooling', 'normalize', 'queryPrefix', 'documentPrefix', 'maxLength', 'dimensions']);
    expect(Object.keys(embeddingEntry(FAMILY, { ...OWN, note: 'n', batchSize: 2 }))).toEqual(['kind', 'id', 'label', 'revision', 'paramsM', 'sizeMb', 'languages', 'license', 'source', 'note', 'pooling', 'normalize', 'queryPrefix', 'documentPrefix', 'maxLength', 'dimensions', 'batchSize']);
  });
});

describe('decisionEntry', () => {
  it('decisionEntry(family, own) gives the family fields and the own ones in the registry order, labels only when given', () => {
    const family = { languages: ['en'], license: 'Apache-2.0', maxLength: 512 } as const;
    const own = { id: 'org/reranker', label: 'reranker (cross-encoder)', revision: 'main', paramsM: 20, sizeMb: { q8: 20 }, decision: 'cross-encoder' } as const;
    expect(decisionEntry(family, own)).toStrictEqual({ kind: 'decision', ...own, languages: ['en'], license: 'Apache-2.0', source: 'hub', maxLength: 512 });
    expect(Object.keys(decisionEntry(family, own))).toEqual(['kind', 'id', 'label', 'revision', 'paramsM', 'sizeMb', 'languages', 'license', 'source', 'decision', 'maxLength']);
    const nli = decisionEntry(family, { ...own, decision: 'zero-shot-nli', labels: ['contradiction', 'entailment'], entailmentLabel: 'entailment' });
    expect(Object.keys(nli).slice(-2)).toEqual(['labels', 'entailmentLabel']);
  });
});
