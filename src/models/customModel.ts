/**
 * Registry-like entries for models the user names that the registry does not
 * list (any Hub id, or a local folder). The defaults are the common case for
 * sentence-embedding exports: mean pooling, normalised, no prefixes, 512 tokens.
 * The Models view lets the user change them before a run.
 */
import type { EmbeddingModelEntry } from '../core/models/modelSpec.ts';

export function customEmbeddingEntry(id: string, source: 'hub' | 'bundled', overrides: Partial<EmbeddingModelEntry> = {}): EmbeddingModelEntry {
  return {
    kind: 'embedding',
    id,
    label: id,
    revision: 'main',
    paramsM: 0,
    sizeMb: {},
    languages: [],
    license: 'see the model card',
    source,
    pooling: 'mean',
    normalize: true,
    queryPrefix: '',
    documentPrefix: '',
    maxLength: 512,
    dimensions: 0,
    ...overrides,
  };
}
