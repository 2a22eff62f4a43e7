/**
 * An instruct LLM as a screening decision model (issue 49), through a
 * transformers.js tokenizer (its chat template) and causal LM: the same code
 * in the browser's decision worker and in Node (llmNode.ts), so both score a
 * pair identically.
 *
 * - Answer probabilities (deterministic): one forward pass over the prompt;
 *   the next-token probabilities of the template's answer options give the
 *   score (core/llm/answerProbabilities.ts).
 * - Generated answers: tokens drawn at temperature T by the seeded sampler
 *   (core/llm/sampler.ts), one stream per (run, pair), up to N new tokens or
 *   the end of the turn; the text is read as JSON (core/llm/generatedAnswer.ts).
 *
 * The prompt's part before the CV (core/llm/prompt.ts) is the same for every
 * CV of a job: with the prefix cache on, its key/value tensors are computed
 * once per job and each CV's pass starts from them.
 */
import { Tensor, type PreTrainedModel, type PreTrainedTokenizer } from '@huggingface/transformers';
import { transformersDecoder, type DecoderPass, type Kv } from './decoderPass.ts';
import {
  answerSchema,
  answerScore,
  INVALID_ANSWER_SCORE,
  answerSeed,
  optionTokens,
  promptParts,
  readGeneratedAnswer,
  sampleToken,
  type ChatMessage,
  type LlmMode,
  type OptionToken,
  type RenderChat,
  type ScreeningTemplate,
} from '../core/llm/index.ts';
import { createRng } from '../core/stats/rng.ts';
import { StructuredOutputProcessor } from '@huggingface/transformers-structured-output';
import type { DecisionPair } from './decisionSpec.ts';

export interface LlmScorerOptions {
  readonly template: ScreeningTemplate;
  readonly mode: LlmMode;
  /** Generated mode: sampling temperature (0 = greedy). */
  readonly temperature: number;
  /** Generated mode: at most this many new tokens per answer. */
  readonly maxNewTokens: number;
  /** Generated mode: the sampler's seed (each (run, pair) draws from its own stream). */
  readonly seed: number;
  /** Generated mode: constrain the answer to the JSON schema (core/llm/answerSchema.ts) with transformers.js structured output. */
  readonly structured?: boolean;
  /** Reuse the job's prefix key/value cache across its CVs (default true). */
  readonly prefixCache?: boolean;
  readonly jobChars?: number;
  readonly cvChars?: number;
}

/** What one pair's answer was. */
export interface LlmAnswer {
  /** 0–100; an invalid generated answer scores INVALID_ANSWER_SCORE (0). */
  readonly score: number;
  readonly valid: boolean;
  /** Answer probabilities: the options' share of the next-token distribution. */
  readonly optionMass?: number;
  /** Generated mode: the text written (shown only in the page's cases view). */
  readonly text?: string;
  /** Generated mode, invalid answers: why. */
  readonly problem?: string;
  readonly promptTokens: number;
  readonly generatedTokens: number;
}

export interface LlmScorer {
  /** Scores one pair; `run` and `index` pick the sampler's stream in generated mode. */
  scorePair(pair: DecisionPair, run: number, index: number): Promise<LlmAnswer>;
  /** Frees the cached prefix. */
  dispose(): void;
}

function disposeKv(kv: Kv | undefined, keep?: Kv): void {
  if (!kv) return;
  const kept = new Set(keep ? Object.values(keep) : []);
  for (const t of Object.values(kv)) if (!kept.has(t)) t.dispose();
}

/**
 * The model's end-of-turn tokens: the eos ids of its config and generation config, and the tokenizer's.
 * @example stopTokens(tokenizer, [config, generationConfig])
 */
export function stopTokens(tokenizer: PreTrainedTokenizer, configs: readonly (Record<string, unknown> | null | undefined)[]): Set<number> {
  const out = new Set<number>();
  const add = (v: unknown) => {
    if (typeof v === 'number') out.add(v);
    else if (Array.isArray(v)) v.forEach(add);
  };
  for (const c of configs) add(c?.eos_token_id);
  add((tokenizer as unknown as { eos_token_id?: unknown }).eos_token_id);
  return out;
}

/**
 * The chat template of the tokenizer as a RenderChat.
 * @throws {Error} when the model has no chat template (a base model, not an instruct one).
 */
export function chatRenderer(tokenizer: PreTrainedTokenizer): RenderChat {
  const template = (tokenizer as unknown as { chat_template?: unknown }).chat_template;
  if (template === undefined || template === null) throw new Error('the model has no chat template: screening needs an instruct (chat) model');
  return (messages: readonly ChatMessage[]) =>
    tokenizer.apply_chat_template(messages as ChatMessage[] as { role: string; content: string }[], { add_generation_prompt: true, tokenize: false }) as unknown as string;
}

/**
 * Builds the scorer of one loaded transformers.js causal LM.
 * @throws {Error} when the model has no chat template, or two answer options start with the same token.
 */
