/**
 * The Try-it table's rows in rank order: the core's cosines (core/models/similarity.ts) ordered by
 * the project's tie rule (core/ranking.ts: score descending, ties by identifier descending), each
 * text identified by its line in the textarea. Pure, so the order needs no browser to read.
 */
import { ranksById } from '../../../core/ranking.ts';
import type { SimilarityRow } from '../../../core/models/similarity.ts';

export interface TryRow {
  /** 1-based line of the text among the non-empty lines typed: its identifier. */
  readonly line: number;
  readonly text: string;
  readonly cosine: number | undefined;
  /** 1-based rank under the tie rule among the scorable texts; undefined when unscorable. */
  readonly rank: number | undefined;
}

/**
 * Rows ranked highest cosine first; equal cosines (a line typed twice) by the tie rule, the later
 * line first — the identifier is the line number, zero-padded so that code-unit order is numeric
 * order. Unscorable texts (a zero vector) follow, in line order.
 * @example rankedTryRows([{ text: 'a', cosine: 0.2, rank: 2 }, { text: 'b', cosine: 0.9, rank: 1 }]).map((r) => r.line) // [2, 1]
 */
export function rankedTryRows(rows: readonly SimilarityRow[]): TryRow[] {
  const width = String(rows.length).length;
  const id = (line: number) => String(line).padStart(width, '0');
  const lines = rows.map((r, i) => ({ line: i + 1, text: r.text, cosine: r.cosine }));
  const scorable = lines.filter((r): r is typeof r & { cosine: number } => r.cosine !== undefined);
  const ranks = ranksById(scorable.map((r) => ({ id: id(r.line), score: r.cosine })));
  const ranked: TryRow[] = scorable.map((r) => ({ ...r, rank: ranks.get(id(r.line)) })).sort((a, b) => a.rank! - b.rank!);
  return [...ranked, ...lines.filter((r) => r.cosine === undefined).map((r) => ({ ...r, rank: undefined }))];
}
