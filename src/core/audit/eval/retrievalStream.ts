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
import type { LinesChunk } from '../../formats/lineSplitter.ts';
import { kernelOptions, metricKey, RETRIEVAL_METRICS, type KernelOptions } from '../../metrics/retrieval.ts';
import { averagePrecisionOfRanks, scoreTop } from '../../metrics/retrievalKernel.ts';
import { rankOfColumn, topRankedOfColumns } from '../../metrics/topRanked.ts';
import { QueryBlocks } from './queryBlocks.ts';
import type { RetrievalEvalOptions } from './retrieval.ts';

export { RunNotGroupedError } from './queryBlocks.ts';

/** What the stream computed: evalRetrieval's columns (keys, the evaluated queries, values per key). */
export interface RetrievalColumns {
  readonly keys: string[];
  readonly queries: string[];
  readonly values: Float64Array[];
  readonly nQueries: number;
  readonly nSkipped: number;
}

export class RetrievalStream {
  readonly #qrels: Qrels;
  readonly #kernel: KernelOptions;
  readonly #threshold: number;
  readonly #withMap: boolean;
  /** Per-query values of the evaluated queries, by query id. */
  readonly #values = new Map<string, Float64Array>();
  /** The run's lines by query; each query scored (if the qrels evaluate it) when its block ends. */
  readonly #blocks = new QueryBlocks((query) => {
    const judgments = this.#qrels.get(query);
    if (judgments && isEvaluated(judgments, this.#threshold)) this.#values.set(query, this.#score(judgments));
  });

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
    this.#blocks.add(text, line);
  }

  /** A chunk of whole lines (lineSplitter.ts), each read in place: `add`'s rules, no string per line. */
  addChunk(chunk: LinesChunk): void {
    this.#blocks.addChunk(chunk);
  }

  /**
   * The open query's cut-off metrics, and uncut MAP when asked: MAP at a cut-off at least as long
   * as the query's own ranking is its whole ranking's AP (evalRetrieval takes the run's longest),
   * computed from the ranks of its retrieved relevant documents, so the ranking is never sorted
   * past the largest cut-off.
   */
  #score(judgments: ReadonlyMap<string, number>): Float64Array {
    const { n, scores, docIds: ids, at } = this.#blocks;
    const top = topRankedOfColumns(scores, ids, n, this.#kernel.ks[this.#kernel.ks.length - 1]);
    const cut = scoreTop((i) => ids[top[i]], top.length, judgments, this.#kernel);
    if (!this.#withMap) return cut;
    let nRelevant = 0;
    const ranks: number[] = [];
    for (const [doc, grade] of judgments) {
      if (grade < this.#threshold) continue;
      nRelevant++;
      const i = at.get(doc);
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
    this.#blocks.end();
    if (this.#blocks.lines === 0) throw new FormatError('empty run file: no scored documents found');
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
      // end() left no open query, so #score sees an empty ranking: a judged query the run never names
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
