/**
 * LLM screeners (issue 49), answer-probabilities mode, in Node: time per (job, CV) pair for one job
 * with 20 CVs, five arms side by side in one process, alternating, REPS rounds each:
 *   1–2. Fairground's scorer (src/models/llmScorer.ts) on WASM — onnxruntime-web's kernels in Node,
 *        up to 4 threads (2 here), the browser's WASM arithmetic (`--device wasm`) — with and without the per-job
 *        prefix cache;
 *   3–4. the same scorer through transformers.js on onnxruntime-node (the CLI's default), with and
 *        without the cache;
 *   5. onnxruntime-node alone running the same graph on the same token ids (full prompt, empty past):
 *      what any runner must pay, without transformers.js or Fairground around it.
 * 2 ÷ 5 is the ratio, WASM against native (goal ≤ 1.5×); 4 ÷ 5 the scorer's own overhead;
 * 2 ÷ 1 and 4 ÷ 3 the prefix cache's speed-up.
 * The model is the tiny random one (test/fixtures/models/hub/fairground-test/tiny-llm: 2 layers,
 * hidden 32), so per-call costs weigh more than they would in a real LLM; texts are synthetic
 * (a 1,500-character job, 2,500-character CVs). WASM in a browser and WebGPU are not measured here.
 *
 * Run: npm run bench -- llm   (BENCH_QUICK=1: 2 rounds)
 */
import * as ort from 'onnxruntime-node';
import { AutoTokenizer } from '@huggingface/transformers';
import { DEFAULT_SCREENING_TEMPLATE, promptParts } from '../../src/core/llm/index.ts';
import { createRng } from '../../src/core/stats/rng.ts';
import { loadLlmNode, type NodeLlmSpec } from '../../src/models/llmNode.ts';
import { chatRenderer } from '../../src/models/llmScorer.ts';
import { emitSection, machine, machineMarkdown } from './lib/section.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const REPS = QUICK ? 2 : 5;
const CVS = 20;
const GOAL = 1.5;
const HUB = 'test/fixtures/models/hub';
const ID = 'fairground-test/tiny-llm';
const m0 = machine();

const WORDS = 'managed team project delivery python sql data pipeline customer nursing triage budget sales report design testing cloud security training analysis planning'.split(' ');
function text(seed: number, chars: number): string {
  const rng = createRng(seed);
  let out = '';
  while (out.length < chars) out += `${WORDS[rng.int(WORDS.length)]}${rng.next() < 0.1 ? '.\n' : ' '}`;
  return out.slice(0, chars);
}
const job = text(1, 1500);
const pairs = Array.from({ length: CVS }, (_, i) => ({ job, cv: text(100 + i, 2500) }));

const spec: NodeLlmSpec = { id: ID, localModelPath: HUB, template: DEFAULT_SCREENING_TEMPLATE, mode: 'probabilities', temperature: 0, maxNewTokens: 1, seed: 0, prefixCache: true };
const cached = await loadLlmNode(spec);
const plain = await loadLlmNode({ ...spec, prefixCache: false });
const wasmCached = await loadLlmNode({ ...spec, device: 'wasm' });
const wasmPlain = await loadLlmNode({ ...spec, device: 'wasm', prefixCache: false });

