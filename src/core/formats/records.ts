import { FormatError } from './formatError.ts';
import type { ShardKind } from './manifest.ts';
import { parseQrelsLine } from './qrels.ts';

/**
 * Record shapes of each shard kind (DESIGN.md, "Dataset package") and the
 * check of one parsed line. Identifiers are stored as strings (a numeric
 * `_id` such as 4380635 becomes "4380635"); fields not named here are kept.
 */
export interface CorpusRecord { _id: string; text: string; title?: string; lang?: string; meta?: unknown }
export interface QueryRecord { _id: string; text: string; lang?: string }
export interface QrelsRecord { query_id: string; corpus_id: string; score: number }
export interface TwinRecord { id: string; twin_id: string; twin_text: string; group: string; twin_group: string; lang?: string }
export interface JobRecord { _id: string; text: string; occupation?: string }
export type CvRecord = JobRecord;
export interface PoolRecord { job_id: string; cv_ids: string[] }
export interface VariantRecord {
  cv_id: string; variant_id: string; attribute: string; group: string;
  /** `noise` marks the noise-floor variants (whitespace, typos, another name of the reference group). */
  signal: 'explicit' | 'implicit' | 'noise'; name?: string; text: string;
}
export interface LabelRecord { job_id: string; cv_id: string; label: 0 | 1; split: 'tune' | 'test' }
/** Task-specific (METRICS.md §9); only an optional `id` is interpreted. */
export type PredictionRecord = Record<string, unknown>;

/** The record type of each shard kind. */
export interface RecordOfKind {
  corpus: CorpusRecord; queries: QueryRecord; qrels: QrelsRecord; twins: TwinRecord;
  jobs: JobRecord; cvs: CvRecord; pools: PoolRecord; variants: VariantRecord;
  labels: LabelRecord; predictions: PredictionRecord;
}

/** A checked record and its key within the shard. */
export interface ValidRecord<K extends ShardKind = ShardKind> {
  readonly id: string;
  readonly data: RecordOfKind[K];
}

/** How a shard's lines are written: JSON Lines, or (qrels only) TSV/TREC. */
export type LineFormat = 'jsonl' | 'tsv';

/** `tsv` for paths ending in .tsv, .txt or .qrels (optionally .gz), else `jsonl`. */
export function lineFormatOf(path: string): LineFormat {
  return /\.(tsv|txt|qrels)(\.gz)?$/i.test(path) ? 'tsv' : 'jsonl';
}

/**
 * Parses and checks one line of a shard. Returns undefined for a line that
 * holds no record (the MTEB qrels header).
 *
 * Keys: `_id` for corpus, queries, jobs and cvs; `twin_id` for twins;
 * `variant_id` for variants; `job_id` for pools; `query_id<TAB>corpus_id`
 * for qrels; `job_id<TAB>cv_id` for labels; `id` (or `_id`) for
 * predictions, else the line number.
 * @throws {FormatError} naming the line: malformed JSON, a missing or mistyped field.
 */
export function parseRecordLine(kind: ShardKind, format: LineFormat, text: string, line: number): ValidRecord | undefined {
  if (format === 'tsv') {
    if (kind !== 'qrels') throw new FormatError(`a ${kind} shard must be JSON Lines, not TSV`, line);
    const j = parseQrelsLine(text, line);
    return j && qrels({ query_id: j.queryId, corpus_id: j.docId, score: j.grade });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new FormatError(`malformed JSON: ${(e as Error).message}`, line);
  }
  return validateRecord(kind, value, line);
}

/**
 * Checks one parsed JSON value as a record of `kind`.
 * @throws {FormatError} naming the line and the field at fault.
 */
export function validateRecord(kind: ShardKind, value: unknown, line: number): ValidRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new FormatError(`a ${kind} record must be a JSON object`, line);
  }
  const r = value as Record<string, unknown>;
  const id = (field: string) => {
    const v = r[field];
    if (typeof v === 'number' && Number.isFinite(v)) return (r[field] = String(v));
    if (typeof v !== 'string' || v.trim() === '') throw new FormatError(`missing or empty "${field}"`, line);
    return v;
  };
  const str = (field: string, optional = false) => {
    const v = r[field];
    if (optional && v === undefined) return;
    if (typeof v !== 'string') throw new FormatError(`"${field}" must be a string`, line);
  };
  const oneOf = (field: string, allowed: readonly unknown[]) => {
    if (!allowed.includes(r[field])) {
      throw new FormatError(`"${field}" must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`, line);
    }
  };
  switch (kind) {
    case 'corpus':
    case 'queries':
    case 'jobs':
    case 'cvs': {
      const key = id('_id');
      str('text');
      for (const f of ['title', 'lang', 'occupation']) str(f, true);
      return { id: key, data: r as never };
    }
    case 'qrels': {
      r.query_id ??= r['query-id'];
      r.corpus_id ??= r['corpus-id'];
      const queryId = id('query_id'), corpusId = id('corpus_id');
      if (typeof r.score !== 'number' || !Number.isFinite(r.score)) throw new FormatError('"score" must be a number', line);
      return qrels({ query_id: queryId, corpus_id: corpusId, score: r.score });
    }
    case 'twins': {
      id('id');
      const key = id('twin_id');
      for (const f of ['twin_text', 'group', 'twin_group']) str(f);
      str('lang', true);
      return { id: key, data: r as never };
    }
    case 'pools': {
      const key = id('job_id');
      if (!Array.isArray(r.cv_ids) || r.cv_ids.length === 0) throw new FormatError('"cv_ids" must be a non-empty array', line);
      r.cv_ids = r.cv_ids.map((c) => {
        if (typeof c === 'number') return String(c);
        if (typeof c !== 'string' || c === '') throw new FormatError('"cv_ids" must hold identifiers', line);
        return c;
      });
      return { id: key, data: r as never };
    }
    case 'variants': {
      id('cv_id');
      const key = id('variant_id');
      for (const f of ['attribute', 'group', 'text']) str(f);
      oneOf('signal', ['explicit', 'implicit', 'noise']);
      str('name', true);
      return { id: key, data: r as never };
    }
    case 'labels': {
      const key = `${id('job_id')}\t${id('cv_id')}`;
      oneOf('label', [0, 1]);
      oneOf('split', ['tune', 'test']);
      return { id: key, data: r as never };
    }
    case 'predictions': {
      const v = r.id ?? r._id;
      const key = v === undefined ? `line:${line}` : id(r.id !== undefined ? 'id' : '_id');
      return { id: key, data: r as never };
    }
  }
}

function qrels(data: QrelsRecord): ValidRecord<'qrels'> {
  return { id: `${data.query_id}\t${data.corpus_id}`, data: { query_id: data.query_id, corpus_id: data.corpus_id, score: data.score } };
}
