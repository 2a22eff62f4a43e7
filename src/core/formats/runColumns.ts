/**
 * A run file read line by line into columns — query index, document index,
 * score, line — instead of one object per line: ids are interned once, the
 * numbers live in typed arrays, and a query's ranking is built only when it
 * is evaluated. `eval retrieval` streams a run through it (10 million lines
 * hold ~24 bytes each, not a few hundred), with the same rules and messages
 * as parseRun (trecRun.ts).
 */
import type { Scored } from '../ranking.ts';
import { FormatError } from './formatError.ts';
import { strictNumber } from './strictNumber.ts';
import { detectRunFormat, TSV_HEADER, type RunFormat } from './trecRun.ts';

const TAB = 9;
const SPACE = 32;

/** A growable typed array's storage. */
function grow<T extends Int32Array | Float64Array>(a: T, n: number): T {
  if (n <= a.length) return a;
  const next = new (a.constructor as { new (n: number): T })(Math.max(n, a.length * 2));
  next.set(a);
  return next;
}

/**
 * The fields of a line: TSV splits on tabs only, TREC on runs of spaces and tabs. Returns the
 * start/end offsets of up to `max + 1` fields (one more than expected tells "too many").
 */
function fieldBounds(text: string, tsv: boolean, out: Int32Array, from: number, len: number): number {
  let n = 0;
  let i = from;
  if (tsv) {
    let start = from;
    for (; i <= len; i++) {
      if (i === len || text.charCodeAt(i) === TAB) {
        if (n * 2 + 1 >= out.length) return n + 1;
        out[n * 2] = start;
        out[n * 2 + 1] = i;
        n++;
        start = i + 1;
      }
    }
    return n;
  }
  // one charCodeAt per character: the hot loop of a 10-million-line run
  while (i < len) {
    let c = text.charCodeAt(i);
    if (c === SPACE || c === TAB) {
      i++;
      continue;
    }
    if (n * 2 + 1 >= out.length) return n + 1;
    out[n * 2] = i;
    do i++;
    while (i < len && (c = text.charCodeAt(i)) !== SPACE && c !== TAB);
    out[n * 2 + 1] = i;
    n++;
  }
  return n;
}

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * The number in text[start, end): a plain decimal (`-0.1234`, `12`) of at most 15 digits is
 * m ÷ 10^f with m and 10^f exact doubles, so the quotient is the correctly rounded value —
 * exactly what Number() gives; anything else (an exponent, more digits) is read by
 * strictNumber (`0x10`, `Infinity`, `1e` are not numbers). NaN for an empty field or
 * anything strictNumber refuses.
 */
function parseScore(text: string, start: number, end: number): number {
  let i = start;
  let negative = false;
  const c0 = text.charCodeAt(i);
  if (c0 === 45 || c0 === 43) {
    negative = c0 === 45;
    i++;
  }
  let m = 0;
  let digits = 0;
  let fraction = -1;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits++;
      if (fraction >= 0) fraction++;
    } else if (c === 46 && fraction < 0) fraction = 0;
    else return start === end ? NaN : (strictNumber(text.slice(start, end)) ?? NaN);
  }
  if (digits === 0 || digits > 15) return start === end ? NaN : (strictNumber(text.slice(start, end)) ?? NaN);
  const v = fraction > 0 ? m / POW10[fraction] : m;
  return negative ? -v : v;
}

/** True when text[start, end) spells `s`. */
function spells(text: string, start: number, end: number, s: string): boolean {
  if (end - start !== s.length) return false;
  for (let i = 0; i < s.length; i++) if (text.charCodeAt(start + i) !== s.charCodeAt(i)) return false;
  return true;
}

/** A string that owns its characters (a slice of a line would keep the whole chunk it came from alive). */
const own = (s: string): string => (s.length < 13 ? s : JSON.parse(JSON.stringify(s)));

