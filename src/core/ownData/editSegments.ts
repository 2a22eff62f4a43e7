/**
 * A variant beside its original, cut into plain and changed segments for the
 * review view's highlighting: the original's segments mark each edit's
 * `before`, the variant's each edit's `after` (edits hold offsets into the
 * original, sorted and not overlapping, as the generator writes them).
 */
import type { Edit } from '../counterfactual/edit.ts';

export interface Segment {
  readonly text: string;
  readonly changed: boolean;
  /** The edit was marked for review (neutral base); `note` says why. */
  readonly uncertain?: boolean;
  readonly note?: string;
}

/**
 * @example editSegments('Name: Ann Lee', [{ offset: 6, before: 'Ann', after: 'Zoe' }])
 *   // { original: [{'Name: ',false},{'Ann',true},{' Lee',false}], variant: [{'Name: ',false},{'Zoe',true},{' Lee',false}] }
 * @throws {RangeError} for edits out of order, overlapping, or whose `before` is not the original's text there.
 */
export function editSegments(original: string, edits: readonly Edit[]): { original: Segment[]; variant: Segment[] } {
  const a: Segment[] = [];
  const b: Segment[] = [];
  let at = 0;
  const plain = (text: string) => {
    if (text === '') return;
    a.push({ text, changed: false });
    b.push({ text, changed: false });
  };
  for (const e of edits) {
    if (e.offset < at) throw new RangeError(`edit at ${e.offset} overlaps the one before it`);
    if (original.slice(e.offset, e.offset + e.before.length) !== e.before) throw new RangeError(`edit at ${e.offset}: the original does not read "${e.before}" there`);
    plain(original.slice(at, e.offset));
    const mark = { ...(e.uncertain ? { uncertain: true } : {}), ...(e.note ? { note: e.note } : {}) };
    if (e.before !== '') a.push({ text: e.before, changed: true, ...mark });
    if (e.after !== '') b.push({ text: e.after, changed: true, ...mark });
    at = e.offset + e.before.length;
  }
  plain(original.slice(at));
  return { original: a, variant: b };
}

/**
 * Where edit `i` of those the variant shows (the edits that write text) starts in the variant's
 * text: where the review editor puts its caret (issue 48: it opened at the end of the text). With
 * fewer shown edits than `i + 1` (a variant of deletions only), the first edit's place; 0 without edits.
 * @example editCaret([{ offset: 6, before: 'Ann', after: 'Zoe' }, { offset: 12, before: 'she', after: 'they' }], 1) // 12
 * @example editCaret([{ offset: 0, before: 'Ann Lee\n', after: '' }, { offset: 14, before: 'She', after: 'They' }], 0) // 6
 */
export function editCaret(edits: readonly Pick<Edit, 'offset' | 'before' | 'after'>[], i: number): number {
  let shift = 0;
  let shown = 0;
  let first: number | undefined;
  for (const e of edits) {
    const at = e.offset + shift;
    first ??= at;
    if (e.after !== '') {
      if (shown === i) return at;
      shown++;
    }
    shift += e.after.length - e.before.length;
  }
  return first ?? 0;
}
