/**
 * Where transformers.js loads a model from in Node: a folder of this machine (`<localModelPath>/<id>/`,
 * never the network) or the Hub. Its settings live in one global `env`, so every Node loader
 * (decisionNode.ts, llmNode.ts) sets both ways each time: a Hub load undoes an earlier local one.
 */
import { env } from '@huggingface/transformers';

/** @example useModelSource('test/fixtures/models/hub') // later loads read test/fixtures/models/hub/<id>/ */
export function useModelSource(localModelPath: string | undefined): void {
  if (localModelPath !== undefined) {
    env.localModelPath = localModelPath.endsWith('/') ? localModelPath : `${localModelPath}/`;
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
  } else {
    env.allowLocalModels = false;
    env.allowRemoteModels = true;
  }
}
