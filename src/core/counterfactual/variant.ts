import { applyEdits, type Edit } from './edit.ts';

/** What a variant changes: the name, an explicit attribute line, grammatical gender, or noise. */
export const VARIANT_KINDS = Object.freeze(['names', 'explicit', 'gender', 'noise'] as const);
export type VariantKind = (typeof VARIANT_KINDS)[number];
/** What the review shows: the variants, and each CV's neutral base (the original the screening audit compares them with). */
export type ReviewKind = VariantKind | 'neutral';

/** One counterfactual version of a document, with the edits that make it from the original. */
export interface Variant {
  /** Deterministic, e.g. `cv1.gender.implicit.female.1`, `cv1.gender.explicit.female`, `cv1.twin.gender`, `cv1.noise.typos`. */
  readonly id: string;
  /** The original document's id. */
  readonly of: string;
  readonly kind: ReviewKind;
  /** 'gender' | 'ethnicity' | 'origin' | a user-given attribute | 'noise' | 'none' (the neutral base). */
  readonly attribute: string;
  /** The group this variant signals (noise: 'name2' | 'whitespace' | 'typos'; the neutral base: 'neutral'). */
  readonly group: string;
  readonly signal: 'implicit' | 'explicit' | 'noise' | 'neutral';
  /**
   * What `edits` apply to: the CV as imported (`original`: the neutral base itself, gender twins,
   * names replaced in place) or its neutral base (`base`: a line put on top of it, noise).
   */
  readonly from: 'original' | 'base';
  /** The name put in, for name variants (and the name2 noise variant). */
  readonly name?: string;
  /**
   * For name variants: the groups of the list's other attributes that the new name also signals,
   * held constant across the attribute's groups, e.g. { ethnicity: 'white' } for a gender variant.
   */
  readonly heldConstant?: Readonly<Record<string, string>>;
  readonly text: string;
  readonly edits: readonly Edit[];
}

/** A variant that could not be made, and why (one line, for the report). */
export interface NotMade {
  readonly of: string;
  readonly kind: ReviewKind;
  readonly group?: string;
  readonly reason: string;
}

/**
 * Whether applying the variant's edits to the original text gives exactly the variant's text
 * (false too when the edits do not fit the original).
 * @example reproducesVariant('Maria', { ...v, text: 'Aisha', edits: [{ offset: 0, before: 'Maria', after: 'Aisha' }] }); // true
 */
export function reproducesVariant(original: string, variant: Pick<Variant, 'text' | 'edits'>): boolean {
  try {
    return applyEdits(original, variant.edits) === variant.text;
  } catch {
    return false;
  }
}