/**
 * One run line's fields, read in place: the format fixed by the first data line (three
 * tab-separated fields → TSV; else six whitespace-separated fields → TREC; an MTEB header
 * `query-id corpus-id score` on the first line is skipped), the query id compared with the last
 * line's (runs are mostly grouped by query), the score parsed without a substring.
 */
export class RunLineReader {
  #format: RunFormat | undefined;
  #first = true;
  readonly #bounds = new Int32Array(14);
  /** The query id of the last line read (a string that owns its characters). */
  queryId = '';
  /** True when the last line's query differs from the line before it (or it is the first). */
  newQuery = true;
  docId = '';
  score = NaN;

  /**
   * Reads a non-blank line, text[start, end) (the whole text by default: a line of a chunk of
   * lines is read in place, no string made for it); false for the header line.
   * @throws {FormatError} naming the line, as parseRun.
   */
  read(text: string, line: number, start = 0, end = text.length): boolean {
    if (this.#first) {
      this.#first = false;
      if (TSV_HEADER.test(text.slice(start, end).trim())) return false;
    }
    this.#format ??= detectRunFormat(text.slice(start, end), line);
    const tsv = this.#format === 'tsv';
    const expected = tsv ? 3 : 6;
    const b = this.#bounds;
    const n = fieldBounds(text, tsv, b, start, end);
    if (n !== expected) throw new FormatError(`expected ${expected} fields in a ${tsv ? 'TSV' : 'TREC'} run row, found ${n}`, line);
    if (tsv) {
      // TSV ids keep no surrounding spaces (parseRun trims them); the score is read as written
      for (let f = 0; f < 2; f++) {
        while (b[f * 2] < b[f * 2 + 1] && text.charCodeAt(b[f * 2]) <= SPACE) b[f * 2]++;
        while (b[f * 2 + 1] > b[f * 2] && text.charCodeAt(b[f * 2 + 1] - 1) <= SPACE) b[f * 2 + 1]--;
      }
    }
    const sf = tsv ? 2 : 4;
    const score = parseScore(text, b[sf * 2], b[sf * 2 + 1]);
    if (!Number.isFinite(score)) throw new FormatError(`score is not a number: "${text.slice(b[sf * 2], b[sf * 2 + 1])}"`, line);
    this.newQuery = this.#first || !spells(text, b[0], b[1], this.queryId) || this.queryId === '' ;
    if (this.newQuery) this.queryId = own(text.slice(b[0], b[1]));
    const df = tsv ? 1 : 2;
    this.docId = text.slice(b[df * 2], b[df * 2 + 1]);
    this.score = score;
    return true;
  }
}

/** Reads a run line by line (`add`), then `finish` gives its RunColumns. */
export class RunColumnsBuilder {
  readonly #reader = new RunLineReader();
  readonly #queryIndex = new Map<string, number>();
  readonly #queries: string[] = [];
  readonly #docIndex = new Map<string, number>();
  readonly #docs: string[] = [];
  #q = new Int32Array(1024);
  #d = new Int32Array(1024);
  #s = new Float64Array(1024);
  #line = new Int32Array(1024);
  #n = 0;
  #lastQueryIndex = -1;

  /**
   * One non-blank line of the file and its number (RunLineReader's rules).
   * @throws {FormatError} naming the line, as parseRun.
   */
  add(text: string, line: number): void {
    const r = this.#reader;
    if (!r.read(text, line)) return;
    let q = this.#lastQueryIndex;
    if (r.newQuery || q < 0) {
      let found = this.#queryIndex.get(r.queryId);
      if (found === undefined) {
        found = this.#queries.length;
        this.#queryIndex.set(r.queryId, found);
        this.#queries.push(r.queryId);
      }
      q = this.#lastQueryIndex = found;
    }
    const docId = r.docId;
    let d = this.#docIndex.get(docId);
    if (d === undefined) {
      d = this.#docs.length;
      const owned = own(docId);
      this.#docIndex.set(owned, d);
      this.#docs.push(owned);
    }
    const i = this.#n++;
    if (i >= this.#q.length) {
      this.#q = grow(this.#q, i + 1);
      this.#d = grow(this.#d, i + 1);
      this.#s = grow(this.#s, i + 1);
      this.#line = grow(this.#line, i + 1);
    }
    this.#q[i] = q;
    this.#d[i] = d;
    this.#s[i] = r.score;
    this.#line[i] = line;
  }

