/**
 * Where a string sits in a payload or report, in words a reader can act on: "the value of “name”
 * of the grouping “ethnicity”, in the outcomes for “gender”, in the model “bm25”" rather than
 * `results.models[0].outcomes[0].outcomes.groupings[0].name`. The privacy guard's refusals use it
 * (issue 47: a refusal names the field in words, never "at [142]").
 */

/** One step into a JSON-like value: an object key or an array index. */
export type PathStep = string | number;

/** The fields that name an item of a list, in the order they are preferred. */
const LABEL_FIELDS = Object.freeze(['name', 'attribute', 'task', 'heading', 'caption', 'title', 'label', 'id'] as const);

/** Plural list names read as one item of them. */
const SINGULAR: Readonly<Record<string, string>> = Object.freeze({
  categories: 'category',
  groupings: 'grouping',
  outcomes: 'outcomes for',
  subsets: 'query set',
  sections: 'section',
  blocks: 'block',
  rows: 'row',
  items: 'item',
  columns: 'column',
  entries: 'entry',
  capabilities: 'capability',
});

function labelOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const o = item as Record<string, unknown>;
  for (const field of LABEL_FIELDS) {
    if (typeof o[field] === 'string' && o[field] !== '') return o[field] as string;
  }
  const model = o.model as Record<string, unknown> | undefined;
  if (typeof model === 'object' && model !== null) {
    if (typeof model.label === 'string' && model.label !== '') return model.label;
    if (typeof model.id === 'string') return model.id;
  }
  return undefined;
}

/** A block of a report names itself by its kind (`the table “Bias …”`). */
function nounOf(listKey: string | undefined, item: unknown): string {
  const kind = (item as { kind?: unknown } | null)?.kind;
  if (listKey === 'blocks' && typeof kind === 'string' && /^[a-z]+$/u.test(kind)) return kind;
  if (listKey === undefined) return 'item';
  return SINGULAR[listKey] ?? (listKey.endsWith('s') && listKey.length > 3 ? listKey.slice(0, -1) : `${listKey} item`);
}

const quote = (s: string) => `“${s.length > 60 ? `${s.slice(0, 60)}…` : s}”`;

/**
 * The place of `steps` in `root`, in words, innermost first.
 * @param isKey whether the string found is the last step's key itself rather than its value.
 * @example describeLocation({ groupings: [{ name: 'ethnicity' }] }, ['groupings', 0, 'name'], false) // 'the value of “name” of the grouping “ethnicity”'
 */
export function describeLocation(root: unknown, steps: readonly PathStep[], isKey: boolean): string {
  const phrases: string[] = [];
  const keys: string[] = [];
  let value: unknown = root;
  let listKey: string | undefined;
  let inRow = false;
  let leaf: number | undefined;
  for (const step of steps) {
    if (typeof step === 'number') {
      const item = Array.isArray(value) ? value[step] : undefined;
      if (typeof item === 'string' && step === steps.at(-1) && !inRow) {
        leaf = step;
        break;
      }
      const noun: string = listKey === undefined && inRow ? 'cell' : nounOf(listKey, item);
      inRow = noun === 'row';
      const label = labelOf(item);
      phrases.push(label === undefined ? `${noun} ${step + 1}` : `the ${noun} ${quote(label)}`);
      keys.length = 0;
      value = item;
      listKey = undefined;
    } else {
      keys.push(step);
      value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[step] : undefined;
      listKey = step;
      inRow = false;
    }
  }
  if (leaf !== undefined) {
    const within = phrases.reverse().join(', in ');
    return `item ${leaf + 1} of ${quote(keys.join(' › '))}${within ? ` of ${within}` : ''}`;
  }
  const last = typeof steps.at(-1) === 'string' ? (keys.pop() as string) : undefined;
  const head = last === undefined ? (isKey ? 'a key' : 'the text') : isKey ? `the key ${quote(last)}` : `the value of ${quote(last)}`;
  const under = keys.length > 0 ? ` under ${quote(keys.join(' › '))}` : '';
  const within = phrases.reverse().join(', in ');
  return `${head}${under}${within ? ` of ${within}` : ''}`;
}
