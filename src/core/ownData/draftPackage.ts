/**
 * From a draft (a user's imported CVs and job posts, and the generator's
 * options) and the review's decisions to a dataset package's files. The
 * browser's "Create dataset" and `fairground make-dataset` both call
 * `draftPackage`, so for the same documents, options and decisions they write
 * the same bytes.
 */
import type { ImportedDocument } from '../documents/candidateDocument.ts';
import { generateVariants } from '../counterfactual/generate.ts';
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

/** The variants of a draft's CVs and those that could not be made: the same for the same draft, every time. */
export function draftVariants(draft: Pick<Draft, 'cvs' | 'options'>): { variants: Variant[]; notMade: NotMade[] } {
  const { kinds, seed, attributes, namesPerGroup, typoRate, nameLists } = draft.options;
  const lists = nameLists && nameLists.length > 0 ? [...nameLists, ...BUNDLED_NAME_LISTS] : undefined;
  return generateVariants(draft.cvs, { kinds, seed, attributes, namesPerGroup, typoRate, ...(lists ? { nameLists: lists } : {}) });
}

/** A draft's package and what went into it. */
export interface DraftPackage {
  readonly files: PackageFiles;
  readonly counts: ReviewCounts;
  readonly notMade: readonly NotMade[];
}

/**
 * The dataset package of a draft: the variants made again from the draft, only the accepted and
 * edited ones kept, the counts written into the manifest's `generation` block.
 * @throws {RangeError} from ownDataset (an invalid id, no CVs or job posts, a CV naming an unknown job).
 * @throws {FormatError} from writeDatasetPackage (a record its kind refuses).
 * @example draftPackage(draft, acceptAll(draftVariants(draft).variants, new Map())).files.files[0].path // 'manifest.json'
 */
export function draftPackage(draft: Draft, decisions: ReadonlyMap<string, ReviewDecision>): DraftPackage {
  const { variants, notMade } = draftVariants(draft);
  const counts = reviewCounts(variants, decisions);
  const input = ownDataset({
    id: draft.id,
    title: draft.title,
    cvs: draft.cvs,
    jobs: draft.jobs,
    variants: acceptedVariants(variants, decisions),
    generation: { seed: draft.options.seed, kinds: draft.options.kinds, counts, notMade: notMade.length },
  });
  return { files: writeDatasetPackage(input), counts, notMade };
}
