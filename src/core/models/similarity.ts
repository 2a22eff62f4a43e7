/**
 * The "Try it" result: cosine similarity of each text to the query
 * (src/core/vectors.ts), ranked. A zero vector (e.g. only unknown words under
 * GloVe) is reported as unscorable, not as "dissimilar".
 */
import { cosine, dot } from '../vectors.ts';

export interface SimilarityRow {
  readonly text: string;
  /** Cosine to the query; undefined when the text or the query has a zero vector. */
  readonly cosine: number | undefined;
  /** 1-based rank among scorable texts (ties share the better rank); undefined when unscorable. */
  readonly rank: number | undefined;
}

const isZero = (v: ArrayLike<number>) => dot(v, v) === 0;

/** Rows in input order, each with its cosine and rank (highest cosine = rank 1). */
export function similarityRows(query: ArrayLike<number>, texts: readonly string[], vectors: readonly ArrayLike<number>[]): SimilarityRow[] {
  if (texts.length !== vectors.length) throw new RangeError(`${texts.length} texts but ${vectors.length} vectors`);
  const queryZero = isZero(query);
  const scores = vectors.map((v) => (queryZero || isZero(v) ? undefined : cosine(query, v)));
  return texts.map((text, i) => {
    const s = scores[i];
    const rank = s === undefined ? undefined : 1 + scores.filter((o) => o !== undefined && o > s).length;
    return { text, cosine: s, rank };
  });
}

/** Non-empty lines of a textarea, trimmed. */
export function textLines(value: string): string[] {
  return value
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}