export function llmScorer(tokenizer: PreTrainedTokenizer, model: PreTrainedModel, options: LlmScorerOptions): LlmScorer {
  const configs = [model.config as unknown as Record<string, unknown>, model.generation_config as unknown as Record<string, unknown> | null];
  return llmScorerOver(tokenizer, transformersDecoder(model), stopTokens(tokenizer, configs), options);
}

/**
 * Builds the scorer over any decoder pass (decoderPass.ts) and its end-of-turn tokens.
 * @throws {Error} when the tokenizer has no chat template, or two answer options start with the same token.
 */
export function llmScorerOver(tokenizer: PreTrainedTokenizer, decoder: DecoderPass, stops: ReadonlySet<number>, options: LlmScorerOptions): LlmScorer {
  const render = chatRenderer(tokenizer);
  const encode = (text: string): number[] => tokenizer.encode(text, { add_special_tokens: false });
  const answerTokens: OptionToken[] = optionTokens(options.template.options, encode);
  if (new Set(answerTokens.map((o) => o.tokenId)).size !== answerTokens.length) {
    throw new Error(`two answer options of the template start with the same token (${options.template.options.map((o) => JSON.stringify(o.text)).join(', ')}): rewrite them so each starts differently`);
  }
  const useCache = options.prefixCache ?? true;
  let cached: { readonly prefix: string; readonly ids: number[]; readonly kv: Kv } | undefined;

  const forward = (ids: readonly number[], past: Kv | undefined, pastLength: number) => decoder.forward(ids, past, pastLength);

  /** The job's prefix cache (computed once per prefix text when the cache is on). */
  async function prefixState(prefix: string): Promise<{ ids: number[]; kv: Kv | undefined }> {
    if (!useCache) return { ids: encode(prefix), kv: undefined };
    if (cached?.prefix !== prefix) {
      disposeKv(cached?.kv);
      cached = undefined;
      const ids = encode(prefix);
      const { kv } = await forward(ids, undefined, 0);
      cached = { prefix, ids, kv };
    }
    return { ids: cached.ids, kv: cached.kv };
  }

  /** The prompt's pass: with the cache, only the rest after the cached prefix. */
  async function promptPass(pair: DecisionPair): Promise<{ logits: Float32Array; kv: Kv; promptTokens: number }> {
    const parts = promptParts(render, options.template, pair.job, pair.cv, options.mode, options.jobChars, options.cvChars);
    const prefix = await prefixState(parts.prefix);
    const restIds = encode(parts.rest);
    const promptTokens = prefix.ids.length + restIds.length;
    if (prefix.kv) {
      const { logits, kv } = await forward(restIds, prefix.kv, prefix.ids.length);
      return { logits, kv, promptTokens };
    }
    const { logits, kv } = await forward([...prefix.ids, ...restIds], undefined, 0);
    return { logits, kv, promptTokens };
  }

  async function scorePair(pair: DecisionPair, run: number, index: number): Promise<LlmAnswer> {
    const first = await promptPass(pair);
    if (options.mode === 'probabilities') {
      disposeKv(first.kv, cached?.kv);
      const a = answerScore(first.logits, answerTokens);
      return { score: a.score, valid: true, optionMass: a.optionMass, promptTokens: first.promptTokens, generatedTokens: 0 };
    }
    const rng = createRng(answerSeed(options.seed, run, index));
    const written: number[] = [];
    let { logits, kv } = first;
    let length = first.promptTokens;
    // Structured mode: the processor masks every token that would leave the schema (its state is per answer).
    const constraint = options.structured ? new StructuredOutputProcessor(tokenizer as never, { type: 'json_schema', json_schema: answerSchema(options.template) as never }) : undefined;
    const sequence: bigint[] = constraint ? new Array<bigint>(first.promptTokens).fill(0n) : [];
    for (let step = 0; step < options.maxNewTokens; step++) {
      if (constraint) {
        const row = new Tensor('float32', logits, [1, logits.length]);
        constraint._call([sequence], row);
        logits = row.data as Float32Array;
      }
      const token = sampleToken(logits, options.temperature, rng);
      if (constraint) sequence.push(BigInt(token));
      if (stops.has(token)) break;
      written.push(token);
      if (step + 1 === options.maxNewTokens) break;
      const next = await forward([token], kv, length);
      disposeKv(kv, cached?.kv);
      ({ logits, kv } = next);
      length++;
    }
    disposeKv(kv, cached?.kv);
    const text = written.length === 0 ? '' : tokenizer.decode(written, { skip_special_tokens: true });
    const read = readGeneratedAnswer(text, options.template.scoreMin, options.template.scoreMax);
    return read.valid
      ? { score: read.score, valid: true, text, promptTokens: first.promptTokens, generatedTokens: written.length }
      : { score: INVALID_ANSWER_SCORE, valid: false, problem: read.problem, text, promptTokens: first.promptTokens, generatedTokens: written.length };
  }

  return {
    scorePair,
    dispose() {
      disposeKv(cached?.kv);
      cached = undefined;
    },
  };
}
