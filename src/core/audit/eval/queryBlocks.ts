/**
 * A TREC run's lines grouped by query, each line read in place (RunLineReader: no string and no
 * object per line): the open query's documents held as columns — identifier, score, and where
 * each is — and handed to `onEnd` when the query's block of lines ends, then dropped. Memory is
 * one query's ranking, not the run. Shared by the streamed `eval retrieval` (retrievalStream.ts)
 * and `eval twins` (twinStream.ts).
 */
import { FormatError } from '../../formats/formatError.ts';
import { forEachLine, type LinesChunk } from '../../formats/lineSplitter.ts';
import { RunLineReader } from '../../formats/runColumns.ts';
import { StringIndex } from '../../stringIndex.ts';

/** A query's lines came back after another query's: read the run whole instead. */
export class RunNotGroupedError extends Error {
  constructor(readonly query: string, readonly line: number) {
    super(`query "${query}" comes back at line ${line} after other queries: the run is not grouped by query`);
    this.name = 'RunNotGroupedError';
  }
}

export class QueryBlocks {
  readonly #reader = new RunLineReader();
  readonly #done = new Set<string>();
  readonly #onEnd: (query: string) => void;
  #query: string | undefined;
  /** Run lines read so far (blank and comment lines not counted). */
  lines = 0;
  /** The open query's documents in file order: `n` of them, `docIds[i]` scored `scores[i]`; `at.get(id)` is i. */
  n = 0;
  scores = new Float64Array(1024);
  readonly docIds: string[] = [];
  readonly at = new StringIndex();

  /** @param onEnd called with a query's id when its block ends, its documents still in `n`, `docIds`, `scores`, `at`. */
  constructor(onEnd: (query: string) => void) {
    this.#onEnd = onEnd;
  }

  /**
   * One non-blank line of the run.
   * @throws {FormatError} naming the line (parseRun's rules and messages).
   * @throws {RunNotGroupedError} when a finished query comes back.
   */
  add(text: string, line: number): void {
    this.#read(text, 0, text.length, line);
  }

  /** A chunk of whole lines (lineSplitter.ts), each read in place: `add`'s rules. */
  addChunk(chunk: LinesChunk): void {
    forEachLine(chunk, this.#read);
  }

  /** Ends the open query's block, if any: `onEnd`, then its documents dropped. Call it once the run's lines are all read. */
  end(): void {
    const query = this.#query;
    if (query === undefined) return;
    this.#done.add(query);
    this.#onEnd(query);
    this.#query = undefined;
    this.n = 0;
    this.docIds.length = 0;
    this.at.clear();
  }

  readonly #read = (text: string, start: number, end: number, line: number): void => {
    const r = this.#reader;
    if (!r.read(text, line, start, end)) return;
    this.lines++;
    if (r.newQuery || this.#query === undefined) {
      this.end();
      if (this.#done.has(r.queryId)) throw new RunNotGroupedError(r.queryId, line);
      this.#query = r.queryId;
    }
    const i = this.at.add(r.docId);
    if (i < 0) throw new FormatError(`document "${r.docId}" appears twice for query "${this.#query}"`, line);
    this.n++;
    if (i === this.scores.length) {
      const grown = new Float64Array(i * 2);
      grown.set(this.scores);
      this.scores = grown;
    }
    this.scores[i] = r.score;
    this.docIds[i] = r.docId;
  };
}
