/**
 * The strings a link of an outcome or multi-task audit must never carry (the privacy guard's
 * `forbidden`, docs/permalinks.md), for inputs that are not a stored dataset: a decisions table
 * and a predictions folder. As for a dataset (datasetContentStrings), values of the data are
 * forbidden and structure is not: a table's header, a task's declared name, kind and capability
 * pass, and so do the categories the audit reports on (the group columns' values).
 */
import { readRecordTable, tableFormatOf } from '../formats/recordTable.ts';
import { datasetContentStrings } from '../permalink/index.ts';
import { INTERSECTION } from '../metrics/groupFairness/index.ts';

/**
 * Every cell of a decisions table but those of its group columns (the audit's categories).
 * @example decisionsContentStrings('name,race,callback\nAda Roe,black,1\n', 'd.csv', ['race']) // Set {'Ada Roe', '1'}
 */
export function decisionsContentStrings(text: string, fileName: string, groupColumns: readonly string[]): Set<string> {
  const table = readRecordTable(text, tableFormatOf(fileName, text));
  const categories = new Set(groupColumns.map((c) => table.columns.indexOf(c)).filter((i) => i >= 0));
  const out = new Set<string>();
  for (const row of table.rows) {
    row.cells.forEach((cell, i) => {
      if (!categories.has(i) && typeof cell === 'string' && cell !== '') out.add(cell);
    });
  }
  return out;
}

/**
 * Every string value of a predictions folder's records (`<task>.jsonl`), less what `tasks.json`
 * declares (task names, kinds, capabilities): ids, texts, answers and gold labels.
 * @throws {SyntaxError} when a file is not JSON (the audit would have refused it first).
 */
export function predictionsContentStrings(files: Readonly<Record<string, string>>): Set<string> {
  const declarations = files['tasks.json'] === undefined ? {} : (JSON.parse(files['tasks.json']) as unknown);
  const records = Object.entries(files)
    .filter(([name]) => name.endsWith('.jsonl'))
    .flatMap(([, text]) => text.split('\n').filter((line) => line.trim() !== '').map((line) => ({ id: '', data: JSON.parse(line) as unknown })));
  // A record's own id is one of its values; the empty id stands for none (the guard ignores it).
  return datasetContentStrings(declarations, records);
}

/**
 * The group labels a retrieval result reports on (METRICS.md §12: a grouping's values, at most
 * MAX_GROUPS of them, and the parts of an intersection such as "female × senior"): the audit's
 * categories, so a link or report may name them as it names the twins' groups. Everything else of
 * the data stays forbidden.
 * @example groupCategories(results) // Set {'female', 'male'}
 */
export function groupCategories(results: { readonly subsets: readonly { readonly models: readonly { readonly groupFairness?: { readonly summary: { readonly groups: readonly string[] } } }[] }[] }): Set<string> {
  const out = new Set<string>();
  for (const s of results.subsets) {
    for (const m of s.models) {
      for (const label of m.groupFairness?.summary.groups ?? []) {
        out.add(label);
        for (const part of label.split(INTERSECTION)) out.add(part);
      }
    }
  }
  return out;
}

/** `forbidden` less `categories`. @example withoutCategories(['Ada Roe', 'female'], new Set(['female'])) // Set {'Ada Roe'} */
export function withoutCategories(forbidden: Iterable<string>, categories: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const s of forbidden) if (!categories.has(s)) out.add(s);
  return out;
}
