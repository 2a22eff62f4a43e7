/**
 * `eval retrieval` over a run streamed line by line: each query is scored as
 * soon as its block of lines ends, and its lines are dropped, so memory is the
 * qrels plus one query's ranking — not the run. A run is nearly always grouped
 * by query (trec_eval's and every toolkit's output is); when a query comes
 * back after another one, the stream says so (RunNotGroupedError) and the
 * caller reads the file again into RunColumns, which holds it whole.
 *
 * The numbers are evalRetrieval's (same kernel, same queries, same order):
 * a test compares the two on seeded runs.
 */
import type { Qrels } from '../../formats/qrels.ts';
import { FormatError } from '../../formats/formatError.ts';
import { StringIndex } from '../../stringIndex.ts';
import { forEachLine, type LinesChunk } from '../../formats/lineSplitter.ts';
import { RunLineReader } from '../../formats/runColumns.ts';
import { kernelOptions, metricKey, RETRIEVAL_METRICS, type KernelOptions } from '../../metrics/retrieval.ts';
import { averagePrecisionOfRanks, scoreTop } from '../../metrics/retrievalKernel.ts';
import { rankOfColumn, topRankedOfColumns } from '../../metrics/topRanked.ts';
import type { RetrievalEvalOptions } from './retrieval.ts';

/** A query's lines came back after another query's: read the run whole instead. */
export class RunNotGroupedError extends Error {
  constructor(readonly query: string, readonly line: number) {
    super(`query "${query}" comes back at line ${line} after other queries: the run is not grouped by query`);
    this.name = 'RunNotGroupedError';
  }
}

/** What the stream computed: evalRetrieval's columns (keys, the evaluated queries, values per key). */
export interface RetrievalColumns {
  readonly keys: string[];
  readonly queries: string[];
  readonly values: Float64Array[];
  readonly nQueries: number;
  readonly nSkipped: number;
}

export class RetrievalStream {
  readonly #reader = new RunLineReader();
  readonly #qrels: Qrels;
  readonly #kernel: KernelOptions;
  readonly #threshold: number;
  readonly #withMap: boolean;
  /** Per-query values of the evaluated queries, by query id. */
  readonly #values = new Map<string, Float64Array>();
  readonly #done = new Set<string>();
  #query: string | undefined;
  /** The open query's documents as columns (no object per line): identifier, score, and where each is. */
  #n = 0;
  #scores = new Float64Array(1024);
  readonly #docIds: string[] = [];
  readonly #at = new StringIndex();
  #lines = 0;

  /** @throws {RangeError} for invalid options (kernelOptions). */
  constructor(qrels: Qrels, options: RetrievalEvalOptions) {
    this.#qrels = qrels;
    this.#threshold = options.threshold;
    this.#kernel = kernelOptions({ k: [...options.k], threshold: options.threshold, gain: options.gain });
    this.#withMap = options.metrics?.some((m) => m.trim().toLowerCase() === 'map') ?? false;
  }

  /**
   * One non-blank line of the run.
   * @throws {FormatError} naming the line (parseRun's rules and messages).
   * @throws {RunNotGroupedError} when a finished query comes back.
   */
  add(text: string, line: number): void {
    this.#read(text, 0, text.length, line);
  }

  /** A chunk of whole lines (lineSplitter.ts), each read in place: `add`'s rules, no string per line. */
  addChunk(chunk: LinesChunk): void {
    forEachLine(chunk, this.#read);
  }

  readonly #read = (text: string, start: number, end: number, line: number): void => {
    const r = this.#reader;
    if (!r.read(text, line, start, end)) return;
    this.#lines++;
    if (r.newQuery || this.#query === undefined) {
      this.#close();
      if (this.#done.has(r.queryId)) throw new RunNotGroupedError(r.queryId, line);
      this.#query = r.queryId;
    }
    const i = this.#at.add(r.docId);
    if (i < 0) throw new FormatError(`document "${r.docId}" appears twice for query "${this.#query}"`, line);
    this.#n++;
    if (i === this.#scores.length) {
      const grown = new Float64Array(i * 2);
      grown.set(this.#scores);
      this.#scores = grown;
    }
    this.#scores[i] = r.score;
    this.#docIds[i] = r.docId;
  };

  /** Scores the query whose lines just ended (if the qrels evaluate it) and drops its lines. */
  #close(): void {
    const query = this.#query;
    if (query === undefined) return;
    this.#done.add(query);
    const judgments = this.#qrels.get(query);
    if (judgments && isEvaluated(judgments, this.#threshold)) this.#values.set(query, this.#score(judgments));
    this.#n = 0;
    this.#docIds.length = 0;
    this.#at.clear();
  }

  /**
   * The open query's cut-off metrics, and uncut MAP when asked: MAP at a cut-off at least as long
   * as the query's own ranking is its whole ranking's AP (evalRetrieval takes the run's longest),
   * computed from the ranks of its retrieved relevant documents, so the ranking is never sorted
   * past the largest cut-off.
   */
  #score(judgments: ReadonlyMap<string, number>): Float64Array {
    const n = this.#n;
    const scores = this.#scores;
    const ids = this.#docIds;
    const top = topRankedOfColumns(scores, ids, n, this.#kernel.ks[this.#kernel.ks.length - 1]);
    const cut = scoreTop((i) => ids[top[i]], top.length, judgments, this.#kernel);
    if (!this.#withMap) return cut;
    let nRelevant = 0;
    const ranks: number[] = [];
    for (const [doc, grade] of judgments) {
      if (grade < this.#threshold) continue;
      nRelevant++;
      const i = this.#at.get(doc);
      if (i >= 0) ranks.push(rankOfColumn(scores, ids, n, i));
    }
    const out = new Float64Array(cut.length + 1);
    out.set(cut);
    out[cut.length] = averagePrecisionOfRanks(ranks.sort((a, b) => a - b), nRelevant);
    return out;
  }

  /**
   * The columns, in qrels order over its evaluated queries (a query without a run line scores 0).
   * @throws {FormatError} for an empty run.
   */
  finish(): RetrievalColumns {
    this.#close();
    if (this.#lines === 0) throw new FormatError('empty run file: no scored documents found');
    const keys = RETRIEVAL_METRICS.flatMap((m) => this.#kernel.ks.map((k) => metricKey(m, k)));
    if (this.#withMap) keys.push('map');
    const queries: string[] = [];
    const rows: Float64Array[] = [];
    let nSkipped = 0;
    for (const [query, judgments] of this.#qrels) {
      if (!isEvaluated(judgments, this.#threshold)) {
        nSkipped++;
        continue;
      }
      queries.push(query);
      // #close left no open query, so #score sees an empty ranking: a judged query the run never names
      rows.push(this.#values.get(query) ?? this.#score(judgments));
    }
    const values = keys.map((_, m) => Float64Array.from(rows, (row) => row[m]));
    return { keys, queries, values, nQueries: queries.length, nSkipped };
  }
}

function isEvaluated(judgments: ReadonlyMap<string, number>, threshold: number): boolean {
  for (const g of judgments.values()) if (g >= threshold) return true;
  return false;
}
