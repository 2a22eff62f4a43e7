/**
 * DecisionRunner's LLM path (issue 49) with an injected worker: a comlink
 * endpoint over a Node MessageChannel whose `answer` runs the real
 * llmScorer over the tiny test LLM (transformers.js + onnxruntime-node), as
 * workers/decide.worker.ts does in the browser. Its passes must equal the
 * CLI's (llmNode.ts) exactly: same scores, streams, validity and tokens.
 * The browser's own worker is checked by test/e2e/llm.e2e.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Comlink from 'comlink';
import { AutoModelForCausalLM, AutoTokenizer, env, type PreTrainedModel, type PreTrainedTokenizer } from '@huggingface/transformers';
import { CancelledError, DecisionRunner, type DecisionProgress } from '../../../src/models/decisionRunner.ts';
import type { DecisionLoadSpec, DecisionPair, LlmAskOptions, LlmCallAnswers } from '../../../src/models/decisionSpec.ts';
import type { DecisionModelEntry } from '../../../src/core/models/modelSpec.ts';
import type { DeviceProbe } from '../../../src/core/models/device.ts';
import { DEFAULT_SCREENING_TEMPLATE } from '../../../src/core/llm/index.ts';
import { llmScorer } from '../../../src/models/llmScorer.ts';
import { llmAsked, VARIANT_STREAM } from '../../../src/models/llmAsk.ts';
import { loadLlmNode, type NodeLlmModel } from '../../../src/models/llmNode.ts';

const HUB = 'test/fixtures/models/hub';
const ID = 'fairground-test/tiny-llm';
const ENTRY: DecisionModelEntry = { kind: 'decision', id: ID, label: 'tiny', revision: 'main', paramsM: 0, sizeMb: { fp32: 1 }, languages: [], license: 'MIT', source: 'hub', decision: 'llm', maxLength: 0 };
const GPU: DeviceProbe = { kind: 'webgpu', vendor: 'x', architecture: 'y', description: '', shaderF16: false };
const PROBABILITIES: LlmAskOptions = { template: DEFAULT_SCREENING_TEMPLATE, mode: 'probabilities', temperature: 0, maxNewTokens: 8, seed: 3, prefixCache: true };
const GENERATE: LlmAskOptions = { ...PROBABILITIES, mode: 'generate', temperature: 0.9 };
const PAIRS: DecisionPair[] = [
  { job: 'Backend engineer: Python, SQL.', cv: 'Five years of Python and SQL.' },
  { job: 'Backend engineer: Python, SQL.', cv: 'A nurse for ten years.' },
  { job: 'Backend engineer: Python, SQL.', cv: 'Java developer.' },
  { job: 'Data analyst: Excel, statistics.', cv: 'Statistician with Excel.' },
];

let tokenizer: PreTrainedTokenizer;
let model: PreTrainedModel;

beforeAll(async () => {
  env.localModelPath = `${HUB}/`;
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  tokenizer = await AutoTokenizer.from_pretrained(ID);
  model = await AutoModelForCausalLM.from_pretrained(ID, { dtype: 'fp32', device: 'cpu' });
});
afterAll(async () => {
  await model?.dispose();
});

interface FakeOptions {
  /** On WebGPU, the answer call with this 1-based number throws (device lost). */
  failCallOnGpu?: number;
}

/** Workers whose `answer` is the real scorer (one per worker: a fresh worker has no prefix cache). */
function workers(options: FakeOptions = {}) {
  const started: { device: string; calls: { stream: number; start: number; n: number }[] }[] = [];
  const create = () => {
    const { port1, port2 } = new MessageChannel();
    const state = { device: '', calls: [] as { stream: number; start: number; n: number }[] };
    started.push(state);
    let scorer: ReturnType<typeof llmScorer> | undefined;
    let gpuCalls = 0;
    Comlink.expose(
      {
        async load(spec: DecisionLoadSpec) {
          state.device = spec.device;
          scorer = llmScorer(tokenizer, model, spec.llm!);
          return { labels: [] };
        },
        async answer(pairs: DecisionPair[], stream: number, start: number): Promise<LlmCallAnswers> {
          if (state.device === 'webgpu' && ++gpuCalls === options.failCallOnGpu) throw new Error('device lost');
          state.calls.push({ stream, start, n: pairs.length });
          const a = await scorer!.scorePair(pairs[0]!, stream, start);
          return {
            scores: Float64Array.of(a.score),
            valid: Uint8Array.of(a.valid ? 1 : 0),
            promptTokens: Uint32Array.of(a.promptTokens),
            generatedTokens: Uint32Array.of(a.generatedTokens),
            optionMass: Float64Array.of(a.optionMass ?? NaN),
            texts: [a.text],
            ms: 1,
          };
        },
        async loseDevice() {
          return true;
        },
        async dispose() {},
      },
      port2,
    );
    return Object.assign(port1, {
      terminate() {
        port1.close();
        port2.close();
      },
    }) as unknown as Worker;
  };
  return { create, started };
}

