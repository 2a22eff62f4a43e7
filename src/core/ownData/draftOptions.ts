/**
 * The generator options a draft keeps (src/storage DraftEntry) and the CLI's
 * `make-dataset` takes: enough to make the same variants again.
 */
import type { VariantKind } from '../counterfactual/variant.ts';
import type { NameList } from '../counterfactual/nameList.ts';

export interface DraftOptions {
  readonly kinds: readonly VariantKind[];
  readonly seed: number;
  /** Attributes whose groups the name and explicit variants signal, e.g. ['gender', 'ethnicity']. */
  readonly attributes: readonly string[];
  readonly namesPerGroup: number;
  readonly typoRate: number;
  /** The user's own name lists, tried before the bundled ones (validateNameList). */
  readonly nameLists?: readonly NameList[];
}

/** The defaults of the review view and of `make-dataset`. */
export const DEFAULT_DRAFT_OPTIONS: DraftOptions = Object.freeze({
  kinds: Object.freeze(['names', 'explicit', 'gender', 'noise'] as const),
  seed: 1,
  attributes: Object.freeze(['gender', 'ethnicity']),
  namesPerGroup: 1,
  typoRate: 0.02,
});
