/**
 * The generator options a draft keeps (src/storage DraftEntry) and the CLI's
 * `make-dataset` takes: enough to make the same variants again.
 */
import type { VariantKind } from '../counterfactual/variant.ts';
import type { NameList } from '../counterfactual/nameList.ts';
import type { NameChoice } from '../counterfactual/nameVariants.ts';

export interface DraftOptions {
  readonly kinds: readonly VariantKind[];
  readonly seed: number;
  /** Attributes whose groups the name and explicit variants signal, e.g. ['gender', 'ethnicity']. */
  readonly attributes: readonly string[];
  readonly namesPerGroup: number;
  readonly typoRate: number;
  /** The user's own name lists, tried before the bundled ones (validateNameList). */
  readonly nameLists?: readonly NameList[];
  /** Build the screening variants on each CV's neutral base (the protocol's; absent in drafts made before it: true). */
  readonly neutralise?: boolean;
  /** Name variants as a `Name:` line on top (the protocol's) or the name replaced in place. */
  readonly names?: 'insert' | 'replace';
  /** How implicit names are chosen (default the protocol's: White gender names, one seeded gender per CV). */
  readonly nameChoice?: Partial<NameChoice>;
}

/** The defaults of the review view and of `make-dataset`. */
export const DEFAULT_DRAFT_OPTIONS: DraftOptions = Object.freeze({
  kinds: Object.freeze(['names', 'explicit', 'gender', 'noise'] as const),
  seed: 1,
  attributes: Object.freeze(['gender', 'ethnicity', 'origin']),
  namesPerGroup: 2,
  typoRate: 0.02,
  neutralise: true,
  names: 'insert',
});
