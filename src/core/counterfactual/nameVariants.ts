/**
 * The implicit-cue (name) variants of one CV, and the name2 noise variant, with the screening
 * protocol's name choice (its Table 6): a variant of attribute `a` and group `g` takes a name from
 * the list entry signalling `g` for `a` and holding the list's other attributes fixed — the
 * ethnicity of gender names at `genderNamesEthnicity` (White by default), the gender of every other
 * attribute's names at one gender per CV (a seeded choice by default) — so each variant signals
 * one attribute only. By default the name is a `Name: <first> <last>` line on top of the CV's
 * neutral base; with `names: 'replace'` it is put where the candidate's name stood in the CV, which
 * is otherwise neutralised (a CV with no name then has no name variant).
 */
import type { CandidateDocument } from './document.ts';
import { docRng } from './docRng.ts';
import { drawNames } from './drawNames.ts';
import { lineOnTop } from './explicitLine.ts';
import { findName, type FoundName, type NewName } from './findName.ts';
import { groupsOf, type NameList } from './nameList.ts';
import { neutralise } from './neutral/neutralise.ts';
import { swapName } from './swapName.ts';
import type { NotMade, Variant } from './variant.ts';
import type { Edit } from './edit.ts';

/** How implicit names are chosen. */
export interface NameChoice {
  /** The ethnicity group the gender variants' names come from (`white`: the protocol's White American/British names). */
  readonly genderNamesEthnicity: string;
  /** The one gender of the names of every other attribute: a seeded choice per CV (the protocol's), or fixed. */
  readonly otherNamesGender: 'seeded' | 'female' | 'male';
}

/** What the name variants need of the generation settings. */
export interface NameSettings {
  readonly names: 'insert' | 'replace';
  /** With names replaced: in the neutralised CV (true), or in the CV as imported, nothing else changed (false). */
  readonly neutralise: boolean;
  readonly namesPerGroup: number;
  readonly attributes: readonly string[];
}

/**
 * The gender a CV's non-gender name variants all share when the choice is seeded: female or male,
 * drawn from docRng(seed, doc id, 'held-gender').
 * @example seededGender(1, 'cv1') // the same on every run: 'female' or 'male'
 */
export function seededGender(seed: number, docId: string): 'female' | 'male' {
  return docRng(seed, docId, 'held-gender').int(2) === 0 ? 'female' : 'male';
}

/**
 * The groups a name variant of `attribute` holds for the list's other attributes (rule above); a
 * held group the list does not have is replaced by the list's reference group.
 * @example heldSignals(BLOOMBERG_2024, 'gender', 'cv1', PROTOCOL_NAME_CHOICE, 1) // { ethnicity: 'white' }
 */
export function heldSignals(list: NameList, attribute: string, docId: string, choice: NameChoice, seed: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const b of list.attributes) {
    if (b === attribute) continue;
    const wanted = b === 'gender' ? (choice.otherNamesGender === 'seeded' ? seededGender(seed, docId) : choice.otherNamesGender) : b === 'ethnicity' && attribute === 'gender' ? choice.genderNamesEthnicity : list.reference[b];
    out[b] = groupsOf(list, b).includes(wanted) ? wanted : list.reference[b];
  }
  return out;
}

/** The name as it now stands in the text: a one-word original takes only the new first name; no new last name keeps the old. */
const putIn = (from: FoundName, to: NewName) => (from.last === undefined ? to.first : `${to.first} ${to.last ?? from.full.split(' ').slice(1).join(' ')}`);

/** The whole name as a `Name:` line writes it. */
const fullOf = (n: NewName) => (n.last === undefined ? n.first : `${n.first} ${n.last}`);

/**
 * The base a variant of one group is built on: the CV's neutral base, or (a gender variant of a CV
 * whose grammar still signals the other gender, as French agreement does) the base with the
 * candidate's gendered words turned to that group, and the edits that made it.
 */
export type BaseFor = (attribute: string, group: string) => { readonly text: string; readonly edits: readonly Edit[] };

