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
import type { LinesChunk } from '../../formats/lineSplitter.ts';
import { hasRunTextQuirk, RunTextQuirkError } from '../../formats/runTextQuirks.ts';
import type { TwinLine } from '../../formats/twins.ts';
import { twinQueryResults, type TwinQueryResult } from '../../metrics/twins.ts';
import { QueryBlocks } from './queryBlocks.ts';
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
  readonly #twinRun: TwinRunLookup;
  readonly #byOriginal: ReadonlyMap<string, TwinLine>;
  readonly #k: number;
  readonly #firstGroup: string;
  readonly #listMissing: boolean;
  readonly #results: TwinQueryResult[] = [];
  readonly #missing: string[] = [];
  /** The run's lines by query; each query's twin metrics computed when its block ends. */
  readonly #blocks = new QueryBlocks((query) => this.#end(query));

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
    this.#blocks.add(text, line);
  }

  /** A chunk of whole lines (lineSplitter.ts), each read in place: `add`'s rules, no string per line. */
  addChunk(chunk: LinesChunk): void {
    if (hasRunTextQuirk(chunk.text)) throw new RunTextQuirkError(chunk.line);
    this.#blocks.addChunk(chunk);
  }

  /** The twin metrics of the query whose lines just ended (evalTwins' kernel), its missing twins listed. */
  #end(query: string): void {
    const { n, scores, docIds: ids } = this.#blocks;
    const twinScored = this.#twinRun.get(query);
    if (this.#listMissing) missingTwinsOf(query, ids, twinScored, this.#byOriginal, this.#missing);
    const twinQuery = twinQueryOf(query, ids, scores.subarray(0, n), twinScored, this.#byOriginal, this.#firstGroup);
    this.#results.push(twinQueryResults([twinQuery], this.#k)[0]);
  }

  /**
   * Every query's results, in run order.
   * @throws {FormatError} for an empty run (parseRun's message).
   */
  finish(): TwinStreamResult {
    this.#blocks.end();
    if (this.#blocks.lines === 0) throw new FormatError('empty run file: no scored documents found');
    return { results: this.#results, missing: this.#missing };
  }
}
