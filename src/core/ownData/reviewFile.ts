/**
 * The review file: what the browser's "Your candidates" used to make a dataset package, so that
 * `fairground make-dataset --decisions F` rebuilds the same package, byte for byte, from the same
 * documents (issue 46). Beside the review's decisions it carries what a CLI flag cannot say per
 * document: each document's id (a clash the user resolved renames it), its language (each import
 * batch has its own), the name the user typed for a CV in which none was found, the order the
 * documents were imported in, each side's column mapping, and the generator's options. It holds
 * the user's own data (names, edited texts): it stays on the user's machine like the documents.
 *
 * Version 1 — the decisions alone, `{ "<variant id>": "accepted" | "rejected" | {"edited": …} }` —
 * is still read.
 */
import type { ColumnMapping } from '../documents/columnMapping.ts';
import type { ImportedDocument } from '../documents/candidateDocument.ts';
import type { DraftOptions } from './draftOptions.ts';
import { decisionsJson, parseDecisions, type ReviewDecision } from './review.ts';

/** What the review knew of one document beyond its file. */
export interface DocumentSettings {
  /** The file (and row) it came from: `anna.pdf`, `cvs.csv row 3` — how the CLI finds it. */
  readonly source: string;
  readonly id: string;
  readonly lang?: string;
  /** The name the user typed ("name used in the original"), for a CV in which none was found. */
  readonly name?: string;
  /** The reviewer said the CV names no one. */
  readonly nameless?: true;
}

export interface ReviewFile {
  readonly fairground: 'review';
  readonly version: 2;
  readonly dataset: { readonly id: string; readonly title: string };
  readonly options: DraftOptions;
  readonly mappings: { readonly cvs?: ColumnMapping; readonly jobs?: ColumnMapping };
  /** Every document in the order the review holds them (the package's order). */
  readonly documents: { readonly cvs: readonly DocumentSettings[]; readonly jobs: readonly DocumentSettings[] };
  readonly decisions: Record<string, string | { edited: string }>;
}

/** A read review file: the decisions, and (version 2) the rest. */
export interface ReadReview {
  readonly decisions: Map<string, ReviewDecision>;
  readonly settings?: Omit<ReviewFile, 'fairground' | 'version' | 'decisions'>;
}

const settingsOf = (d: ImportedDocument): DocumentSettings => ({
  source: d.source,
  id: d.id,
  ...(d.lang === undefined ? {} : { lang: d.lang }),
  ...(d.nameGiven && d.name !== undefined ? { name: d.name } : {}),
  ...(d.nameless ? { nameless: true as const } : {}),
});

/**
 * The review file of a draft and its decisions.
 * @example reviewFileOf({ id: 'mine', title: 'Mine', cvs, jobs, options }, decisions, {}).version // 2
 */
export function reviewFileOf(
  draft: { readonly id: string; readonly title: string; readonly cvs: readonly ImportedDocument[]; readonly jobs: readonly ImportedDocument[]; readonly options: DraftOptions },
  decisions: ReadonlyMap<string, ReviewDecision>,
  mappings: ReviewFile['mappings'],
): ReviewFile {
  return {
    fairground: 'review',
    version: 2,
    dataset: { id: draft.id, title: draft.title },
    options: draft.options,
    mappings,
    documents: { cvs: draft.cvs.map(settingsOf), jobs: draft.jobs.map(settingsOf) },
    decisions: decisionsJson(decisions),
  };
}

function documentSettings(value: unknown, at: string): DocumentSettings {
  const d = value as Record<string, unknown> | null;
  if (d === null || typeof d !== 'object' || typeof d.source !== 'string' || typeof d.id !== 'string') throw new RangeError(`${at}: expected {source, id, lang?, name?}`);
  for (const key of ['lang', 'name'] as const) if (d[key] !== undefined && typeof d[key] !== 'string') throw new RangeError(`${at}.${key}: expected a string`);
  if (d.nameless !== undefined && d.nameless !== true) throw new RangeError(`${at}.nameless: expected true`);
  return { source: d.source, id: d.id, ...(d.lang === undefined ? {} : { lang: d.lang as string }), ...(d.name === undefined ? {} : { name: d.name as string }), ...(d.nameless ? { nameless: true as const } : {}) };
}

/**
 * Reads a review file, version 2 or a version-1 decisions object.
 * @throws {RangeError} naming the first malformed field.
 */
export function parseReviewFile(value: unknown): ReadReview {
  const v = value as Record<string, unknown> | null;
  if (v === null || typeof v !== 'object' || Array.isArray(v) || v.fairground !== 'review') return { decisions: parseDecisions(value) };
  if (v.version !== 2) throw new RangeError(`review file version ${String(v.version)}: this Fairground reads version 2 (and version 1, the decisions alone)`);
  const dataset = v.dataset as { id?: unknown; title?: unknown } | undefined;
  if (typeof dataset?.id !== 'string' || typeof dataset.title !== 'string') throw new RangeError('dataset: expected {id, title}');
  const documents = v.documents as { cvs?: unknown; jobs?: unknown } | undefined;
  if (!Array.isArray(documents?.cvs) || !Array.isArray(documents.jobs)) throw new RangeError('documents: expected {cvs: […], jobs: […]}');
  if (typeof v.options !== 'object' || v.options === null) throw new RangeError('options: expected the generator’s options');
  return {
    decisions: parseDecisions(v.decisions),
    settings: {
      dataset: { id: dataset.id, title: dataset.title },
      options: v.options as DraftOptions,
      mappings: (v.mappings ?? {}) as ReviewFile['mappings'],
      documents: {
        cvs: documents.cvs.map((d, i) => documentSettings(d, `documents.cvs[${i}]`)),
        jobs: documents.jobs.map((d, i) => documentSettings(d, `documents.jobs[${i}]`)),
      },
    },
  };
}

/**
 * The imported documents as the review held them: matched by source, given the review's id,
 * language and typed name, in the review's order.
 * @throws {RangeError} naming the documents the review lists and the files lack, or the files hold and the review does not.
 */
export function applyDocumentSettings(documents: readonly ImportedDocument[], settings: readonly DocumentSettings[], what: string): ImportedDocument[] {
  const bySource = new Map(documents.map((d) => [d.source, d]));
  const missing = settings.filter((s) => !bySource.has(s.source)).map((s) => s.source);
  const listed = new Set(settings.map((s) => s.source));
  const extra = documents.filter((d) => !listed.has(d.source)).map((d) => d.source);
  const problems = [
    ...(missing.length > 0 ? [`the review lists ${missing.length} ${what}(s) the files lack: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`] : []),
    ...(extra.length > 0 ? [`the files hold ${extra.length} ${what}(s) the review does not list: ${extra.slice(0, 5).join(', ')}${extra.length > 5 ? ', …' : ''}`] : []),
  ];
  if (problems.length > 0) throw new RangeError(`${problems.join('; ')} — give the documents the review was made from`);
  return settings.map((s) => {
    const { name: _name, nameGiven: _given, lang: _lang, nameless: _nameless, ...d } = bySource.get(s.source)!;
    const imported = bySource.get(s.source)!;
    return {
      ...d,
      id: s.id,
      ...(s.lang !== undefined ? { lang: s.lang } : {}),
      ...(s.name !== undefined ? { name: s.name, nameGiven: true } : imported.nameGiven ? {} : imported.name !== undefined ? { name: imported.name } : {}),
      ...(s.nameless ? { nameless: true } : {}),
    };
  });
}
