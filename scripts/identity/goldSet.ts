/**
 * The identity gold set (test/fixtures/identity-gold/NN-lang-kind.json, docs/counterfactuals.md
 * "The identity gold set and its annotation guideline"): its types, its valid kinds, and reading it.
 * A fixture holds offsets into the extracted text and SHA-256 digests, never the strings.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const IDENTITY_KINDS = Object.freeze(['name', 'email', 'phone', 'address', 'url', 'birth', 'age', 'marital', 'nationality', 'gender', 'photo'] as const);
export const KEEP_KINDS = Object.freeze(['heading', 'date', 'org', 'person', 'skill', 'address', 'other'] as const);
export const CUE_KINDS = Object.freeze(['pronoun', 'title', 'word'] as const);
export type IdentityKind = (typeof IDENTITY_KINDS)[number];

/** One annotated stretch of the extracted text: [start, end) in UTF-16 code units, and the SHA-256 of its text. */
export interface GoldSpan {
  readonly kind: string;
  readonly start: number;
  readonly end: number;
  readonly sha256: string;
  /** Candidate cues only: the gender the cue signals. */
  readonly gender?: 'f' | 'm';
}

export interface GoldCv {
  /** The file in ../shared/external/real-cv-documents. */
  readonly file: string;
  /** SHA-256 of the whole extracted text, and its length. */
  readonly textSha256: string;
  readonly textLength: number;
  readonly identity: readonly GoldSpan[];
  readonly keep: readonly GoldSpan[];
  readonly refereePronouns: readonly GoldSpan[];
  readonly candidateCues: readonly GoldSpan[];
}

/** The fixtures' folder, from the repository root. */
export const GOLD_DIR = 'test/fixtures/identity-gold';

/** Every fixture of the gold set, in file order. */
export function readGoldSet(dir: string = GOLD_DIR): GoldCv[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as GoldCv);
}
