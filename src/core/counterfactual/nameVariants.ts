import type { CandidateDocument } from './document.ts';
import { docRng } from './docRng.ts';
import { drawNames, knownSignals } from './drawNames.ts';
import type { FoundName } from './findName.ts';
import { groupsOf, type NameList } from './nameList.ts';
import { swapName, type NewName } from './swapName.ts';
import type { NotMade, Variant } from './variant.ts';

/**
 * The group held for attribute `b` of a list: the document's own group when it is one of the
 * list's groups for `b`, else the group the original first name is known to signal, else the
 * list's reference group.
 */
export function heldGroup(list: NameList, b: string, doc: CandidateDocument, name: FoundName | undefined): string {
  if (doc.group !== undefined && groupsOf(list, b).includes(doc.group)) return doc.group;
  return (name && knownSignals(list, name.first)[b]) ?? list.reference[b];
}

/** The name as it now stands in the text: a one-word original takes only the new first name; no new last name keeps the old. */
const putIn = (from: FoundName, to: NewName) =>
  from.last === undefined ? to.first : `${to.first} ${to.last ?? from.full.split(' ').slice(1).join(' ')}`;

/** What name variants and the name2 noise variant share: the swap, or why it was not made. */
export function nameVariant(
  doc: CandidateDocument, name: FoundName, to: NewName,
  meta: Pick<Variant, 'id' | 'kind' | 'attribute' | 'group' | 'signal' | 'heldConstant'>,
): Variant | NotMade {
  const swapped = swapName(doc.text, name, to);
  if (swapped.edits.length === 0) return { of: doc.id, kind: meta.kind, group: meta.group, reason: `the name "${name.full}" does not occur in the text` };
  return { ...meta, of: doc.id, name: putIn(name, to), text: swapped.text, edits: swapped.edits };
}

/**
 * The implicit-cue variants of one document: for each attribute, the first list that has it, and
 * for each of its groups (sorted) `perGroup` names drawn from the entry of that group with the
 * list's other attributes held (heldGroup). Ids `${doc.id}.${attribute}.implicit.${group}.${n}`.
 * Also returns the first names put in, so the name2 noise variant can avoid them.
 */
export function nameVariants(
  doc: CandidateDocument, name: FoundName, lists: readonly NameList[], attributes: readonly string[], perGroup: number, seed: number,
): { variants: Variant[]; notMade: NotMade[]; used: string[] } {
  const variants: Variant[] = [], notMade: NotMade[] = [], used: string[] = [];
  for (const attribute of attributes) {
    const list = lists.find((l) => l.attributes.includes(attribute));
    if (!list) {
      notMade.push({ of: doc.id, kind: 'names', reason: `no name list has the attribute "${attribute}"` });
      continue;
    }
    const held = Object.fromEntries(list.attributes.filter((b) => b !== attribute).map((b) => [b, heldGroup(list, b, doc, name)]));
    for (const group of groupsOf(list, attribute)) {
      const signals: Record<string, string> = { ...held, [attribute]: group };
      const entry = list.groups.find((g) => list.attributes.every((b) => g.signals[b] === signals[b]));
      const drawn = entry ? drawNames(entry, name, perGroup, docRng(seed, doc.id, `names:${list.id}:${attribute}:${group}`)) : [];
      if (drawn.length < perGroup) {
        notMade.push({ of: doc.id, kind: 'names', group, reason: `the list "${list.id}" has ${drawn.length} usable names for ${JSON.stringify(signals)}, ${perGroup} asked` });
      }
      drawn.forEach((to, k) => {
        used.push(to.first);
        const v = nameVariant(doc, name, to, {
          id: `${doc.id}.${attribute}.implicit.${group}.${k + 1}`, kind: 'names', attribute, group, signal: 'implicit', heldConstant: held,
        });
        if ('text' in v) variants.push(v);
        else notMade.push(v);
      });
    }
  }
  return { variants, notMade, used };
}

/**
 * The name2 noise variant: another name of the original's own group in the first list (each
 * attribute by heldGroup), none of the names already put in. Id `${doc.id}.noise.name2`.
 */
export function secondName(doc: CandidateDocument, name: FoundName, list: NameList, used: readonly string[], seed: number): Variant | NotMade {
  const signals = Object.fromEntries(list.attributes.map((b) => [b, heldGroup(list, b, doc, name)]));
  const entry = list.groups.find((g) => list.attributes.every((b) => g.signals[b] === signals[b]));
  const [to] = entry ? drawNames(entry, name, 1, docRng(seed, doc.id, 'name2'), used) : [];
  if (!to) return { of: doc.id, kind: 'noise', group: 'name2', reason: `no unused name left in "${list.id}" for ${JSON.stringify(signals)}` };
  return nameVariant(doc, name, to, { id: `${doc.id}.noise.name2`, kind: 'noise', attribute: 'noise', group: 'name2', signal: 'noise', heldConstant: signals });
}
