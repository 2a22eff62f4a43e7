/**
 * The two models the bench runs, described once for both sides: the registry
 * entry the browser's EmbeddingRunner gets, and where Node's transformers.js
 * finds the same files.
 */
import { join } from 'node:path';
import { findModel } from '../../../src/models/registry.ts';
import type { EmbeddingModelEntry } from '../../../src/core/models/modelSpec.ts';

export interface BenchModel {
  readonly name: string;
  readonly entry: EmbeddingModelEntry;
  /** The id transformers.js loads, relative to `localDir` in Node. */
  readonly id: string;
  readonly localDir: string;
  /** 'bundled' (served by the site) or 'hub' (served by the e2e mock Hub). */
  readonly sourceKind: 'bundled' | 'hub';
}

export function benchModels(root: string): BenchModel[] {
  const glove = findModel('fairground-glove-100d');
  if (!glove || glove.kind !== 'embedding') throw new Error('the registry lost the bundled GloVe model');
  const tinyId = 'fairground-test/tiny-bert-embed';
  const tiny: EmbeddingModelEntry = {
    kind: 'embedding', id: tinyId, label: 'tiny BERT (fixture)', revision: 'main', paramsM: 0.06, sizeMb: { fp32: 0.25, q8: 0.21 },
    languages: ['en'], license: 'MIT', source: 'hub', pooling: 'mean', normalize: true, queryPrefix: '', documentPrefix: '',
    // max_position_embeddings of the fixture's config.json
    maxLength: 128, dimensions: 32,
  };
  return [
    { name: 'GloVe 100d (bundled)', entry: glove, id: glove.id, localDir: join(root, 'public/models'), sourceKind: 'bundled' },
    { name: 'tiny BERT (fixture)', entry: tiny, id: tinyId, localDir: join(root, 'test/fixtures/models/hub'), sourceKind: 'hub' },
  ];
}
