/**
 * A second import adds to the draft (issue 30: a second import used to replace the first without a
 * word). Documents whose id is already in the draft are named, and the user says what to do with
 * them: keep the ones there (the new ones are left out), replace them, or rename the new ones
 * (`cv1` → `cv1-2`, the first free suffix).
 */
import type { ImportedDocument } from '../documents/candidateDocument.ts';

/** What to do with an incoming document whose id the draft already has. */
export type IdClash = 'keep' | 'replace' | 'rename';

/**
 * The ids of `incoming` already in `existing`, in incoming order.
 * @example clashingIds([{ id: 'a', … }], [{ id: 'a', … }, { id: 'b', … }]) // ['a']
 */
export function clashingIds(existing: readonly ImportedDocument[], incoming: readonly ImportedDocument[]): string[] {
  const ids = new Set(existing.map((d) => d.id));
  return incoming.filter((d) => ids.has(d.id)).map((d) => d.id);
}

/**
 * The clash in words (issue 48: "1 of the 1 new CVs have an id"): how many of the new documents have
 * an id the draft already has, the verb agreeing with the count.
 * @example idClashText('cvs', 1, 3) // '1 of the 3 new CVs has an id the draft already has'
 * @example idClashText('jobs', 1, 1) // 'The new job post has an id the draft already has'
 */
export function idClashText(side: 'cvs' | 'jobs', clashing: number, incoming: number): string {
  const [one, many] = side === 'cvs' ? ['CV', 'CVs'] : ['job post', 'job posts'];
  const what = 'an id the draft already has';
  if (incoming === 1) return `The new ${one} has ${what}`;
  if (clashing === incoming) return `${incoming === 2 ? 'Both' : `All ${incoming}`} new ${many} have ids the draft already has`;
  return `${clashing} of the ${incoming} new ${many} ${clashing === 1 ? 'has' : 'have'} ${clashing === 1 ? what : 'ids the draft already has'}`;
}

/** The merge and what it did, for the notice. */
export interface Merged {
  readonly documents: ImportedDocument[];
  readonly added: number;
  readonly replaced: readonly string[];
  readonly renamed: readonly (readonly [from: string, to: string])[];
  readonly kept: readonly string[];
}

/**
 * `existing` then `incoming`, with clashing ids resolved by `clash`: replaced documents keep their
 * place, renamed ones get the first `-2`, `-3`, … suffix no document has.
 * @example mergeDocuments([a], [a2, b], 'rename').renamed // [['a', 'a-2']]
 */
export function mergeDocuments(existing: readonly ImportedDocument[], incoming: readonly ImportedDocument[], clash: IdClash): Merged {
  const out = [...existing];
  const at = new Map(out.map((d, i) => [d.id, i]));
  const taken = new Set(out.map((d) => d.id));
  const replaced: string[] = [];
  const renamed: [string, string][] = [];
  const kept: string[] = [];
  let added = 0;
  for (const doc of incoming) {
    const i = at.get(doc.id);
    if (i === undefined) {
      out.push(doc);
      at.set(doc.id, out.length - 1);
      taken.add(doc.id);
      added++;
    } else if (clash === 'replace') {
      out[i] = doc;
      replaced.push(doc.id);
    } else if (clash === 'keep') kept.push(doc.id);
    else {
      let n = 2;
      while (taken.has(`${doc.id}-${n}`)) n++;
      const id = `${doc.id}-${n}`;
      out.push({ ...doc, id });
      at.set(id, out.length - 1);
      taken.add(id);
      renamed.push([doc.id, id]);
      added++;
    }
  }
  return { documents: out, added, replaced, renamed, kept };
}

/**
 * Natural order of ids: digit runs compared as numbers, so `2` comes before `10`.
 * @example ['10', '2', '1'].sort(naturalCompare) // ['1', '2', '10']
 */
export function naturalCompare(a: string, b: string): number {
  const re = /(\d+)|(\D+)/gu;
  const pa = [...a.matchAll(re)].map((m) => m[0]);
  const pb = [...b.matchAll(re)].map((m) => m[0]);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const [x, y] = [pa[i], pb[i]];
    const nx = /^\d/u.test(x), ny = /^\d/u.test(y);
    if (nx && ny && Number(x) !== Number(y)) return Number(x) - Number(y);
    if (x !== y) return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}
