import type { Scored } from '../ranking.ts';
import { FormatError } from './formatError.ts';
import { strictNumber } from './strictNumber.ts';
import { numberedLines } from './lines.ts';

/** A run: each query's retrieved documents with their scores (order as read). */
export type Run = Map<string, Scored[]>;

/** The two accepted run formats. */
export type RunFormat = 'trec' | 'tsv';

/** An MTEB-style run header, skipped on a file's first line. */
export const TSV_HEADER = /^query[-_]?id\tcorpus[-_]?id\tscore$/i;

/**
 * Detects the format of a run from its first data line: three tab-separated
 * fields → TSV (`query-id<TAB>corpus-id<TAB>score`); otherwise six
 * whitespace-separated fields → TREC (`qid Q0 docid rank score tag`).
 * @throws {FormatError} naming the line for any other shape.
 */
export function detectRunFormat(text: string, line: number): RunFormat {
  if (text.trim().split('\t').length === 3) return 'tsv';
  if (text.trim().split(/\s+/).length === 6) return 'trec';
  throw new FormatError(
    'unknown run format: expected TREC "qid Q0 docid rank score tag" or TSV "query-id<TAB>corpus-id<TAB>score"',
    line,
  );
}

/**
 * Parses a run file in TREC or TSV format, detected once per file from its
 * first data line (an MTEB-style header `query-id corpus-id score` is
 * skipped). The TREC rank column is ignored: as in trec_eval, documents are
 * ranked by score, ties by identifier descending (ranking.ts).
 * @throws {FormatError} with the line on an empty file, a row of the other
 * shape, a non-numeric score, or a document repeated within a query.
 * @example parseRun('q1 Q0 d1 1 0.9 bm25\n').get('q1') // [{ id: 'd1', score: 0.9 }]
 */
export function parseRun(text: string): Run {
  const lines = numberedLines(text);
  const data = lines.length > 0 && TSV_HEADER.test(lines[0].text.trim()) ? lines.slice(1) : lines;
  if (data.length === 0) throw new FormatError('empty run file: no scored documents found');
  const format = detectRunFormat(data[0].text, data[0].line);
  const run: Run = new Map();
  const seen = new Map<string, Set<string>>();
  for (const { line, text: t } of data) {
    const fields = format === 'tsv' ? t.trim().split('\t') : t.trim().split(/\s+/);
    const expected = format === 'tsv' ? 3 : 6;
    if (fields.length !== expected) {
      throw new FormatError(`expected ${expected} fields in a ${format.toUpperCase()} run row, found ${fields.length}`, line);
    }
    const queryId = fields[0].trim();
    const docId = (format === 'tsv' ? fields[1] : fields[2]).trim();
    const scoreText = format === 'tsv' ? fields[2] : fields[4];
    const score = strictNumber(scoreText);
    if (score === undefined) throw new FormatError(`score is not a number: "${scoreText}"`, line);
    let docs = seen.get(queryId);
    if (!docs) {
      seen.set(queryId, (docs = new Set()));
      run.set(queryId, []);
    }
    if (docs.has(docId)) throw new FormatError(`document "${docId}" appears twice for query "${queryId}"`, line);
    docs.add(docId);
    run.get(queryId)!.push({ id: docId, score });
  }
  return run;
}
