/**
 * Name lists: names that signal groups of one or more attributes at once. Each entry of `groups`
 * is keyed by one group per attribute of the list (`signals`), so the Bloomberg list's entry
 * `{ ethnicity: 'black', gender: 'female' }` serves a gender variant (ethnicity held constant) and
 * an ethnicity variant (gender held constant) alike.
 */
export interface NameGroup {
  /** One group per attribute of the list, e.g. { ethnicity: 'black', gender: 'female' }. */
  readonly signals: Readonly<Record<string, string>>;
  readonly first: readonly string[];
  /** Last names to draw independently of the first name, when the source has no full names. */
  readonly last?: readonly string[];
  /** Whole names "First Last" as the source paired them; drawn instead of first × last when present. */
  readonly full?: readonly string[];
}

export interface NameList {
  readonly id: string;
  readonly title: string;
  /** The attributes every entry's `signals` names, e.g. ['ethnicity', 'gender']. */
  readonly attributes: readonly string[];
  /** The group held for an attribute that is not varied, when the original name's is not known. */
  readonly reference: Readonly<Record<string, string>>;
  readonly groups: readonly NameGroup[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function names(v: unknown, where: string, optional: boolean): void {
  if (v === undefined && optional) return;
  if (!Array.isArray(v) || v.length === 0) throw new TypeError(`${where} must be a non-empty array of names`);
  v.forEach((n, i) => {
    if (typeof n !== 'string' || n.trim() === '') throw new TypeError(`${where}[${i}] must be a non-empty string`);
  });
}

/**
 * Checks a name list given by a user (parsed JSON) and returns it typed: a non-empty `id` and
 * `attributes`, a `reference` group for each attribute, and non-empty `groups`, each naming one
 * group per attribute and holding non-empty arrays of non-empty strings.
 * @throws {TypeError} naming the field at fault.
 * @example validateNameList({ id: 'mine', title: 'Mine', attributes: ['gender'], reference: { gender: 'male' },
 *   groups: [{ signals: { gender: 'male' }, first: ['Tom'] }, { signals: { gender: 'female' }, first: ['Ann'] }] }); // the same list
 */
export function validateNameList(value: unknown): NameList {
  if (!isObject(value)) throw new TypeError('a name list must be a JSON object');
  const { id, title, attributes, reference, groups } = value;
  if (typeof id !== 'string' || id === '') throw new TypeError('"id" must be a non-empty string');
  if (typeof title !== 'string') throw new TypeError('"title" must be a string');
  if (!Array.isArray(attributes) || attributes.length === 0 || !attributes.every((a) => typeof a === 'string' && a !== '')) {
    throw new TypeError('"attributes" must be a non-empty array of attribute names');
  }
  if (!isObject(reference)) throw new TypeError('"reference" must map each attribute to a group');
  if (!Array.isArray(groups) || groups.length === 0) throw new TypeError('"groups" must be a non-empty array');
  groups.forEach((g, i) => {
    const where = `groups[${i}]`;
    if (!isObject(g) || !isObject(g.signals)) throw new TypeError(`${where}.signals must map each attribute to a group`);
    for (const a of attributes as string[]) {
      const s = g.signals[a];
      if (typeof s !== 'string' || s === '') throw new TypeError(`${where}.signals.${a} must be a non-empty string`);
    }
    names(g.first, `${where}.first`, false);
    names(g.last, `${where}.last`, true);
    names(g.full, `${where}.full`, true);
  });
  for (const a of attributes as string[]) {
    if (typeof reference[a] !== 'string' || !groups.some((g) => g.signals[a] === reference[a])) {
      throw new TypeError(`"reference.${a}" must be one of the list's groups for ${a}`);
    }
  }
  return value as unknown as NameList;
}

/**
 * The groups of `attribute` in a list, sorted.
 * @example groupsOf(bloomberg2024, 'ethnicity'); // ['asian', 'black', 'hispanic', 'white']
 */
export function groupsOf(list: NameList, attribute: string): string[] {
  return [...new Set(list.groups.map((g) => g.signals[attribute]).filter((s) => s !== undefined))].sort();
}
