import { BUNDLED_NAME_LISTS } from './bundledNameLists.ts';
import type { CandidateDocument } from './document.ts';
import { docRng } from './docRng.ts';
import { explicitLine, type AttributeLabels } from './explicitLine.ts';
import { findName } from './findName.ts';
import { detectGrammaticalGender } from './gender/detectGender.ts';
import { genderTwin } from './gender/genderTwin.ts';
import { LEXICONS } from './gender/lexicons.ts';
import { groupsOf, type NameList } from './nameList.ts';
import { nameVariants, secondName } from './nameVariants.ts';
import { addTypos, collapseWhitespace, type Noised } from './noise.ts';
import type { NotMade, Variant, VariantKind } from './variant.ts';

export interface GenerateOptions {
  /** Which kinds to make; they come out in the order names, explicit, gender, noise. */
  readonly kinds: readonly VariantKind[];
  readonly seed: number;
  /** Default: the bundled lists (Bloomberg 2024, then Bertrand & Mullainathan). */
  readonly nameLists?: readonly NameList[];
  /** The attributes whose groups name and explicit variants are made for. Default ['gender', 'ethnicity']. */
  readonly attributes?: readonly string[];
  /** Names per group and attribute. Default 1. */
  readonly namesPerGroup?: number;
  /** Probability of a typo per eligible word. Default 0.02. */
  readonly typoRate?: number;
  /** Labels of the explicit lines, by attribute; its groups (when given) are the groups made. */
  readonly explicitLabels?: Readonly<Record<string, AttributeLabels>>;
}

const GENDERS = ['female', 'male'] as const;

function explicitVariants(doc: CandidateDocument, o: GenerateOptions, lists: readonly NameList[], attributes: readonly string[], out: Variant[], notMade: NotMade[]): void {
  for (const attribute of attributes) {
    const labels = o.explicitLabels?.[attribute];
    const list = lists.find((l) => l.attributes.includes(attribute));
    const groups = labels?.groups ? Object.keys(labels.groups) : list ? groupsOf(list, attribute) : [];
    if (groups.length === 0) notMade.push({ of: doc.id, kind: 'explicit', reason: `no groups known for the attribute "${attribute}" (give explicitLabels)` });
    for (const group of groups) {
      const { text, edits } = explicitLine(doc.text, attribute, group, labels);
      out.push({ id: `${doc.id}.${attribute}.explicit.${group}`, of: doc.id, kind: 'explicit', attribute, group, signal: 'explicit', text, edits });
    }
  }
}

function twin(doc: CandidateDocument): Variant | NotMade {
  const lang = doc.lang?.toLowerCase().split(/[-_]/u)[0];
  if (!lang) return { of: doc.id, kind: 'gender', reason: 'the document has no language (lang)' };
  const own = GENDERS.find((g) => g === doc.group);
  const from = own ?? detectGrammaticalGender(doc.text, lang);
  if (!LEXICONS[lang]) return { of: doc.id, kind: 'gender', reason: `no gender lexicon for language "${lang}"` };
  if (!from) return { of: doc.id, kind: 'gender', reason: "cannot tell the text's grammatical gender" };
  const to = from === 'male' ? 'female' : 'male';
  const r = genderTwin(doc.text, lang, from, to);
  if ('reason' in r) return { of: doc.id, kind: 'gender', group: to, reason: r.reason };
  return { id: `${doc.id}.twin.gender`, of: doc.id, kind: 'gender', attribute: 'gender', group: to, signal: 'implicit', text: r.text, edits: r.edits };
}

function noiseVariant(doc: CandidateDocument, group: 'whitespace' | 'typos', r: Noised): Variant | NotMade {
  if ('reason' in r) return { of: doc.id, kind: 'noise', group, reason: r.reason };
  return { id: `${doc.id}.noise.${group}`, of: doc.id, kind: 'noise', attribute: 'noise', group, signal: 'noise', text: r.text, edits: r.edits };
}

/**
 * Generates the counterfactual variants of each document, and says which could not be made and
 * why. Deterministic: the same documents, options and seed give the same output; each document's
 * random draws come from docRng(seed, doc.id, purpose), so they do not depend on the other
 * documents or their order.
 * - names: per attribute and group, `namesPerGroup` names swapped in (nameVariants);
 * - explicit: per attribute and group, a `Label: Group` line at the top;
 * - gender: the grammatical-gender twin toward the other group of `doc.group` (female/male), or
 *   of the text's detected grammatical gender;
 * - noise: name2 (another name of the original's group), whitespace collapse, typos.
 * @example generateVariants([{ id: 'cv1', source: 'cv1.txt', text: 'Maria Garcia\nShe leads.', lang: 'en' }], { kinds: ['gender'], seed: 1 }).variants[0].text; // 'Maria Garcia\nHe leads.'
 */
export function generateVariants(docs: readonly CandidateDocument[], options: GenerateOptions): { variants: Variant[]; notMade: NotMade[] } {
  const lists = options.nameLists ?? BUNDLED_NAME_LISTS;
  const attributes = options.attributes ?? ['gender', 'ethnicity'];
  const perGroup = options.namesPerGroup ?? 1;
  const kinds = new Set(options.kinds);
  const variants: Variant[] = [], notMade: NotMade[] = [];
  const add = (v: Variant | NotMade) => ('text' in v ? variants.push(v) : notMade.push(v));
  for (const doc of docs) {
    const name = findName(doc);
    let used: string[] = [];
    if (name && (kinds.has('names') || kinds.has('noise'))) {
      // drawn for name2 too (so name2 avoids them whether or not name variants are asked for)
      const r = nameVariants(doc, name, lists, attributes, perGroup, options.seed);
      if (kinds.has('names')) {
        variants.push(...r.variants);
        notMade.push(...r.notMade);
      }
      used = r.used;
    } else if (kinds.has('names')) notMade.push({ of: doc.id, kind: 'names', reason: 'no name found' });
    if (kinds.has('explicit')) explicitVariants(doc, options, lists, attributes, variants, notMade);
    if (kinds.has('gender')) add(twin(doc));
    if (kinds.has('noise')) {
      if (!name) notMade.push({ of: doc.id, kind: 'noise', group: 'name2', reason: 'no name found' });
      else if (lists.length === 0) notMade.push({ of: doc.id, kind: 'noise', group: 'name2', reason: 'no name list' });
      else add(secondName(doc, name, lists[0], used, options.seed));
      add(noiseVariant(doc, 'whitespace', collapseWhitespace(doc.text)));
      add(noiseVariant(doc, 'typos', addTypos(doc.text, name, options.typoRate ?? 0.02, docRng(options.seed, doc.id, 'typos'))));
    }
  }
  return { variants, notMade };
}
