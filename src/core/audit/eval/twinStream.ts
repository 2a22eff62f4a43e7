/**
 * `eval twins` over a run streamed line by line: each query's pool and S are built as soon as its
 * block of lines ends, its twin metrics computed (twinQueryOf + twinQueryResults: evalTwins' code
 * path, query by query), and its lines dropped. Memory is the twin run, the twin records and one
 * query's ranking, plus each query's metric values — not the run, which at 10,000 queries ×
 * 1,000 documents is ten million lines.
 *
 * The report is evalTwins' to the byte (same kernel, same queries, same order; a test compares
 * the two on seeded runs). Where the fast line reader (RunLineReader) could read a line otherwise
 * than parseRun, the stream stops and the caller reads the run whole as before: a run whose
 * queries are not grouped (RunNotGroupedError), text with a control character or a Unicode space
 * (RunTextQuirkError, runTextQuirks.ts), and — the caller's rule — any line the stream refuses.
 */
import { FormatError } from '../../formats/formatError.ts';
import { forEachLine, type LinesChunk } from '../../formats/lineSplitter.ts';
import { RunLineReader } from '../../formats/runColumns.ts';
import { hasRunTextQuirk, RunTextQuirkError } from '../../formats/runTextQuirks.ts';
import type { TwinLine } from '../../formats/twins.ts';
import { twinQueryResults, type TwinQueryResult } from '../../metrics/twins.ts';
import { StringIndex } from '../../stringIndex.ts';
import { RunNotGroupedError } from './retrievalStream.ts';
import { missingTwinsOf, twinQueryOf, twinsByOriginal, type TwinRunLookup, type TwinsEvalOptions } from './twins.ts';

export interface TwinStreamOptions extends TwinsEvalOptions {
  /** Whether to list the twins of ranked documents that the twin run does not score (twinGaps' `missing`); off with --allow-missing. */
  readonly listMissing: boolean;
}

/** What the stream computed: each query's results in run order (reportTwins' input), and the missing twin scores when listed. */
export interface TwinStreamResult {
  readonly results: TwinQueryResult[];
  /** `query/twin_id`, in run order, as twinGaps lists them; empty when not listed. */
  readonly missing: string[];
}

export class TwinStream {
  readonly #reader = new RunLineReader();
  readonly #twinRun: TwinRunLookup;
  readonly #byOriginal: ReadonlyMap<string, TwinLine>;
  readonly #k: number;
  readonly #firstGroup: string;
  readonly #listMissing: boolean;
  readonly #results: TwinQueryResult[] = [];
  readonly #missing: string[] = [];
  readonly #done = new Set<string>();
  #query: string | undefined;
  /** The open query's documents as columns: identifier and score in file order, and where each is. */
  #n = 0;
  #scores = new Float64Array(1024);
  readonly #docIds: string[] = [];
  readonly #at = new StringIndex();
  #lines = 0;

  constructor(twinRun: TwinRunLookup, twins: readonly TwinLine[], options: TwinStreamOptions) {
    this.#twinRun = twinRun;
    this.#byOriginal = twinsByOriginal(twins);
    this.#k = options.k;
    this.#firstGroup = options.groups[0];
    this.#listMissing = options.listMissing;
  }

  /**
   * One non-blank line of the run.
   * @throws {FormatError} naming the line (parseRun's rules and messages).
   * @throws {RunNotGroupedError} when a finished query comes back.
   * @throws {RunTextQuirkError} for a line the fast reader might read otherwise than parseRun.
   */
  add(text: string, line: number): void {
    if (hasRunTextQuirk(text)) throw new RunTextQuirkError(line);
    this.#read(text, 0, text.length, line);
  }

  /** A chunk of whole lines (lineSplitter.ts), each read in place: `add`'s rules, no string per line. */
  addChunk(chunk: LinesChunk): void {
    if (hasRunTextQuirk(chunk.text)) throw new RunTextQuirkError(chunk.line);
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

  /** The twin metrics of the query whose lines just ended (evalTwins' kernel), its missing twins listed; its lines dropped. */
  #close(): void {
    const query = this.#query;
    if (query === undefined) return;
    this.#done.add(query);
    const ids = this.#docIds;
    const twinScored = this.#twinRun.get(query);
    if (this.#listMissing) missingTwinsOf(query, ids, twinScored, this.#byOriginal, this.#missing);
    const twinQuery = twinQueryOf(query, ids, this.#scores.subarray(0, this.#n), twinScored, this.#byOriginal, this.#firstGroup);
    this.#results.push(twinQueryResults([twinQuery], this.#k)[0]);
    this.#query = undefined;
    this.#n = 0;
    this.#docIds.length = 0;
    this.#at.clear();
  }

  /**
   * Every query's results, in run order.
   * @throws {FormatError} for an empty run (parseRun's message).
   */
  finish(): TwinStreamResult {
    this.#close();
    if (this.#lines === 0) throw new FormatError('empty run file: no scored documents found');
    return { results: this.#results, missing: this.#missing };
  }
}
