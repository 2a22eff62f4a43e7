/**
 * A sharded export (`export-for-scoring --shards N`): the work list split evenly and
 * deterministically (shardRanges.ts) into N self-contained files, each with the single file's
 * header and its own provenance line (`… shard:<i>/<N>`), so an outside job can score them in
 * parallel and the shards that come back can be checked to be all there, once each.
 *
 * What a work item is: for a retrieval task a query (a shard holds its queries and every
 * document and twin, which it needs to score them, so the scores of one query all come from one
 * shard); for a screening task a job × CV × variant pair (a shard holds its pairs' texts).
 */
import type { RetrievalInputRow, ScoringInputs, ScreeningInputRow } from './scoringInputs.ts';
import { readProvenance, scoreFileHeader, type ShardPosition } from './scoreFileHeader.ts';
import { shardRanges } from './shardRanges.ts';

/** One shard's inputs: the whole file's header with this shard's provenance line and position. */
function withShard<Row>(inputs: ScoringInputs<Row>, rows: readonly Row[], shard: ShardPosition): ScoringInputs<Row> {
  const dataset = readProvenance(inputs.header.provenance)!.dataset;
  return { header: { ...inputs.header, provenance: scoreFileHeader(dataset, shard), shard: `${shard.index}/${shard.of}` }, rows };
}

/**
 * Splits a retrieval export by query: each shard its run of queries, then every document and twin.
 * @throws {RangeError} when `shards` is not in 1..(number of queries).
 * @example shardRetrievalInputs(inputs, 2).map((s) => s.header.shard) // ['1/2', '2/2']
 */
export function shardRetrievalInputs(inputs: ScoringInputs<RetrievalInputRow>, shards: number): ScoringInputs<RetrievalInputRow>[] {
  const queries = inputs.rows.filter((r) => r.kind === 'query');
  const rest = inputs.rows.filter((r) => r.kind !== 'query');
  return shardRanges(queries.length, shards).map(([a, b], i) => withShard(inputs, [...queries.slice(a, b), ...rest], { index: i + 1, of: shards }));
}

/**
 * Splits a screening export by pair, in the work list's order.
 * @throws {RangeError} when `shards` is not in 1..(number of pairs).
 */
export function shardScreeningInputs(inputs: ScoringInputs<ScreeningInputRow>, shards: number): ScoringInputs<ScreeningInputRow>[] {
  return shardRanges(inputs.rows.length, shards).map(([a, b], i) => withShard(inputs, inputs.rows.slice(a, b), { index: i + 1, of: shards }));
}

/**
 * A shard's file name: `<stem>-<i>-of-<N>.<ext>`, the numbers zero-padded to N's width so
 * the files sort in shard order by name (the order a folder of score shards is read in).
 * @example shardFileName('briefs', 3, 12, 'jsonl') // 'briefs-03-of-12.jsonl'
 */
export function shardFileName(stem: string, index: number, of: number, ext: string): string {
  const width = String(of).length;
  return `${stem}-${String(index).padStart(width, '0')}-of-${of}.${ext}`;
}
