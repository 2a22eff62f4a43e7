import { FormatError } from '../formats/formatError.ts';

/**
 * Which column (CSV/TSV header) or field (JSONL key) holds each part of a document. Only `text`
 * is required; without `id` the documents are numbered `<file stem>-<row>`.
 */
export interface ColumnMapping {
  readonly id?: string;
  readonly text: string;
  readonly name?: string;
  readonly lang?: string;
  readonly group?: string;
  readonly label?: string;
  readonly job?: string;
  readonly title?: string;
}

/** The parts of a document a column can map to, in the order suggestions and messages list them. */
export const MAPPED_FIELDS = Object.freeze(['id', 'text', 'name', 'lang', 'group', 'label', 'job', 'title'] as const);
export type MappedField = (typeof MAPPED_FIELDS)[number];

/**
 * The header names recognised for each field, compared case-insensitively and ignoring
 * spaces, `_` and `-` (so `Resume_ID`, `resume id` and `resumeid` are one name). Earlier names win.
 */
export const HEADER_NAMES: Readonly<Record<MappedField, readonly string[]>> = Object.freeze({
  id: ['id', '_id', 'resumeid', 'cvid', 'docid', 'documentid', 'uid'],
  text: ['text', 'resumestr', 'resume', 'resumetext', 'cv', 'cvtext', 'description', 'jobdescription', 'post', 'content', 'body'],
  name: ['name', 'fullname', 'candidatename', 'candidate'],
  lang: ['language', 'lang', 'locale'],
  group: ['gender', 'group', 'sex'],
  label: ['label', 'fit', 'decision', 'outcome'],
  job: ['job', 'jobid', 'vacancy', 'vacancyid', 'position'],
  title: ['title', 'jobtitle', 'headline'],
});

const key = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * The header names of a field on one side of an import: a job post's id is also called
 * `job_id`, `vacancy_id` or `posting_id` (issue 48: a job-post CSV's `job_id` was not taken as its
 * id), and a job post has no job of its own; a CV's id may be `candidate_id` or `applicant_id`.
 */
function namesOf(field: MappedField, side: 'cvs' | 'jobs' | undefined): readonly string[] {
  if (side === 'jobs' && field === 'id') return [...HEADER_NAMES.id, 'jobid', 'vacancyid', 'postingid', 'jobpostid', 'postid'];
  if (side === 'jobs' && field === 'job') return [];
  if (side === 'cvs' && field === 'id') return [...HEADER_NAMES.id, 'candidateid', 'applicantid'];
  return HEADER_NAMES[field];
}

/**
 * A mapping guessed from the headers, or undefined when no header looks like a text column.
 * Each header is used at most once; the first header that matches a field's best name wins.
 * `side` (CVs or job posts) adds the names a field has on that side.
 * @example suggestMapping(['ID', 'Resume_str', 'Category']) // { id: 'ID', text: 'Resume_str' }
 * @example suggestMapping(['job_id', 'title', 'description'], 'jobs') // { id: 'job_id', text: 'description', title: 'title' }
 */
export function suggestMapping(headers: readonly string[], side?: 'cvs' | 'jobs'): ColumnMapping | undefined {
  const used = new Set<string>();
  const found: Partial<Record<MappedField, string>> = {};
  for (const field of MAPPED_FIELDS) {
    for (const name of namesOf(field, side)) {
      const header = headers.find((h) => !used.has(h) && key(h) === name);
      if (header !== undefined) {
        found[field] = header;
        used.add(header);
        break;
      }
    }
  }
  return found.text === undefined ? undefined : ({ ...found, text: found.text } as ColumnMapping);
}

/**
 * Checks that every column the mapping names is among the headers.
 * @throws {FormatError} naming the first missing column and listing the headers, in `file`.
 * @example checkMapping({ text: 'Resume_str' }, ['ID', 'Resume_str'], 'it.csv') // passes
 */
export function checkMapping(mapping: ColumnMapping, headers: readonly string[], file: string, line?: number): void {
  for (const field of MAPPED_FIELDS) {
    const column = mapping[field];
    if (column !== undefined && !headers.includes(column)) {
      const list = headers.map((h) => JSON.stringify(h)).join(', ');
      throw new FormatError(`the ${field} column "${column}" is not in the file; its columns are ${list}`, line, file);
    }
  }
}
