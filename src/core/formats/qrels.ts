import { FormatError } from './formatError.ts';
import { strictNumber } from './strictNumber.ts';
import { numberedLines } from './lines.ts';

/** One relevance judgment. */
export interface Judgment {
  readonly queryId: string;
  readonly docId: string;
  readonly grade: number;
}

/** Judgments grouped by query, then document: qrels.get(q)?.get(d) is the grade. */
export type Qrels = Map<string, Map<string, number>>;

const MTEB_HEADER = /^query[-_]?id\tcorpus[-_]?id\tscore$/i;

/**
 * Parses one qrels line in either accepted format:
 * MTEB/BEIR TSV `query-id<TAB>corpus-id<TAB>score` or TREC `qid iter docid rel`
 * (whitespace-separated). Returns undefined for the MTEB header line.
 * @throws {FormatError} for a row of another shape or a non-numeric grade.
 */
export function parseQrelsLine(text: string, line: number): Judgment | undefined {
  const t = text.trim();
  if (MTEB_HEADER.test(t)) return undefined;
  const tabs = t.split('\t');
  let queryId: string, docId: string, gradeText: string;
  if (tabs.length === 3) {
    [queryId, docId, gradeText] = tabs;
  } else {
    const words = t.split(/\s+/);
    if (words.length !== 4) {
      throw new FormatError(
        `unknown qrels row: expected "query-id<TAB>corpus-id<TAB>score" or TREC "qid 0 docid rel", found ${words.length} fields`,
        line,
      );
    }
    [queryId, , docId, gradeText] = words;
  }
  const grade = strictNumber(tabs.length === 3 ? gradeText : gradeText.trim());
  if (grade === undefined) {
    throw new FormatError(`relevance grade is not a number: "${gradeText}"`, line);
  }
  return { queryId: queryId.trim(), docId: docId.trim(), grade };
}

/** What a repeated (query, document) pair does: keep the last grade (trec_eval), or fail. */
export type QrelsDuplicates = 'last' | 'error';

/**
 * Parses a whole qrels file (MTEB TSV with optional header, or TREC).
 * A repeated (query, document) pair keeps the last grade, as trec_eval does,
 * unless `duplicates` is 'error' (the CLI's default: a second judgment of the
 * same pair is more often a merge mistake than intended).
 * @throws {FormatError} on an empty file or a bad row, or a repeated pair with 'error'.
 */
export function parseQrels(text: string, duplicates: QrelsDuplicates = 'last'): Qrels {
  const lines = numberedLines(text);
  const qrels: Qrels = new Map();
  const firstLine = duplicates === 'error' ? new Map<string, number>() : undefined;
  let count = 0;
  for (const { line, text: t } of lines) {
    const j = parseQrelsLine(t, line);
    if (!j) continue;
    let docs = qrels.get(j.queryId);
    if (!docs) qrels.set(j.queryId, (docs = new Map()));
    if (firstLine) {
      const key = `${j.queryId}\t${j.docId}`;
      const first = firstLine.get(key);
      if (first !== undefined) throw new FormatError(`query "${j.queryId}" judges document "${j.docId}" again (first on line ${first}); keep one row, or pass --duplicates last to keep the last as trec_eval does`, line);
      firstLine.set(key, line);
    }
    docs.set(j.docId, j.grade);
    count++;
  }
  if (count === 0) throw new FormatError('empty qrels file: no judgments found');
  return qrels;
}
