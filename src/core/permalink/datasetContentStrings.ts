/**
 * The strings of a stored dataset that a permalink must never carry: what
 * assertNoDatasetContent is given as `forbidden` (docs/permalinks.md, "What
 * the guard refuses").
 */

/** A stored record: its id and its parsed line. */
export interface DatasetRecord {
  readonly id: string;
  readonly data: unknown;
}

/** Every string value of a JSON-like value, at any depth (never its keys), into `out`. */
function collectStrings(value: unknown, out: Set<string>): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) stack.push(...v);
    else if (typeof v === 'object' && v !== null) stack.push(...Object.values(v));
  }
}

/**
 * The record fields whose values are the audit's categories: the `attribute`, `group`,
 * `twin_group` and `signal` of twin and variant records. A result names them to report on them
 * (`female`, `black`, `explicit`: NYC LL144 asks for each category's counts and rates), so they
 * are not content.
 */
export const CATEGORY_FIELDS = Object.freeze(['attribute', 'group', 'twin_group', 'signal'] as const);

/**
 * Every string the manifest declares, at any depth: its id, title,
 * `languages`, task names, twins groups and attribute, screening reference
 * groups and splits, shard names. The manifest is the dataset's public
 * description, so these may appear in a link: a language code as a
 * `perLang` key, a group in `parameters.groups`, a task name in `tasks`.
 * @example manifestStrings({ languages: ['en'], tasks: [{ name: 'briefs' }] }) // Set {'en', 'briefs'}
 */
export function manifestStrings(manifest: unknown): Set<string> {
  const out = new Set<string>();
  collectStrings(manifest, out);
  return out;
}

/**
 * The forbidden strings of a dataset: every value its records carry —
 * the record id, and every string value at any depth (ids, texts, titles,
 * twin texts, names, a record's `lang`, meta values) — less the strings
 * the manifest declares (manifestStrings) and the audit's categories
 * (CATEGORY_FIELDS). Field names, a record's own (`_id`, `text`) or nested
 * (`meta`'s keys: the columns of a CVs CSV, `name`, `email`), are structure,
 * not content: a results object has keys of the same words (`name`, `group`),
 * and the guard must match values of the data, never the results' structure
 * (issue 47). So a `lang` the manifest lists passes, one it does not list
 * (a secret smuggled into a record) is refused, and a CV's `meta.name` value
 * is refused while a grouping's `name` key passes.
 * Cost: one walk of every record.
 * @example datasetContentStrings({ languages: ['en'] }, [{ id: 'd1', data: { _id: 'd1', lang: 'xx-secret' } }]) // Set {'d1', 'xx-secret'}
 */
export function datasetContentStrings(manifest: unknown, records: Iterable<DatasetRecord>): Set<string> {
  const out = new Set<string>();
  const categories = new Set<string>();
  for (const record of records) {
    out.add(record.id);
    collectStrings(record.data, out);
    if (typeof record.data !== 'object' || record.data === null) continue;
    const data = record.data as Record<string, unknown>;
    for (const field of CATEGORY_FIELDS) if (typeof data[field] === 'string') categories.add(data[field] as string);
  }
  for (const declared of manifestStrings(manifest)) out.delete(declared);
  for (const category of categories) out.delete(category);
  return out;
}
