/**
 * From a draft (a user's imported CVs and job posts, and the generator's
 * options) and the review's decisions to a dataset package's files. The
 * browser's "Create dataset" and `fairground make-dataset` both call
 * `draftPackage`, so for the same documents, options and decisions they write
 * the same bytes.
 */
import type { ImportedDocument } from '../documents/candidateDocument.ts';
import { generateVariants, generationSettings, type GenerateOptions } from '../counterfactual/generate.ts';
import { BUNDLED_NAME_LISTS } from '../counterfactual/bundledNameLists.ts';
import type { NotMade, Variant } from '../counterfactual/variant.ts';
import { writeDatasetPackage, type PackageFiles } from '../package/writePackage.ts';
import type { DraftOptions } from './draftOptions.ts';
import { ownDataset } from './ownDataset.ts';
import { acceptedVariants, reviewCounts, type ReviewCounts, type ReviewDecision } from './review.ts';

/** What a package is made from. */
export interface Draft {
  readonly id: string;
  readonly title: string;
  readonly cvs: readonly ImportedDocument[];
  readonly jobs: readonly ImportedDocument[];
  readonly options: DraftOptions;
}

/** The id of a CV's neutral base in the review. */
export const baseId = (cvId: string) => `${cvId}.neutral`;

/**
 * The text each CV's variants are built on, where the review decided it: an edited neutral base's
 * text, or (a rejected base) the CV as imported. CVs whose base is pending or accepted are left to
 * the generator.
 */
export function decidedBases(cvs: readonly ImportedDocument[], decisions: ReadonlyMap<string, ReviewDecision>): Map<string, string> {
  const out = new Map<string, string>();
  for (const cv of cvs) {
    const d = decisions.get(baseId(cv.id));
    if (d?.state === 'edited') out.set(cv.id, d.text);
    else if (d?.state === 'rejected') out.set(cv.id, cv.text);
  }
  return out;
}

/** The generator's options of a draft (defaults for what a draft made before them lacks). */
export function generateOptions(options: DraftOptions, baseTexts?: ReadonlyMap<string, string>): GenerateOptions {
  const { kinds, seed, attributes, namesPerGroup, typoRate, nameLists, neutralise, names, nameChoice } = options;
  const lists = nameLists && nameLists.length > 0 ? [...nameLists, ...BUNDLED_NAME_LISTS] : undefined;
  return {
    kinds, seed, attributes, namesPerGroup, typoRate,
    ...(lists ? { nameLists: lists } : {}),
    neutralise: neutralise !== false,
    names: names ?? 'insert',
    ...(nameChoice ? { nameChoice } : {}),
    ...(baseTexts && baseTexts.size > 0 ? { baseTexts } : {}),
  };
}

/**
 * The variants of a draft's CVs (each CV's neutral base among them) and those that could not be
 * made: the same for the same draft and decisions, every time. The decisions matter only where a
 * neutral base was edited or rejected: the variants are then built on the reviewer's base.
 */
export function draftVariants(draft: Pick<Draft, 'cvs' | 'options'>, decisions: ReadonlyMap<string, ReviewDecision> = new Map()): { variants: Variant[]; notMade: NotMade[] } {
  return generateVariants(draft.cvs, generateOptions(draft.options, decidedBases(draft.cvs, decisions)));
}

/** A draft's package and what went into it. */
export interface DraftPackage {
  readonly files: PackageFiles;
  readonly counts: ReviewCounts;
  readonly notMade: readonly NotMade[];
}

/**
 * The text the screening task shows for each CV: its neutral base as the review left it (edited,
 * or generated when pending or accepted), or the CV as imported when its base was rejected or
 * none was made.
 */
function screeningTexts(cvs: readonly ImportedDocument[], variants: readonly Variant[], decisions: ReadonlyMap<string, ReviewDecision>): Map<string, string> {
  const generated = new Map(variants.filter((v) => v.kind === 'neutral').map((v) => [v.of, v.text]));
  const decided = decidedBases(cvs, decisions);
  const out = new Map<string, string>();
  for (const cv of cvs) {
    const text = decided.get(cv.id) ?? generated.get(cv.id);
    if (text !== undefined && text !== cv.text) out.set(cv.id, text);
  }
  return out;
}

/**
 * The dataset package of a draft: the variants made again from the draft, only the accepted and
 * edited ones kept, each CV's neutral base as the screening task's CV, the counts and the
 * generation settings written into the manifest's `generation` block.
 * @throws {RangeError} from ownDataset (an invalid id, no CVs or job posts, a CV naming an unknown job).
 * @throws {FormatError} from writeDatasetPackage (a record its kind refuses).
 * @example draftPackage(draft, acceptAll(draftVariants(draft).variants, new Map())).files.files[0].path // 'manifest.json'
 */
export function draftPackage(draft: Draft, decisions: ReadonlyMap<string, ReviewDecision>): DraftPackage {
  const { variants, notMade } = draftVariants(draft, decisions);
  const counts = reviewCounts(variants, decisions);
  const input = ownDataset({
    id: draft.id,
    title: draft.title,
    cvs: draft.cvs,
    jobs: draft.jobs,
    bases: screeningTexts(draft.cvs, variants, decisions),
    variants: acceptedVariants(variants, decisions).filter((v) => v.kind !== 'neutral'),
    generation: { seed: draft.options.seed, kinds: draft.options.kinds, counts, notMade: notMade.length, settings: generationSettings(generateOptions(draft.options)) },
  });
  return { files: writeDatasetPackage(input), counts, notMade };
}
