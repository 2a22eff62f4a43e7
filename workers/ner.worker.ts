/**
 * Named-entity worker (issue 46's optional second opinion on names): runs a token-classification
 * model with transformers.js on one device and returns each chunk's entities (aggregation
 * "simple"). Thin on purpose: the WebGPU → WASM fallback in a fresh worker is
 * src/models/deviceWorker.ts's (NerRunner); placing the entities and deciding what to propose is
 * core's (identity/nerEntities.ts, nerSecondOpinion.ts).
 */
import * as Comlink from 'comlink';
import { env, pipeline, type TokenClassificationPipeline } from '@huggingface/transformers';
import { configureOnnxWasm, destroyWebGpuDevice } from '../src/models/onnxEnv.ts';
import { envForSource, folderFetch } from '../src/models/transformersEnv.ts';
import type { NerEntity } from '../src/core/counterfactual/identity/index.ts';
import type { Device, Dtype } from '../src/core/models/device.ts';
import type { ModelSource } from '../src/core/models/modelSource.ts';
import type { FileProgress } from '../src/models/deviceWorker.ts';

export type { FileProgress, NerEntity };

export interface NerLoadSpec {
  readonly source: ModelSource;
  readonly device: Device;
  readonly dtype: Dtype;
  readonly threads: number;
}

let ner: TokenClassificationPipeline | undefined;
const nativeFetch = self.fetch.bind(self);

async function load(s: NerLoadSpec, onFile?: (p: FileProgress) => void): Promise<void> {
  const siteUrl = new URL('../', self.location.href); // workers are built into <site>/assets/
  configureOnnxWasm(env.backends.onnx.wasm as object, siteUrl.href, s.threads, s.device);
  Object.assign(env, envForSource(s.source, siteUrl.pathname));
  env.fetch = folderFetch(s.source, siteUrl.pathname, self.location.origin, nativeFetch) as typeof env.fetch;
  ner = (await pipeline('token-classification', s.source.id, {
    device: s.device,
    dtype: s.dtype,
    revision: s.source.kind === 'hub' ? s.source.revision : undefined,
    progress_callback: (p: { status: string; file?: string; loaded?: number; total?: number }) => {
      if (!onFile || p.file === undefined) return;
      onFile({ file: p.file, status: p.status as FileProgress['status'], loaded: p.loaded ?? 0, total: p.total ?? 0 });
    },
  })) as TokenClassificationPipeline;
}

/** The entities of each text (one model call per text: the pipeline truncates at the model's length). */
async function entities(texts: string[]): Promise<NerEntity[][]> {
  if (!ner) throw new Error('no model loaded: call load() first');
  const out: NerEntity[][] = [];
  for (const text of texts) {
    const found = (await ner(text, { aggregation_strategy: 'simple' })) as unknown as { entity_group?: string; entity?: string; word: string; score: number; start?: number; end?: number }[];
    out.push(found.map((e) => ({ word: e.word, group: e.entity_group ?? e.entity ?? '', score: e.score, ...(typeof e.start === 'number' && typeof e.end === 'number' ? { start: e.start, end: e.end } : {}) })));
  }
  return out;
}

/** Destroys the WebGPU device ONNX Runtime is using (tests of the WASM fallback). */
const loseDevice = (): Promise<boolean> => destroyWebGpuDevice(env.backends.onnx);

async function dispose(): Promise<void> {
  await ner?.dispose();
  ner = undefined;
}

export const nerApi = { load, entities, loseDevice, dispose };
export type NerApi = typeof nerApi;
Comlink.expose(nerApi);
