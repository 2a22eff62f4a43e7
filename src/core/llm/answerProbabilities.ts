/**
 * Answer-probabilities mode (issue 49): the score of a pair from the
 * next-token distribution after the prompt. Each answer option is read
 * through its first token; the options' probabilities are renormalised over
 * the options, and the score is the expected value on the template's scale,
 * mapped to 0–100: s = 100 · (Σ v·p(v) − v_min) / (v_max − v_min). For a
 * yes/no question (yes 1, no 0) that is 100 · P(yes | yes or no), the fit
 * probability METRICS.md §8 turns into s = 100p; for a 1–5 scale it is the
 * expected level Σ ℓ·p(ℓ), as §8 reads a level question.
 *
 * The options' share of the whole next-token distribution (`optionMass`) is
 * kept: a model that would rather write something else than any option
 * answers the question poorly, and the results say how often.
 */
import type { AnswerOption } from './screeningTemplate.ts';

/** An option's first token id (from the model's tokenizer) and its value. */
export interface OptionToken {
  readonly tokenId: number;
  readonly value: number;
}

export interface AnswerScore {
  /** 0–100. */
  readonly score: number;
  /** Probability of each option, renormalised over the options, in option order. */
  readonly probabilities: readonly number[];
  /** The options' total probability in the model's full next-token distribution (0..1). */
  readonly optionMass: number;
}

/**
 * The score from one row of next-token logits.
 * @param logits the vocabulary's logits at the last prompt position.
 * @throws {Error} when a token id is outside the vocabulary, or two options share a first token.
 * @example answerScore(Float32Array.from([0, 2, 0]), [{tokenId: 1, value: 1}, {tokenId: 2, value: 0}]).score // 100·e²/(e²+1) ≈ 88.08
 */
export function answerScore(logits: ArrayLike<number>, options: readonly OptionToken[]): AnswerScore {
  if (new Set(options.map((o) => o.tokenId)).size !== options.length) throw new Error('two answer options start with the same token: the model cannot tell them apart');
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) if (logits[i]! > max) max = logits[i]!;
  let total = 0;
  for (let i = 0; i < logits.length; i++) total += Math.exp(logits[i]! - max);
  const raw = options.map((o) => {
    const l = logits[o.tokenId];
    if (l === undefined || o.tokenId < 0 || !Number.isInteger(o.tokenId)) throw new Error(`answer token ${o.tokenId} is outside the vocabulary (${logits.length})`);
    return Math.exp(l - max);
  });
  const mass = raw.reduce((a, b) => a + b, 0);
  const probabilities = raw.map((r) => r / mass);
  const values = options.map((o) => o.value);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const expected = probabilities.reduce((acc, p, i) => acc + p * values[i]!, 0);
  return { score: (100 * (expected - lo)) / (hi - lo), probabilities, optionMass: mass / total };
}

/**
 * The first token of each option, as the model would write it at the start of
 * its answer: `encode` is the tokenizer without special tokens. An option
 * that is several tokens is read through its first.
 * @throws {Error} when an option encodes to nothing.
 */
export function optionTokens(options: readonly AnswerOption[], encode: (text: string) => readonly number[]): OptionToken[] {
  return options.map((o) => {
    const ids = encode(o.text);
    if (ids.length === 0) throw new Error(`the answer option "${o.text}" encodes to no token`);
    return { tokenId: ids[0]!, value: o.value };
  });
}