describe('DecisionRunner with an LLM', () => {
  let cli: NodeLlmModel;
  afterAll(async () => cli?.dispose());

  it('records how the model was asked: the template\'s SHA-256, and sampling only in generated mode', async () => {
    const { DEFAULT_SCREENING_TEMPLATE, templateSha256 } = await import('../../../src/core/llm/index.ts');
    expect(llmAsked(PROBABILITIES)).toMatchObject({ mode: 'probabilities', template: { sha256: templateSha256(DEFAULT_SCREENING_TEMPLATE) } });
    expect(llmAsked(PROBABILITIES).sampling).toBeUndefined();
    expect(llmAsked(GENERATE).sampling).toMatchObject({ temperature: GENERATE.temperature, maxNewTokens: GENERATE.maxNewTokens, structured: false });
  });

  it('scoreRuns and score equal the CLI\'s passes exactly, one pair per call in order, with progress per pair', async () => {
    cli = await loadLlmNode({ id: ID, localModelPath: HUB, ...PROBABILITIES });
    const { create, started } = workers();
    const progress: DecisionProgress[] = [];
    const runner = new DecisionRunner({ entry: ENTRY, source: { kind: 'hub', id: ID, revision: 'main', host: 'x' }, probe: GPU, llm: PROBABILITIES, createWorker: create, onProgress: (p) => progress.push(p) });
    expect(runner.llmAsked).toEqual(cli.llmAsked);
    const runs = await runner.scoreRuns(PAIRS, 2);
    const expected = await cli.scoreRuns(PAIRS, 2);
    expect(runs.runs.map((r) => Array.from(r))).toEqual(expected.runs.map((r) => Array.from(r)));
    expect(runs.answers).toEqual(expected.answers);
    expect(runs.callPairs).toEqual(expected.callPairs);
    const once = await runner.score(PAIRS);
    expect(Array.from(once.scores)).toEqual(Array.from((await cli.score(PAIRS)).scores));
    expect(started[0].calls.map((c) => [c.stream, c.start, c.n])).toEqual([
      ...[0, 1].flatMap((t) => PAIRS.map((_, i) => [t, i, 1])),
      ...PAIRS.map((_, i) => [VARIANT_STREAM, i, 1]),
    ]);
    const done = progress.flatMap((p) => (p.status === 'batch' ? [p.done] : []));
    expect(done.slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
    runner.dispose();
  }, 60_000);

  it('generated answers: the same texts\' scores, validity and tokens as the CLI; texts reach onAnswerText only', async () => {
    const node = await loadLlmNode({ id: ID, localModelPath: HUB, ...GENERATE });
    const { create } = workers();
    const texts: string[] = [];
    const runner = new DecisionRunner({ entry: ENTRY, source: { kind: 'hub', id: ID, revision: 'main', host: 'x' }, probe: GPU, llm: GENERATE, createWorker: create, onAnswerText: (_s, _i, t) => texts.push(t) });
    const r = await runner.score(PAIRS);
    const expected = await node.score(PAIRS);
    expect(Array.from(r.scores)).toEqual(Array.from(expected.scores));
    expect(r.answers).toEqual(expected.answers);
    expect(texts).toHaveLength(PAIRS.length);
    expect(JSON.stringify(r)).not.toContain(texts.find((t) => t.length > 3) ?? '\u0000');
    runner.dispose();
    await node.dispose();
  }, 60_000);

  it('a call failing on WebGPU resumes at that pair on a fresh WASM worker; finished pairs are kept and the scores unchanged', async () => {
    const { create, started } = workers({ failCallOnGpu: 3 });
    const runner = new DecisionRunner({ entry: ENTRY, source: { kind: 'hub', id: ID, revision: 'main', host: 'x' }, probe: GPU, llm: PROBABILITIES, createWorker: create });
    const r = await runner.score(PAIRS);
    expect(started[0].calls.map((c) => c.start)).toEqual([0, 1]);
    expect(started[1].device).toBe('wasm');
    expect(started[1].calls.map((c) => c.start)).toEqual([2, 3]);
    expect(Array.from(r.scores)).toEqual(Array.from((await cli.score(PAIRS)).scores));
    expect(r.fallbacks[0]).toMatch(/device lost/);
    runner.dispose();
  }, 60_000);

  it('cancel stops within one call', async () => {
    const { create, started } = workers();
    const controller = new AbortController();
    const runner = new DecisionRunner({
      entry: ENTRY,
      source: { kind: 'hub', id: ID, revision: 'main', host: 'x' },
      probe: GPU,
      llm: PROBABILITIES,
      createWorker: create,
      onProgress: (p) => p.status === 'batch' && p.done === 1 && controller.abort(),
    });
    await expect(runner.score(PAIRS, controller.signal)).rejects.toBeInstanceOf(CancelledError);
    expect(started[0].calls).toHaveLength(1);
    runner.dispose();
  });

  it('refuses an LLM entry without its template and mode', () => {
    expect(() => new DecisionRunner({ entry: ENTRY, source: { kind: 'bundled', id: 'x' }, probe: GPU })).toThrow(/template/);
  });
});
