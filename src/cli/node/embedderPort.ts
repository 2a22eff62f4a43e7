/**
 * An embedding model of a Node run as core's TextEmbedder port: the Node
 * embedder (onnxruntime-node through transformers.js) with the model's
 * query and document prefixes.
 */
import type { TextEmbedder } from '../../core/audit/run/index.ts';
import { InputError } from '../errors.ts';
import { explainHubFailure, HubUnreachableError } from '../../core/hub/hubUnreachable.ts';
import { DEFAULT_HUB_HOST } from '../../core/models/modelSource.ts';
import type { ModelChoice } from './modelChoice.ts';
import { loadNodeEmbedder } from './nodeEmbedder.ts';

type EmbeddingChoice = Extract<ModelChoice, { kind: 'embedding' }>;

/**
 * Loads the model of `choice`.
 * @throws {InputError} when it cannot load (offline: name the bundled model or a local folder).
 */
export async function openNodeEmbedder(choice: EmbeddingChoice): Promise<TextEmbedder> {
  let embedder: Awaited<ReturnType<typeof loadNodeEmbedder>>;
  try {
    embedder = await loadNodeEmbedder(choice.spec);
  } catch (e) {
    const reason = (e as Error).message.split('\n')[0];
    if (choice.spec.localDir === undefined) {
      const unreachable = explainHubFailure(e, { host: DEFAULT_HUB_HOST, id: choice.spec.id }, 'cli');
      if (unreachable instanceof HubUnreachableError) throw new InputError(unreachable.message);
      throw new InputError(
        `cannot load model "${choice.spec.id}" from the Hugging Face Hub (${reason}); offline, use a bundled model (fairground-glove-100d) or a local model folder`,
      );
    }
    throw new InputError(`cannot load model "${choice.descriptor.id}" (${reason})`, `${choice.spec.localDir}${choice.spec.id}`);
  }
  return {
    device: choice.descriptor.device,
    dtype: choice.descriptor.dtype,
    async embed(texts, role) {
      const prefix = role === 'query' ? choice.queryPrefix : choice.documentPrefix;
      const vectors = await embedder.embed(texts.map((t) => prefix + t));
      return { vectors, dims: embedder.dims, computed: texts.length, cached: 0 };
    },
    dispose: () => embedder.dispose(),
  };
}