/** A name variant's text and edits under the settings, or why it cannot be made. */
function withName(doc: CandidateDocument, base: { readonly text: string; readonly edits: readonly Edit[] }, original: FoundName | undefined, to: NewName, settings: NameSettings): Pick<Variant, 'text' | 'edits' | 'from' | 'name'> | string {
  if (settings.names === 'insert') {
    const top = lineOnTop(base.text, `Name: ${fullOf(to)}`);
    return { text: top.text, edits: [...top.edits, ...base.edits], from: 'base', name: fullOf(to) };
  }
  if (!original) return 'no name found to replace in place (names: insert puts a Name: line on every CV)';
  const replaced = settings.neutralise ? neutralise(doc, { replaceNameWith: to }) : swapName(doc.text, original, to);
  if (!replaced.edits.some((e) => e.why === undefined || e.why === 'name')) return `the name "${original.full}" does not occur in the text`;
  return { text: replaced.text, edits: replaced.edits, from: 'original', name: putIn(original, to) };
}

/** The entry of `list` that signals exactly `signals`. */
const entryOf = (list: NameList, signals: Readonly<Record<string, string>>) => list.groups.find((g) => list.attributes.every((b) => g.signals[b] === signals[b]));

/**
 * The name variants of one CV and its name2 noise variant. Ids `${doc.id}.${attribute}.implicit.${group}.${n}`
 * and `${doc.id}.noise.name2`; `used` holds the first names put in (name2 avoids them).
 * @example nameVariants(doc, () => ({ text: base.text, edits: [] }), BUNDLED_NAME_LISTS, { names: 'insert', namesPerGroup: 2, attributes: ['gender'] }, PROTOCOL_NAME_CHOICE, 1).variants.map((v) => v.id) // ['cv1.gender.implicit.female.1', …]
 */
export function nameVariants(
  doc: CandidateDocument, baseFor: BaseFor, lists: readonly NameList[], settings: NameSettings, choice: NameChoice, seed: number,
): { variants: Variant[]; notMade: NotMade[]; used: string[]; name2?: Variant | NotMade } {
  const variants: Variant[] = [], notMade: NotMade[] = [], used: string[] = [];
  const original = findName(doc);
  for (const attribute of settings.attributes) {
    const list = lists.find((l) => l.attributes.includes(attribute));
    if (!list) {
      notMade.push({ of: doc.id, kind: 'names', reason: `no name list has the attribute "${attribute}"` });
      continue;
    }
    const held = heldSignals(list, attribute, doc.id, choice, seed);
    for (const group of groupsOf(list, attribute)) {
      const signals: Record<string, string> = { ...held, [attribute]: group };
      const entry = entryOf(list, signals);
      const drawn = entry ? drawNames(entry, original, settings.namesPerGroup, docRng(seed, doc.id, `names:${list.id}:${attribute}:${group}`)) : [];
      if (drawn.length < settings.namesPerGroup) {
        notMade.push({ of: doc.id, kind: 'names', group, reason: `the list "${list.id}" has ${drawn.length} usable names for ${JSON.stringify(signals)}, ${settings.namesPerGroup} asked` });
      }
      drawn.forEach((to, k) => {
        used.push(to.first);
        const made = withName(doc, baseFor(attribute, group), original, to, settings);
        if (typeof made === 'string') notMade.push({ of: doc.id, kind: 'names', group, reason: made });
        else variants.push({ id: `${doc.id}.${attribute}.implicit.${group}.${k + 1}`, of: doc.id, kind: 'names', attribute, group, signal: 'implicit', heldConstant: held, ...made });
      });
    }
  }
  const genderList = lists.find((l) => l.attributes.includes('gender'));
  if (!genderList) return { variants, notMade, used };
  // name2: another name of the group the gender variants hold, of the CV's one gender
  const gender = choice.otherNamesGender === 'seeded' ? seededGender(seed, doc.id) : choice.otherNamesGender;
  const signals = { ...heldSignals(genderList, 'gender', doc.id, choice, seed), gender };
  const entry = entryOf(genderList, signals);
  const [to] = entry ? drawNames(entry, original, 1, docRng(seed, doc.id, 'name2'), used) : [];
  let name2: Variant | NotMade;
  if (!to) name2 = { of: doc.id, kind: 'noise', group: 'name2', reason: `no unused name left in "${genderList.id}" for ${JSON.stringify(signals)}` };
  else {
    const made = withName(doc, baseFor('gender', gender), original, to, settings);
    name2 = typeof made === 'string'
      ? { of: doc.id, kind: 'noise', group: 'name2', reason: made }
      : { id: `${doc.id}.noise.name2`, of: doc.id, kind: 'noise', attribute: 'noise', group: 'name2', signal: 'noise', heldConstant: signals, ...made };
  }
  return { variants, notMade, used, name2 };
}
