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

/** Every string value of a JSON-like value, at any depth (keys too when `withKeys`), into `out`. */
function collectStrings(value: unknown, withKeys: boolean, out: Set<string>): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) stack.push(...v);
    else if (typeof v === 'object' && v !== null) {
      for (const [key, item] of Object.entries(v)) {
        if (withKeys) out.add(key);
        stack.push(item);
      }
    }
  }
}

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
  collectStrings(manifest, false, out);
  return out;
}

/**
 * The forbidden strings of a dataset: every string its records carry —
 * the record id, and every string value at any depth (ids, texts, titles,
 * twin texts, names, a record's `lang`, meta values) and every key inside a
 * record's nested objects (`meta`'s own keys are data) — less the strings
 * the manifest declares (manifestStrings). A record's own field names
 * (`_id`, `text`, `lang`, …) are the format's, not the dataset's, and are not
 * included. So a `lang` the manifest lists passes, and one it does not list
 * (a secret smuggled into a record) is refused.
 * Cost: one walk of every record.
 * @example datasetContentStrings({ languages: ['en'] }, [{ id: 'd1', data: { _id: 'd1', lang: 'xx-secret' } }]) // Set {'d1', 'xx-secret'}
 */
export function datasetContentStrings(manifest: unknown, records: Iterable<DatasetRecord>): Set<string> {
  const out = new Set<string>();
  for (const record of records) {
    out.add(record.id);
    if (typeof record.data === 'object' && record.data !== null && !Array.isArray(record.data)) {
      for (const item of Object.values(record.data)) collectStrings(item, true, out);
    } else collectStrings(record.data, true, out);
  }
  for (const declared of manifestStrings(manifest)) out.delete(declared);
  return out;
}
