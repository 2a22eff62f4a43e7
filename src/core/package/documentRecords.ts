import type { ImportedDocument } from '../documents/candidateDocument.ts';
import type { JobRecord } from '../formats/records.ts';

/** A job or CV record of a package (docs/datasets.md: `{"_id","text","occupation"?,"meta"?}`), with the title and language kept. */
export interface DocumentRecord extends JobRecord {
  title?: string;
  lang?: string;
  /** `neutral_base`: the text is the CV's neutral base (the retrieval corpus holds the CV as imported). */
  meta?: { name?: string; group?: string; source: string; neutral_base?: true };
}

/**
 * An imported document as a `jobs` or `cvs` record: its id and text, its title and language
 * when it has them, and in `meta` its name, group and where it came from (the metrics ignore
 * `meta`; a screening run reads groups from variants). Label and job are pairs, not fields of
 * one record: they belong in the labels and pools shards.
 * @example documentRecord({ id: 'c1', text: 'Anna', source: 'cvs.csv row 1', group: 'female' })
 *   // { _id: 'c1', text: 'Anna', meta: { group: 'female', source: 'cvs.csv row 1' } }
 */
export function documentRecord(doc: ImportedDocument): DocumentRecord {
  const meta: DocumentRecord['meta'] = { source: doc.source };
  if (doc.name !== undefined) meta.name = doc.name;
  if (doc.group !== undefined) meta.group = doc.group;
  const record: DocumentRecord = { _id: doc.id, text: doc.text };
  if (doc.title !== undefined) record.title = doc.title;
  if (doc.lang !== undefined) record.lang = doc.lang;
  record.meta = meta;
  return record;
}
