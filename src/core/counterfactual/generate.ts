/**
 * The counterfactual variants of a user's CVs, as the screening protocol makes them (its Appendix A
 * and Table 6): each CV is first neutralised (neutral/neutralise.ts), and each variant is that
 * neutral base with exactly one line inserted at the top — `Gender: Female`, `Ethnicity: Black or
 * African American`, `Origin: Africa` (explicit), or `Name: <first> <last>` (implicit) — so every
 * CV, named or anonymous, gets every variant and no variant carries two signals. Implicit gender
 * names are White (so ethnicity does not confound); implicit ethnicity and origin names are of one
 * gender across a CV's versions, a seeded choice per CV (so gender does not confound); two names
 * per group. The retrieval protocol's grammatical gender twins are made from the CV as imported and
 * change only what refers to the candidate; a twin of a CV that carries the candidate's name swaps
 * the first name too. Pure and seeded: the browser and the CLI run the same code.
 */
import { BUNDLED_NAME_LISTS } from './bundledNameLists.ts';
import type { CandidateDocument } from './document.ts';
import { docRng } from './docRng.ts';
import { explicitLine, type AttributeLabels } from './explicitLine.ts';
import { findName } from './findName.ts';
import { PROTOCOL_LABELS } from './protocolLabels.ts';
import { genderTwinOfCandidate } from './twinOfCandidate.ts';
import { groupsOf, type NameList } from './nameList.ts';
import { nameVariants, type BaseFor, type NameChoice } from './nameVariants.ts';
import { detectGrammaticalGender } from './gender/detectGender.ts';
import { genderTwin } from './gender/genderTwin.ts';
import { LEXICONS } from './gender/lexicons.ts';
import { twinSkip } from './twinOfCandidate.ts';
import { neutralise, type NeutralBase } from './neutral/neutralise.ts';
import { addTypos, collapseWhitespace, type Noised } from './noise.ts';
import type { NotMade, Variant, VariantKind } from './variant.ts';

export interface GenerateOptions {
  /** Which kinds to make; they come out in the order names, explicit, gender, noise. */
  readonly kinds: readonly VariantKind[];
  readonly seed: number;
  /** Default: the bundled lists (Bloomberg 2024, Bertrand & Mullainathan, regions of origin). */
  readonly nameLists?: readonly NameList[];
  /** The attributes whose groups name and explicit variants are made for. Default ['gender', 'ethnicity', 'origin']. */
  readonly attributes?: readonly string[];
  /** Names per group and attribute. Default 2 (the protocol's Table 6). */
  readonly namesPerGroup?: number;
  /** Probability of a typo per eligible word. Default 0.02. */
  readonly typoRate?: number;
  /** Labels of the explicit lines, by attribute; its groups (when given) are the groups made. Default the protocol's (protocolLabels.ts). */
  readonly explicitLabels?: Readonly<Record<string, AttributeLabels>>;
  /** Make each CV's neutral base and build the screening variants on it (default true); false: on the CV as imported. */
  readonly neutralise?: boolean;
  /** Name variants: a `Name:` line inserted on top of the base (default), or the candidate's name replaced in place. */
  readonly names?: 'insert' | 'replace';
  /** How implicit names are chosen (nameVariants.ts NameChoice); default the protocol's. */
  readonly nameChoice?: Partial<NameChoice>;
  /** A reviewer's text of a CV's neutral base, by CV id: the variants are built on it instead. */
  readonly baseTexts?: ReadonlyMap<string, string>;
}

/** The protocol's name choice: gender names White, other attributes' names of one seeded gender per CV. */
export const PROTOCOL_NAME_CHOICE: NameChoice = Object.freeze({ genderNamesEthnicity: 'white', otherNamesGender: 'seeded' });

/** The settings a generation used, as results state them (manifest `generation.settings`). */
export interface GenerationSettings {
  readonly neutralise: boolean;
  readonly names: 'insert' | 'replace';
  readonly namesPerGroup: number;
  readonly attributes: readonly string[];
  readonly genderNamesEthnicity: string;
  readonly otherNamesGender: NameChoice['otherNamesGender'];
  readonly nameLists: readonly string[];
}

/** The settings `options` stand for, defaults filled in. */
export function generationSettings(options: GenerateOptions): GenerationSettings {
  const choice = { ...PROTOCOL_NAME_CHOICE, ...options.nameChoice };
  return {
    neutralise: options.neutralise !== false,
    names: options.names ?? 'insert',
    namesPerGroup: options.namesPerGroup ?? 2,
    attributes: [...(options.attributes ?? DEFAULT_ATTRIBUTES)],
    genderNamesEthnicity: choice.genderNamesEthnicity,
    otherNamesGender: choice.otherNamesGender,
    nameLists: (options.nameLists ?? BUNDLED_NAME_LISTS).map((l) => l.id),
  };
}

export const DEFAULT_ATTRIBUTES: readonly string[] = Object.freeze(['gender', 'ethnicity', 'origin']);

function explicitVariants(doc: CandidateDocument, baseFor: BaseFor, o: GenerateOptions, lists: readonly NameList[], attributes: readonly string[], out: Variant[], notMade: NotMade[]): void {
  for (const attribute of attributes) {
    const labels = o.explicitLabels?.[attribute] ?? PROTOCOL_LABELS[attribute];
    const list = lists.find((l) => l.attributes.includes(attribute));
    const groups = labels?.groups ? Object.keys(labels.groups) : list ? groupsOf(list, attribute) : [];
    if (groups.length === 0) notMade.push({ of: doc.id, kind: 'explicit', reason: `no groups known for the attribute "${attribute}" (give explicitLabels)` });
    for (const group of groups) {
      const base = baseFor(attribute, group);
      const line = explicitLine(base.text, attribute, group, labels);
      const text = line.text;
      const edits = [...line.edits, ...base.edits];
      out.push({ id: `${doc.id}.${attribute}.explicit.${group}`, of: doc.id, kind: 'explicit', attribute, group, signal: 'explicit', from: 'base', text, edits });
    }
  }
}

