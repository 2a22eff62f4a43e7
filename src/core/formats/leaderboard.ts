/**
 * A leaderboard file for `eval correspondence` (docs/cli.md): JSON, either
 * an object of system → score (`{"model-a": 61.2, "model-b": 58.9}`) or a
 * list of `{"system": "...", "score": ...}`. Scores are finite numbers,
 * larger is better; a system named twice is an error.
 */
import { FormatError } from './formatError.ts';

/**
 * Parses a leaderboard into system → score, in file order.
 * @throws {FormatError} for malformed JSON, a non-numeric score or a repeated system.
 * @example parseLeaderboard('{"a": 2, "b": 1}') // Map { 'a' => 2, 'b' => 1 }
 */
export function parseLeaderboard(text: string): Map<string, number> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new FormatError(`malformed JSON: ${(e as Error).message}`);
  }
  const entries: [unknown, unknown][] = Array.isArray(value)
    ? value.map((row, i) => {
        const r = (row ?? {}) as Record<string, unknown>;
        if (typeof r.system !== 'string') throw new FormatError(`[${i}]: "system" must be a string`);
        return [r.system, r.score];
      })
    : value !== null && typeof value === 'object'
      ? Object.entries(value)
      : [];
  if (entries.length === 0) throw new FormatError('expected {"system": score, ...} or [{"system", "score"}, ...] with at least one system');
  const board = new Map<string, number>();
  for (const [system, score] of entries) {
    if (typeof score !== 'number' || !Number.isFinite(score)) throw new FormatError(`system "${String(system)}": the score must be a finite number`);
    if (board.has(system as string)) throw new FormatError(`system "${String(system)}" appears twice`);
    board.set(system as string, score);
  }
  return board;
}
