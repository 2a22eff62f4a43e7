/**
 * What a `--model` argument of `fairground run` names: a lexical baseline
 * (`bm25`, `tfidf`), a registry embedding model (bundled, or on the Hub), a
 * local model folder, or any other Hub repo id.
 */
import { BASELINE_DESCRIPTORS, type ModelDescriptor } from '../../core/audit/retrieval/index.ts';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findModel, isHubModelId } from '../../models/registry.ts';
import type { Pooling } from '../../core/models/modelSpec.ts';
import { InputError } from '../errors.ts';
import type { NodeModelSpec } from './nodeEmbedder.ts';

export type ModelChoice =
  | { readonly kind: 'bm25' | 'tfidf'; readonly descriptor: ModelDescriptor }
  | {
      readonly kind: 'embedding';
      readonly descriptor: ModelDescriptor;
      readonly spec: NodeModelSpec;
      readonly queryPrefix: string;
      readonly documentPrefix: string;
    };

const BASELINES: Readonly<Record<'bm25' | 'tfidf', ModelDescriptor>> = Object.freeze({
  bm25: BASELINE_DESCRIPTORS.bm25,
  tfidf: BASELINE_DESCRIPTORS.tfidf,
});

/**
 * The folder holding bundled models (`public/models/`): searched upward from
 * this module (src/cli/node/ in the source, dist-cli/ when bundled) and from
 * the working directory.
 */
export function bundledModelsDir(id: string): string | undefined {
  const starts = [dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    let dir = start;
    for (let i = 0; i < 6; i++) {
      const candidate = join(dir, 'public', 'models');
      if (existsSync(join(candidate, id, 'config.json'))) return candidate;
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  return undefined;
}

/** Pooling and normalisation a local folder declares in config.json's `fairground` block; mean + L2 otherwise. */
function folderConventions(dir: string): { pooling: Pooling; normalize: boolean; maxLength: number } {
  let config: { fairground?: { pooling?: Pooling; normalize?: boolean }; max_position_embeddings?: number } = {};
  try {
    config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
  } catch {
    throw new InputError('the model folder has no readable config.json', dir);
  }
  return {
    pooling: config.fairground?.pooling ?? 'mean',
    normalize: config.fairground?.normalize ?? true,
    maxLength: Math.min(config.max_position_embeddings ?? 512, 4096),
  };
}

/**
 * Resolves one `--model` value.
 * @throws {InputError} for a decision model, a bundled model whose files are
 *   missing, or a value that is none of the accepted forms.
 */
export function resolveModel(value: string): ModelChoice {
  if (value === 'bm25' || value === 'tfidf') return { kind: value, descriptor: BASELINES[value] };
  const entry = findModel(value);
  if (entry?.kind === 'decision') throw new InputError(`model "${value}" is a decision model; the retrieval audit needs an embedding model, bm25 or tfidf`);
  if (entry?.kind === 'embedding') {
    const dtype = entry.sizeMb.fp32 !== undefined ? 'fp32' : (Object.keys(entry.sizeMb)[0] ?? 'fp32');
    const descriptor: ModelDescriptor = { id: entry.id, label: entry.label, kind: 'embedding', revision: entry.revision, dtype, device: 'cpu' };
    const common = { dtype, pooling: entry.pooling, normalize: entry.normalize, maxLength: entry.maxLength };
    if (entry.source === 'bundled') {
      const localDir = bundledModelsDir(entry.id);
      if (!localDir) throw new InputError(`bundled model "${entry.id}" not found: public/models/${entry.id}/ is missing`);
      return { kind: 'embedding', descriptor, spec: { id: entry.id, localDir, ...common }, queryPrefix: entry.queryPrefix, documentPrefix: entry.documentPrefix };
    }
    return {
      kind: 'embedding',
      descriptor,
      spec: { id: entry.id, revision: entry.revision, ...common },
      queryPrefix: entry.queryPrefix,
      documentPrefix: entry.documentPrefix,
    };
  }
  const path = resolve(value);
  if (existsSync(path) && statSync(path).isDirectory()) {
    const conv = folderConventions(path);
    const name = basename(path);
    return {
      kind: 'embedding',
      descriptor: { id: `folder:${name}`, label: name, kind: 'embedding', revision: 'local', dtype: 'fp32', device: 'cpu' },
      spec: { id: name, localDir: dirname(path), dtype: 'fp32', ...conv },
      queryPrefix: '',
      documentPrefix: '',
    };
  }
  if (isHubModelId(value)) {
    return {
      kind: 'embedding',
      descriptor: { id: value, label: value, kind: 'embedding', revision: 'main', dtype: 'fp32', device: 'cpu' },
      spec: { id: value, revision: 'main', dtype: 'fp32', pooling: 'mean', normalize: true, maxLength: 512 },
      queryPrefix: '',
      documentPrefix: '',
    };
  }
  throw new InputError(`unknown model "${value}": use bm25, tfidf, a registry id (e.g. fairground-glove-100d), a Hub id org/name, or a model folder`);
}
