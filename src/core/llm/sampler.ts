/**
 * The seeded sampler of generated-answers mode (issue 49): the next token
 * drawn from softmax(logits / T) with the project's seeded generator
 * (stats/rng.ts), so the same seed, device and dtype give the same text.
 * T = 0 is greedy decoding (the most probable token; the lowest id on a tie).
 */
import type { Rng } from '../stats/rng.ts';

/**
 * One token id from a row of logits.
 * @throws {RangeError} for a negative or non-finite temperature, or an empty row.
 * @example sampleToken(Float32Array.from([0, 5, 1]), 0, rng) // 1 (greedy)
 */
export function sampleToken(logits: ArrayLike<number>, temperature: number, rng: Rng): number {
  if (!(temperature >= 0) || !Number.isFinite(temperature)) throw new RangeError(`temperature must be a finite number ≥ 0, got ${temperature}`);
  if (logits.length === 0) throw new RangeError('sampleToken: no logits');
  let best = 0;
  for (let i = 1; i < logits.length; i++) if (logits[i]! > logits[best]!) best = i;
  if (temperature === 0) return best;
  const max = logits[best]!;
  const weights = new Float64Array(logits.length);
  let total = 0;
  for (let i = 0; i < logits.length; i++) total += weights[i] = Math.exp((logits[i]! - max) / temperature);
  let u = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    u -= weights[i]!;
    if (u < 0) return i;
  }
  return best; // only reached through rounding at the very end of the row
}

/**
 * The seed of one (run, pair) draw: every answer has its own stream, so an
 * answer does not depend on which pairs were scored before it (a resumed or
 * re-batched run writes the same texts).
 * @example answerSeed(42, 0, 17) !== answerSeed(42, 1, 17) // true
 */
export function answerSeed(seed: number, run: number, pair: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const x of [run, pair]) {
    h = Math.imul(h ^ (x >>> 0), 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    h = (h ^ (h >>> 16)) >>> 0;
  }
  return h;
}
