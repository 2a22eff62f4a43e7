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
import { RunLineReader } from '../../formats/runColumns.ts';
import type { Scored } from '../../ranking.ts';
import { kernelOptions, metricKey, RETRIEVAL_METRICS, scoreQuery, type KernelOptions } from '../../metrics/retrieval.ts';
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
  readonly #gain: RetrievalEvalOptions['gain'];
  readonly #withMap: boolean;
  /** The uncut-MAP kernel options by cut-off (one per distinct ranking length, not one per query). */
  readonly #uncut = new Map<number, KernelOptions>();
  /** Per-query values of the evaluated queries, by query id. */
  readonly #values = new Map<string, Float64Array>();
  readonly #done = new Set<string>();
  #query: string | undefined;
  #docs: Scored[] = [];
  #ids = new Set<string>();
  #lines = 0;

  /** @throws {RangeError} for invalid options (kernelOptions). */
  constructor(qrels: Qrels, options: RetrievalEvalOptions) {
    this.#qrels = qrels;
    this.#threshold = options.threshold;
    this.#gain = options.gain;
    this.#kernel = kernelOptions({ k: [...options.k], threshold: options.threshold, gain: options.gain });
    this.#withMap = options.metrics?.some((m) => m.trim().toLowerCase() === 'map') ?? false;
  }

  /**
   * One non-blank line of the run.
   * @throws {FormatError} naming the line (parseRun's rules and messages).
   * @throws {RunNotGroupedError} when a finished query comes back.
   */
  add(text: string, line: number): void {
    const r = this.#reader;
    if (!r.read(text, line)) return;
    this.#lines++;
    if (r.newQuery || this.#query === undefined) {
      this.#close();
      if (this.#done.has(r.queryId)) throw new RunNotGroupedError(r.queryId, line);
      this.#query = r.queryId;
    }
    if (this.#ids.has(r.docId)) throw new FormatError(`document "${r.docId}" appears twice for query "${this.#query}"`, line);
    this.#ids.add(r.docId);
    this.#docs.push({ id: r.docId, score: r.score });
  }

  /** Scores the query whose lines just ended (if the qrels evaluate it) and drops its lines. */
  #close(): void {
    const query = this.#query;
    if (query === undefined) return;
    this.#done.add(query);
    const judgments = this.#qrels.get(query);
    if (judgments && isEvaluated(judgments, this.#threshold)) this.#values.set(query, this.#score(this.#docs, judgments));
    this.#docs = [];
    this.#ids = new Set();
  }

  /**
   * The cut-off metrics, and uncut MAP when asked: MAP at a cut-off at least as long as the
   * query's own ranking is its whole ranking's AP (evalRetrieval takes the run's longest).
   */
  #score(docs: readonly Scored[], judgments: ReadonlyMap<string, number>): Float64Array {
    const cut = scoreQuery(docs, judgments, this.#kernel);
    if (!this.#withMap) return cut;
    const longest = Math.max(docs.length, ...this.#kernel.ks, 1);
    let options = this.#uncut.get(longest);
    if (!options) this.#uncut.set(longest, (options = kernelOptions({ k: [longest], threshold: this.#threshold, gain: this.#gain })));
    const uncut = scoreQuery(docs, judgments, options);
    const out = new Float64Array(cut.length + 1);
    out.set(cut);
    out[cut.length] = uncut[RETRIEVAL_METRICS.indexOf('map')];
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
      rows.push(this.#values.get(query) ?? this.#score([], judgments));
    }
    const values = keys.map((_, m) => Float64Array.from(rows, (row) => row[m]));
    return { keys, queries, values, nQueries: queries.length, nSkipped };
  }
}

function isEvaluated(judgments: ReadonlyMap<string, number>, threshold: number): boolean {
  for (const g of judgments.values()) if (g >= threshold) return true;
  return false;
}
