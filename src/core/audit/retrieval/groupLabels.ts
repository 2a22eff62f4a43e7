/**
 * The group label of each corpus document for the group fairness of rankings (METRICS.md §12):
 * the value of a field the audit chooses — a record's `lang`, one of its `meta` fields
 * (`meta.gender`, `meta.seniority`), or the group a twins task gives the document (`twins.group`)
 * — or the intersection of two ("female × senior"). Unlabelled documents are left undefined.
 */
import type { CorpusRecord, TwinRecord } from '../../formats/records.ts';
import { groupLabelOf } from '../../metrics/groupFairness/index.ts';
import { AuditInputError } from '../common/index.ts';

/** The most distinct labels a grouping may have: more is a field of values (names, ids), not of groups, and a link must not carry it. */
export const MAX_GROUPS = 20;

/** The field of the twins tasks' group of a document (`group` of its twin record). */
export const TWINS_GROUP_FIELD = 'twins.group';

/** The fields a document is labelled by: one, or the intersection of two. */
export type GroupBy = readonly [string] | readonly [string, string];

/**
 * A record's fields as the grouping names them: `lang`, `meta.<key>` for each key of its meta
 * object, and `twins.group` when a twins task gives it one.
 * @example groupingFieldsOf({ _id: 'a', text: '', lang: 'en', meta: { gender: 'female' } }) // { lang: 'en', 'meta.gender': 'female' }
 */
export function groupingFieldsOf(record: CorpusRecord, twinsGroup?: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (record.lang !== undefined) fields.lang = record.lang;
  if (typeof record.meta === 'object' && record.meta !== null && !Array.isArray(record.meta)) {
    for (const [key, value] of Object.entries(record.meta)) fields[`meta.${key}`] = value;
  }
  if (twinsGroup !== undefined) fields[TWINS_GROUP_FIELD] = twinsGroup;
  return fields;
}

/** The twins group of each document that has a twin, over every twins task given. */
export function twinsGroups(twins: readonly (readonly TwinRecord[])[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const records of twins) for (const t of records) if (!out.has(t.id)) out.set(t.id, t.group);
  return out;
}

/**
 * The fields of a corpus that can group it: those whose values (strings, numbers, booleans) take
 * 2 to MAX_GROUPS distinct labels, in code-unit order — what the Run form and `--group-by` offer.
 * @example groupableFields(records, new Map()) // ['lang', 'meta.gender', 'meta.seniority']
 */
export function groupableFields(corpus: readonly CorpusRecord[], twins: ReadonlyMap<string, string>): string[] {
  const values = new Map<string, Set<string>>();
  for (const d of corpus) {
    for (const [field, value] of Object.entries(groupingFieldsOf(d, twins.get(d._id)))) {
      const label = groupLabelOf({ [field]: value }, [field]);
      if (label === undefined) continue;
      let seen = values.get(field);
      if (!seen) values.set(field, (seen = new Set()));
      if (seen.size <= MAX_GROUPS) seen.add(label);
    }
  }
  return [...values].filter(([, seen]) => seen.size >= 2 && seen.size <= MAX_GROUPS).map(([field]) => field).sort();
}

/**
 * The grouping an audit uses by default: `meta.gender` when the corpus can be grouped by it (the
 * protocols' attribute), else the twins tasks' groups, else none (group fairness not computed).
 */
export function defaultGroupBy(fields: readonly string[]): GroupBy | undefined {
  if (fields.includes('meta.gender')) return ['meta.gender'];
  if (fields.includes(TWINS_GROUP_FIELD)) return [TWINS_GROUP_FIELD];
  return undefined;
}

/**
 * Parses a `--group-by` value: one field, or two joined by a comma or ×.
 * @throws {RangeError} for an empty field, more than two, or the same field twice.
 * @example parseGroupBy('meta.gender,meta.seniority') // ['meta.gender', 'meta.seniority']
 */
export function parseGroupBy(text: string): GroupBy {
  const fields = text.split(/[,×]/).map((f) => f.trim());
  if (fields.some((f) => f === '') || fields.length > 2) throw new RangeError(`group-by "${text}": one field (meta.gender), or two for their intersection (meta.gender,meta.seniority)`);
  if (fields.length === 2 && fields[0] === fields[1]) throw new RangeError(`group-by "${text}": the same field twice`);
  return fields.length === 1 ? [fields[0]] : [fields[0], fields[1]];
}

/**
 * Each document's label under `groupBy` (undefined: unlabelled), in corpus order.
 * @throws {AuditInputError} when no document has the field(s) — naming those it could use — or
 *   when they take more than MAX_GROUPS distinct labels.
 */
export function corpusGroupLabels(corpus: readonly CorpusRecord[], twins: ReadonlyMap<string, string>, groupBy: GroupBy): (string | undefined)[] {
  const labels = corpus.map((d) => groupLabelOf(groupingFieldsOf(d, twins.get(d._id)), groupBy));
  const distinct = new Set(labels.filter((l) => l !== undefined));
  const name = groupBy.join(' × ');
  if (distinct.size === 0) {
    const usable = groupableFields(corpus, twins);
    throw new AuditInputError(`no document of the corpus has ${name}; group by ${usable.length ? `one of ${usable.join(', ')}` : 'a field the documents have (lang, meta.<field>)'}`);
  }
  if (distinct.size > MAX_GROUPS) throw new AuditInputError(`${name} takes ${distinct.size} distinct values: a grouping has at most ${MAX_GROUPS} (a field such as a name or an id is not a group)`);
  return labels;
}
