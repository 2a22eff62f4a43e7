/**
 * How a label cell is read: `1`/`0`, `fit`/`not fit`, `yes`/`no`, `true`/`false`, in any case,
 * around spaces (`NOT FIT`, ` Yes `). Anything else is undefined: the caller names the row.
 */
const LABELS: ReadonlyMap<string, 0 | 1> = new Map([
  ['1', 1], ['fit', 1], ['yes', 1], ['true', 1],
  ['0', 0], ['not fit', 0], ['notfit', 0], ['not_fit', 0], ['no', 0], ['false', 0],
]);

/** The words accepted, for messages. */
export const LABEL_WORDS = '1/0, fit/not fit, yes/no or true/false';

/**
 * @example parseLabel('NOT FIT') // 0
 * @example parseLabel('maybe') // undefined
 */
export function parseLabel(cell: string | number | boolean): 0 | 1 | undefined {
  return LABELS.get(String(cell).trim().toLowerCase().replace(/\s+/g, ' '));
}