function noiseVariant(doc: CandidateDocument, group: 'whitespace' | 'typos', r: Noised): Variant | NotMade {
  if ('reason' in r) return { of: doc.id, kind: 'noise', group, reason: r.reason };
  return { id: `${doc.id}.noise.${group}`, of: doc.id, kind: 'noise', attribute: 'noise', group, signal: 'noise', from: 'base', text: r.text, edits: r.edits };
}

/** The CV's neutral base as a review item: the audit's original, reviewable and editable like a variant. */
function baseVariant(base: NeutralBase): Variant {
  return { id: `${base.of}.neutral`, of: base.of, kind: 'neutral', attribute: 'none', group: 'neutral', signal: 'neutral', from: 'original', text: base.text, edits: base.edits };
}

/**
 * Generates the counterfactual variants of each document (rule above), and says which could not
 * be made and why. Deterministic: the same documents, options and seed give the same output; each
 * document's random draws come from docRng(seed, doc.id, purpose), so they do not depend on the
 * other documents or their order.
 * - neutral: the CV's neutral base (when `neutralise` is on and a screening kind is asked for);
 * - names: per attribute and group, `namesPerGroup` names, each a `Name:` line on the base (or, with
 *   `names: 'replace'`, put where the candidate's name stood);
 * - explicit: per attribute and group, a `Label: Group` line on the base;
 * - gender: the grammatical-gender twin of the CV as imported, toward the other group of
 *   `doc.group` (female/male) or of its detected grammatical gender, changing only what refers to
 *   the candidate;
 * - noise: name2 (another name of the group the gender variants hold), whitespace collapse and
 *   typos, each of the base.
 * @example generateVariants([{ id: 'cv1', source: 'cv1.txt', text: 'Maria Garcia\nShe leads.', lang: 'en' }], { kinds: ['explicit'], seed: 1, attributes: ['gender'] }).variants.map((v) => v.text); // ['They lead.', 'Gender: Female\nThey lead.', 'Gender: Male\nThey lead.']
 */
export function generateVariants(docs: readonly CandidateDocument[], options: GenerateOptions): { variants: Variant[]; notMade: NotMade[] } {
  const lists = options.nameLists ?? BUNDLED_NAME_LISTS;
  const settings = generationSettings(options);
  const choice: NameChoice = { genderNamesEthnicity: settings.genderNamesEthnicity, otherNamesGender: settings.otherNamesGender };
  const kinds = new Set(options.kinds);
  const screening = kinds.has('names') || kinds.has('explicit') || kinds.has('noise');
  const variants: Variant[] = [], notMade: NotMade[] = [];
  const add = (v: Variant | NotMade) => ('text' in v ? variants.push(v) : notMade.push(v));
  for (const doc of docs) {
    const made = settings.neutralise ? neutralise(doc) : undefined;
    const base = options.baseTexts?.get(doc.id) ?? made?.text ?? doc.text;
    if (made && screening) variants.push(baseVariant(made));
    // A base whose grammar still signals a gender (French, Spanish, German agreement): the other
    // attributes' names take that gender, and a gender variant of the other group turns the
    // candidate's gendered words to it, so no variant carries two signals.
    const lang = doc.lang?.toLowerCase().split(/[-_]/u)[0] ?? '';
    const grammatical = settings.neutralise && LEXICONS[lang] ? detectGrammaticalGender(base, lang, { skip: twinSkip(base, lang, undefined) }) : undefined;
    const docChoice: NameChoice = grammatical && choice.otherNamesGender === 'seeded' ? { ...choice, otherNamesGender: grammatical } : choice;
    const baseFor: BaseFor = (attribute, group) => {
      if (!grammatical || attribute !== 'gender' || (group !== 'female' && group !== 'male') || group === grammatical) return { text: base, edits: [] };
      const twin = genderTwin(base, lang, grammatical, group, { skip: twinSkip(base, lang, undefined) });
      return 'edits' in twin ? twin : { text: base, edits: [] };
    };
    // drawn for name2 too (so name2 avoids them whether or not name variants are asked for)
    const named = kinds.has('names') || kinds.has('noise') ? nameVariants(doc, baseFor, lists, settings, docChoice, options.seed) : undefined;
    if (named && kinds.has('names')) {
      variants.push(...named.variants);
      notMade.push(...named.notMade);
    }
    if (kinds.has('explicit')) explicitVariants(doc, baseFor, options, lists, settings.attributes, variants, notMade);
    if (kinds.has('gender')) add(genderTwinOfCandidate(doc, lists, options.seed));
    if (kinds.has('noise')) {
      add(named?.name2 ?? { of: doc.id, kind: 'noise', group: 'name2', reason: 'no name list has the attribute "gender"' });
      add(noiseVariant(doc, 'whitespace', collapseWhitespace(base)));
      // the base has no name left; without neutralising, typos spare the candidate's name
      add(noiseVariant(doc, 'typos', addTypos(base, made ? undefined : findName(doc), options.typoRate ?? 0.02, docRng(options.seed, doc.id, 'typos'))));
    }
  }
  return { variants, notMade };
}

