/**
 * Decision worker: scores (job, CV) pairs with one decision model on one
 * device. Thin on purpose — batching, repeated runs, progress, cancel and
 * the WebGPU → WASM fallback in a fresh worker are driven by
 * src/models/decisionRunner.ts; the scoring itself is shared with Node
 * (src/models/decisionTransformers.ts, decisionOnnx.ts, and for an LLM
 * screener llmScorer.ts: `answer`, one pair per call from the runner).
 */
import * as Comlink from 'comlink';
import * as ort from 'onnxruntime-web/webgpu';
import { AutoModelForCausalLM, AutoModelForSequenceClassification, AutoTokenizer, env, type PreTrainedModel } from '@huggingface/transformers';
import { configureOnnxWasm, destroyWebGpuDevice } from '../src/models/onnxEnv.ts';
import { envForSource, folderFetch } from '../src/models/transformersEnv.ts';
import { FOLDER_PREFIX } from '../src/core/models/modelSource.ts';
import { modelFileUrl, type DecisionLoadSpec, type DecisionPair, type DecisionScores, type LlmCallAnswers } from '../src/models/decisionSpec.ts';
import { llmScorer, type LlmScorer } from '../src/models/llmScorer.ts';
import { modelLabels, transformersDecisionScorer, type PairScorer } from '../src/models/decisionTransformers.ts';
import { onnxDecisionScorer, type OrtLike, type OrtSessionLike } from '../src/models/decisionOnnx.ts';

export type { DecisionLoadSpec, DecisionPair, DecisionScores, LlmCallAnswers } from '../src/models/decisionSpec.ts';
import type { FileProgress } from '../src/models/deviceWorker.ts';
export type { FileProgress };

let scorer: PairScorer | undefined;
let llm: LlmScorer | undefined;
let model: PreTrainedModel | undefined;
let session: OrtSessionLike | undefined;
const nativeFetch = self.fetch.bind(self);

/** Loads the model; returns its labels (config.id2label order; [] for an ONNX classifier). */
async function load(s: DecisionLoadSpec, onFile?: (p: FileProgress) => void): Promise<{ labels: string[] }> {
  const siteUrl = new URL('../', self.location.href); // workers are built into <site>/assets/
  configureOnnxWasm(env.backends.onnx.wasm as object, siteUrl.href, s.threads, s.device);
  configureOnnxWasm(ort.env.wasm as object, siteUrl.href, s.threads, s.device);
  Object.assign(env, envForSource(s.source, siteUrl.pathname));
  const fetcher = folderFetch(s.source, siteUrl.pathname, self.location.origin, nativeFetch);
  env.fetch = fetcher as typeof env.fetch;
  const options = {
    revision: s.source.kind === 'hub' ? s.source.revision : undefined,
    progress_callback: (p: { status: string; file?: string; loaded?: number; total?: number }) => {
      if (!onFile || p.file === undefined) return;
      onFile({ file: p.file, status: p.status as FileProgress['status'], loaded: p.loaded ?? 0, total: p.total ?? 0 });
    },
  };
  const tokenizer = await AutoTokenizer.from_pretrained(s.source.id, options);
  if (s.kind === 'onnx-classifier') {
    if (!s.onnx) throw new Error('an ONNX classifier needs its input/output mapping');
    const url = modelFileUrl(s.source, s.onnx.modelFile, siteUrl.href, FOLDER_PREFIX);
    onFile?.({ file: s.onnx.modelFile, status: 'initiate', loaded: 0, total: 0 });
    const response = await fetcher(url);
    if (!response.ok) throw new Error(`could not fetch ${s.onnx.modelFile}: HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    onFile?.({ file: s.onnx.modelFile, status: 'done', loaded: bytes.length, total: bytes.length });
    session = (await ort.InferenceSession.create(bytes, { executionProviders: [s.device] })) as unknown as OrtSessionLike;
    scorer = onnxDecisionScorer(ort as unknown as OrtLike, session, tokenizer, s.onnx, s.maxLength);
    return { labels: [] };
  }
  if (s.kind === 'llm') {
    if (!s.llm) throw new Error('an LLM needs its screening template and mode');
    model = await AutoModelForCausalLM.from_pretrained(s.source.id, { ...options, device: s.device, dtype: s.dtype });
    llm = llmScorer(tokenizer, model, s.llm);
    return { labels: [] };
  }
  model = await AutoModelForSequenceClassification.from_pretrained(s.source.id, { ...options, device: s.device, dtype: s.dtype });
  scorer = transformersDecisionScorer(tokenizer, model, {
    kind: s.kind,
    maxLength: s.maxLength,
    fitLabel: s.fitLabel,
    entailmentLabel: s.entailmentLabel,
    jobChars: s.jobChars,
  });
  return { labels: modelLabels(model) };
}

/** Scores a batch of pairs: fit probabilities (0..1), transferred, and the call's wall time. */
async function score(pairs: DecisionPair[]): Promise<DecisionScores> {
  if (!scorer) throw new Error('no model loaded: call load() first');
  const t0 = performance.now();
  const probabilities = await scorer(pairs);
  const result: DecisionScores = { probabilities, ms: performance.now() - t0 };
  return Comlink.transfer(result, [probabilities.buffer]);
}

/**
 * An LLM's answers to `pairs`, in order (the job's prefix cache is reused
 * across consecutive pairs of one job): pair j draws from the sampler stream
 * (`stream`, `startIndex + j`) in generated mode. Arrays transferred.
 */
async function answer(pairs: DecisionPair[], stream: number, startIndex: number): Promise<LlmCallAnswers> {
  if (!llm) throw new Error('no LLM loaded: call load() with kind llm first');
  const t0 = performance.now();
  const n = pairs.length;
  const out = { scores: new Float64Array(n), valid: new Uint8Array(n), promptTokens: new Uint32Array(n), generatedTokens: new Uint32Array(n), optionMass: new Float64Array(n).fill(NaN) };
  const texts: (string | undefined)[] = [];
  for (let j = 0; j < n; j++) {
    const a = await llm.scorePair(pairs[j]!, stream, startIndex + j);
    out.scores[j] = a.score;
    out.valid[j] = a.valid ? 1 : 0;
    out.promptTokens[j] = a.promptTokens;
    out.generatedTokens[j] = a.generatedTokens;
    if (a.optionMass !== undefined) out.optionMass[j] = a.optionMass;
    texts.push(a.text);
  }
  const result: LlmCallAnswers = { ...out, texts, ms: performance.now() - t0 };
  return Comlink.transfer(result, Object.values(out).map((a) => a.buffer));
}

/** Destroys the WebGPU device ONNX Runtime is using (tests of the WASM fallback). */
const loseDevice = (): Promise<boolean> => destroyWebGpuDevice(env.backends.onnx, ort.env);

async function dispose(): Promise<void> {
  llm?.dispose();
  llm = undefined;
  await model?.dispose();
  await session?.release?.();
  model = undefined;
  session = undefined;
  scorer = undefined;
}

export const decideApi = { load, score, answer, loseDevice, dispose };
export type DecideApi = typeof decideApi;
Comlink.expose(decideApi);
