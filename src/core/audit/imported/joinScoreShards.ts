/**
 * A folder of score shards as one score file's text (what `run --scores NAME=DIR` imports): each
 * shard parsed on its own first (so an error names the shard and its line), then joined by
 * ScoreShardJoin (every item in exactly one shard, all shards of the export there once each), with
 * the shards' one provenance line on top so the matcher checks it against the stored dataset.
 */
import { FormatError } from '../../formats/formatError.ts';
import { numberedLines } from '../../formats/lines.ts';
import { parseRun } from '../../formats/trecRun.ts';
import { scoreFileHeader } from './scoreFileHeader.ts';
import { ScoreShardJoin, type ScoreShardKind } from './scoreShardJoin.ts';
import { parseScreeningScoreRows } from './screeningScores.ts';

/** One score shard: its file name (for messages) and its text. */
export interface ScoreShard {
  readonly file: string;
  readonly text: string;
}

const PARSE: Readonly<Record<ScoreShardKind, (text: string) => unknown>> = Object.freeze({ run: parseRun, screening: parseScreeningScoreRows });

/** The text with its `#` lines blanked (line numbers kept). */
const withoutComments = (text: string) =>
  text
    .split('\n')
    .map((l) => (l.startsWith('#') ? '' : l))
    .join('\n');

/**
 * Joins score shards, given in the order to read them (file name order). With `provenance`
 * (the default) the text starts with the shards' provenance line, for the matcher to check
 * against the stored dataset; without it, it is a bare run or score table (what `eval` reads).
 * @throws {FormatError} naming the shard (`file`) and line: a malformed row, an item in two shards,
 *   shards of different exports, a shard missing or repeated, no shard.
 * @example
 * joinScoreShards([{ file: 'a.tsv', text: 'q1\td1\t0.5\n' }, { file: 'b.tsv', text: 'q2\td1\t0.25\n' }], 'run')
 * // 'q1\td1\t0.5\nq2\td1\t0.25\n'
 */
export function joinScoreShards(shards: readonly ScoreShard[], kind: ScoreShardKind, provenance = true): string {
  const join = new ScoreShardJoin(kind);
  const kept: string[] = [];
  for (const shard of shards) {
    try {
      PARSE[kind](withoutComments(shard.text));
    } catch (e) {
      throw e instanceof FormatError ? new FormatError(e.message, e.line, shard.file) : e;
    }
    join.startShard(shard.file);
    for (const { text, line } of numberedLines(shard.text)) {
      const keep = join.line(text, line);
      if (keep !== undefined) kept.push(keep);
    }
  }
  const dataset = join.finish();
  return `${provenance && dataset ? `${scoreFileHeader(dataset)}\n` : ''}${kept.join('\n')}\n`;
}