  /**
   * The run, its rows grouped by query (file order kept within a query).
   * @throws {FormatError} for an empty run, or a document repeated within a query (naming the
   *   later line).
   */
  finish(): RunColumns {
    const n = this.#n;
    if (n === 0) throw new FormatError('empty run file: no scored documents found');
    const nq = this.#queries.length;
    // Counting sort by query: start offsets, then rows in file order per query.
    const start = new Int32Array(nq + 1);
    for (let i = 0; i < n; i++) start[this.#q[i] + 1]++;
    for (let q = 0; q < nq; q++) start[q + 1] += start[q];
    const fill = start.slice(0, nq);
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[fill[this.#q[i]]++] = i;
    const docs = new Int32Array(n);
    const scores = new Float64Array(n);
    const stamp = new Int32Array(this.#docs.length);
    for (let q = 0; q < nq; q++) {
      for (let j = start[q]; j < start[q + 1]; j++) {
        const i = order[j];
        const d = this.#d[i];
        if (stamp[d] === q + 1) {
          throw new FormatError(`document "${this.#docs[d]}" appears twice for query "${this.#queries[q]}"`, this.#line[i]);
        }
        stamp[d] = q + 1;
        docs[j] = d;
        scores[j] = this.#s[i];
      }
    }
    return new RunColumns(this.#queries, this.#queryIndex, this.#docs, start, docs, scores);
  }
}

/**
 * A run as columns, grouped by query. `get(query)` builds that query's documents with their
 * scores in file order (a fresh array each time), as parseRun's Run would hold them.
 */
export class RunColumns {
  readonly queries: readonly string[];
  readonly #queryIndex: ReadonlyMap<string, number>;
  readonly #docs: readonly string[];
  /** Query q's rows are start[q] … start[q+1] − 1. */
  readonly #start: Int32Array;
  readonly #docOf: Int32Array;
  readonly #score: Float64Array;

  constructor(queries: readonly string[], queryIndex: ReadonlyMap<string, number>, docs: readonly string[], start: Int32Array, docOf: Int32Array, score: Float64Array) {
    this.queries = queries;
    this.#queryIndex = queryIndex;
    this.#docs = docs;
    this.#start = start;
    this.#docOf = docOf;
    this.#score = score;
  }

  /** The query's scored documents, or undefined when the run has none for it. */
  get(query: string): Scored[] | undefined {
    const q = this.#queryIndex.get(query);
    if (q === undefined) return undefined;
    const out: Scored[] = new Array(this.#start[q + 1] - this.#start[q]);
    for (let j = this.#start[q], k = 0; j < this.#start[q + 1]; j++, k++) out[k] = { id: this.#docs[this.#docOf[j]], score: this.#score[j] };
    return out;
  }

  /** The most documents any query ranks. */
  longestRanking(): number {
    let longest = 0;
    for (let q = 0; q < this.queries.length; q++) longest = Math.max(longest, this.#start[q + 1] - this.#start[q]);
    return longest;
  }
}

/**
 * Numbered lines (lines.ts numberedLines) as RunColumns: the in-memory path, for callers without
 * a line stream.
 * @example runColumnsOf(numberedLines('q1 Q0 d1 1 0.9 bm25\n')).get('q1') // [{ id: 'd1', score: 0.9 }]
 */
export function runColumnsOf(lines: Iterable<{ readonly text: string; readonly line: number }>): RunColumns {
  const b = new RunColumnsBuilder();
  for (const { text, line } of lines) b.add(text, line);
  return b.finish();
}
