/**
 * LLM screeners in Node (the CLI's screening audits, issue 49): the same
 * scorer as the browser's decision worker (llmScorer.ts), through
 * @huggingface/transformers' Node build (onnxruntime-node, device `cpu`).
 * A pair is one call (the prefix cache is per job, so pairs are scored in
 * work-list order, job by job).
 *
 * transformers.js keeps its settings in one global `env`: load models one at a time.
 */
import { AutoModelForCausalLM, AutoTokenizer, type PreTrainedModel } from '@huggingface/transformers';
import { useModelSource } from './nodeModelEnv.ts';
import type { Dtype } from '../core/models/device.ts';
import type { DecisionRunResult, DecisionRunsResult, LlmAsked, LlmPassAnswers, ScreeningScorer } from '../core/models/decisionScores.ts';
import type { LlmMode, ScreeningTemplate } from '../core/llm/index.ts';
import { llmAsked, LlmPassTally, VARIANT_STREAM } from './llmAsk.ts';
import type { DecisionPair } from './decisionSpec.ts';
import { CancelledError } from './embeddingRunner.ts';
import { llmScorer, llmScorerOver, stopTokens, type LlmScorer } from './llmScorer.ts';
import { kvShapeOf, ortDecoder, type DecoderPass, type OrtDecoderSession, type OrtModule } from './decoderPass.ts';
import { onnxFilePath } from '../core/models/onnxFile.ts';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { availableParallelism } from 'node:os';

/**
 * A model folder's graph on onnxruntime-web's WASM backend in Node (up to 4 threads), with its
 * config.json and generation_config.json.
 * @throws {Error} when the folder lacks the dtype's ONNX file or a readable config.
 */
async function openWasmDecoder(dir: string, dtype: Dtype): Promise<{ decoder: DecoderPass; configs: Record<string, unknown>[]; release: () => Promise<void> }> {
  const ort = await import('onnxruntime-web');
  ort.env.wasm.wasmPaths = pathToFileURL(`${dirname(createRequire(import.meta.url).resolve('onnxruntime-web'))}/`).href;
  // Threads split the work, not the sums: the numbers equal one thread's (checked: 0 difference).
  ort.env.wasm.numThreads = Math.max(1, Math.min(4, availableParallelism()));
  const json = async (file: string) => JSON.parse(await readFile(join(dir, file), 'utf8')) as Record<string, unknown>;
  const config = await json('config.json');
  const generation = await json('generation_config.json').catch(() => ({}));
  const session = await ort.InferenceSession.create(new Uint8Array(await readFile(join(dir, onnxFilePath(dtype)))), { executionProviders: ['wasm'] });
  return {
    decoder: ortDecoder(ort as unknown as OrtModule, session as unknown as OrtDecoderSession, kvShapeOf(config)),
    configs: [config, generation],
    release: () => session.release(),
  };
}

export interface NodeLlmSpec {
  /** Hub id, or a folder name under localModelPath. */
  readonly id: string;
  readonly revision?: string;
  /** Load from `<localModelPath>/<id>/` and never from the network. */
  readonly localModelPath?: string;
  /** Default fp32. */
  readonly dtype?: Dtype;
  readonly template: ScreeningTemplate;
  readonly mode: LlmMode;
  readonly temperature: number;
  readonly maxNewTokens: number;
  readonly seed: number;
  readonly prefixCache: boolean;
  /** Generated mode: constrain answers to the JSON schema (structured output). */
  readonly structured?: boolean;
  /**
   * `cpu` (default): transformers.js on onnxruntime-node. `wasm`: onnxruntime-web's WASM kernels in
   * Node — the browser's WASM arithmetic, for numbers equal to the page's (a local folder only).
   */
  readonly device?: 'cpu' | 'wasm';
}

export interface NodeLlmModel extends ScreeningScorer {
  readonly dtype: Dtype;
  readonly llmAsked: LlmAsked;
  dispose(): Promise<void>;
}

/**
 * Loads an instruct LLM in Node.
 * @throws {Error} when the files are missing or the model has no chat template.
 * @example const m = await loadLlmNode({ id: 'fairground-test/tiny-llm', localModelPath: 'test/fixtures/models/hub', template: DEFAULT_SCREENING_TEMPLATE, mode: 'probabilities', temperature: 0, maxNewTokens: 48, seed: 0, prefixCache: true })
 */
export async function loadLlmNode(spec: NodeLlmSpec): Promise<NodeLlmModel> {
  useModelSource(spec.localModelPath);
  const dtype = spec.dtype ?? 'fp32';
  const device = spec.device ?? 'cpu';
  const tokenizer = await AutoTokenizer.from_pretrained(spec.id, { revision: spec.revision });
  let release: () => Promise<void>;
  let scorer: LlmScorer;
  if (device === 'wasm') {
    if (spec.localModelPath === undefined) throw new Error('--device wasm runs a model folder on this machine (llm:DIR), not a Hub download');
    const opened = await openWasmDecoder(join(spec.localModelPath, spec.id), dtype);
    release = opened.release;
    try {
      scorer = llmScorerOver(tokenizer, opened.decoder, stopTokens(tokenizer, opened.configs), spec);
    } catch (e) {
      await release();
      throw e;
    }
  } else {
    const model: PreTrainedModel = await AutoModelForCausalLM.from_pretrained(spec.id, { revision: spec.revision, dtype, device: 'cpu' });
    release = async () => void (await model.dispose());
    try {
      scorer = llmScorer(tokenizer, model, spec);
    } catch (e) {
      await release();
      throw e;
    }
  }

  async function pass(pairs: readonly DecisionPair[], run: number, signal?: AbortSignal): Promise<DecisionRunResult> {
    const t0 = performance.now();
    const tally = new LlmPassTally(pairs.length);
    for (let i = 0; i < pairs.length; i++) {
      if (signal?.aborted) throw new CancelledError();
      const c0 = performance.now();
      const a = await scorer.scorePair(pairs[i]!, run, i);
      tally.add(i, a, performance.now() - c0);
    }
    const { scores, callsMs } = tally;
    return { scores, callsMs, callPairs: callsMs.map(() => 1), device, dtype, fallbacks: [], ms: performance.now() - t0, answers: tally.answers(spec.mode) };
  }

  return {
    dtype,
    llmAsked: llmAsked(spec),
    // The variants' pass draws from streams of its own (VARIANT_STREAM, never a run of the originals).
    score: (pairs, signal) => pass(pairs, VARIANT_STREAM, signal),
    async scoreRuns(pairs, runs, signal): Promise<DecisionRunsResult> {
      const t0 = performance.now();
      const out: Float64Array[] = [];
      const callsMs: number[] = [];
      const callPairs: number[] = [];
      const answers: LlmPassAnswers[] = [];
      for (let t = 0; t < runs; t++) {
        const r = await pass(pairs, t, signal);
        out.push(r.scores);
        callsMs.push(...r.callsMs);
        callPairs.push(...r.callPairs);
        answers.push(r.answers!);
      }
      return { runs: out, callsMs, callPairs, device, dtype, fallbacks: [], ms: performance.now() - t0, answers };
    },
    async dispose() {
      scorer.dispose();
      await release();
    },
  };
}