// The same token ids for onnxruntime-node alone.
const { env } = await import('@huggingface/transformers');
env.localModelPath = `${HUB}/`;
env.allowRemoteModels = false;
const tokenizer = await AutoTokenizer.from_pretrained(ID);
const render = chatRenderer(tokenizer);
const ids = pairs.map((p) => {
  const parts = promptParts(render, DEFAULT_SCREENING_TEMPLATE, p.job, p.cv, 'probabilities');
  return [...tokenizer.encode(parts.prefix, { add_special_tokens: false }), ...tokenizer.encode(parts.rest, { add_special_tokens: false })];
});
const session = await ort.InferenceSession.create(`${HUB}/${ID}/onnx/model.onnx`);
const config = { layers: 2, kvHeads: 2, headDim: 8 };
async function rawPass(): Promise<number> {
  const t0 = performance.now();
  for (const x of ids) {
    const n = x.length;
    const feeds: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor('int64', BigInt64Array.from(x, BigInt), [1, n]),
      attention_mask: new ort.Tensor('int64', new BigInt64Array(n).fill(1n), [1, n]),
      position_ids: new ort.Tensor('int64', BigInt64Array.from({ length: n }, (_, i) => BigInt(i)), [1, n]),
    };
    for (let l = 0; l < config.layers; l++) for (const kv of ['key', 'value']) feeds[`past_key_values.${l}.${kv}`] = new ort.Tensor('float32', new Float32Array(0), [1, config.kvHeads, 0, config.headDim]);
    await session.run(feeds);
  }
  return (performance.now() - t0) / ids.length;
}
async function scorerPass(m: typeof cached): Promise<number> {
  const r = await m.score(pairs);
  return r.ms / pairs.length;
}

for (const m of [cached, plain, wasmCached, wasmPlain]) await scorerPass(m); // warm-up, not counted
await rawPass();
const times = { cached: [] as number[], plain: [] as number[], wasmCached: [] as number[], wasmPlain: [] as number[], raw: [] as number[] };
for (let r = 0; r < REPS; r++) {
  times.wasmPlain.push(await scorerPass(wasmPlain));
  times.plain.push(await scorerPass(plain));
  times.raw.push(await rawPass());
  times.cached.push(await scorerPass(cached));
  times.wasmCached.push(await scorerPass(wasmCached));
  console.log(`round ${r + 1}: WASM ${times.wasmCached.at(-1)!.toFixed(2)} / ${times.wasmPlain.at(-1)!.toFixed(2)} ms, node ${times.cached.at(-1)!.toFixed(2)} / ${times.plain.at(-1)!.toFixed(2)} ms (cached / uncached), onnxruntime-node alone ${times.raw.at(-1)!.toFixed(2)} ms per pair`);
}
for (const m of [cached, plain, wasmCached, wasmPlain]) await m.dispose();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const wasmRatio = median(times.wasmPlain) / median(times.raw);
const overhead = median(times.plain) / median(times.raw);
const speedup = median(times.wasmPlain) / median(times.wasmCached);
const speedupNode = median(times.plain) / median(times.cached);
const tokens = Math.round(ids.reduce((a, x) => a + x.length, 0) / ids.length);
const f = (xs: number[]) => `${median(xs).toFixed(2)} ms`;
emitSection(`## LLM screener, answer probabilities: time per pair (Node)

One job, ${CVS} synthetic CVs (${tokens} prompt tokens a pair), tiny-llm fp32; ${REPS} alternating rounds, medians.

${machineMarkdown(m0, 'npm run bench -- llm')}

| arm | prefix cache | no cache |
| --- | ---: | ---: |
| scorer, WASM (onnxruntime-web, 2 threads) | ${f(times.wasmCached)} | ${f(times.wasmPlain)} |
| scorer, onnxruntime-node | ${f(times.cached)} | ${f(times.plain)} |
| onnxruntime-node alone | | ${f(times.raw)} |

WASM ÷ onnxruntime-node alone: **${wasmRatio.toFixed(2)}×**; scorer on onnxruntime-node ÷ alone: ${overhead.toFixed(2)}×;
prefix cache: ${speedup.toFixed(2)}× (WASM), ${speedupNode.toFixed(2)}× (node). No GPU here: WebGPU not measured.
`);
console.log(`WASM ratio ${wasmRatio.toFixed(2)}× (goal ≤ ${GOAL}) — ${wasmRatio <= GOAL ? 'met' : 'NOT met'}; scorer overhead ${overhead.toFixed(2)}×; cache ${speedup.toFixed(2)}× (WASM), ${speedupNode.toFixed(2)}× (node)`);
if (wasmRatio > GOAL) process.exitCode = 1;
