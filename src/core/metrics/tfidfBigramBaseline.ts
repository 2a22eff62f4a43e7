/**
 * The character-bigram TF-IDF baseline of the multi-task scoring, as the
 * benchmark publishes it (METRICS.md §9.4): texts lower-cased, whitespace
 * runs collapsed to one space (and trimmed); anchors cut to 1,500 and
 * candidates to 400 characters (Unicode code points); raw bigram counts as
 * tf; smoothed idf(t) = ln((1 + N)/(1 + df(t))) + 1 fitted on the N unique
 * prompt-visible texts of the task (every anchor and candidate, after the
 * steps above); tf·idf vectors L2-normalised; candidates ranked by cosine to
 * their anchor, descending, ties kept in input order. The same numbers as
 * scikit-learn's TfidfVectorizer(analyzer='char', ngram_range=(2, 2),
 * smooth_idf=True, sublinear_tf=False, norm='l2') on those texts
 * (scripts/reference/multitask.py checks it). The preprocessing, bigrams and
 * idf fit are core/baselines/tfidf.ts's, the retrieval baseline's own; this
 * file adds the cut-offs and the per-group ranking.
 */
import { charBigrams, fitTfidf, preprocessTfidf } from '../baselines/tfidf.ts';

/** The published cut-offs, in characters. */
export const TFIDF_ANCHOR_CHARS = 1500;
export const TFIDF_CANDIDATE_CHARS = 400;

/**
 * A text as the baseline sees it: preprocessTfidf (lower-cased, whitespace
 * collapsed and trimmed), cut to `limit` code points.
 * @example baselineText('  Data\n\tEngineer ', 6) // 'data e'
 */
export function baselineText(text: string, limit: number): string {
  const normal = preprocessTfidf(text);
  const points = Array.from(normal);
  return points.length <= limit ? normal : points.slice(0, limit).join('');
}

/** A fitted idf of a bigram; undefined outside the vocabulary. */
export type BigramIdf = (bigram: string) => number | undefined;

/**
 * The L2-normalised tf·idf vector of a text (a bigram outside the idf has weight 0), its
 * entries in code-unit order of the bigrams; empty for no bigrams.
 * @example tfidfVector("ab", () => 1) // Map { "ab" => 1 }
 */
export function tfidfVector(text: string, idf: BigramIdf): Map<string, number> {
  const v = new Map<string, number>();
  let norm = 0;
  // Bigrams in code-unit order, not the text's: two texts with the same bigram counts
  // (`[python] [sql] [go]` and `[sql] [go] [python]`) then sum the same terms in the same
  // order, so their norms and cosines are equal to the bit and the input order breaks the tie.
  const bigrams = [...charBigrams(text)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [g, tf] of bigrams) {
    const w = tf * (idf(g) ?? 0);
    if (w === 0) continue;
    v.set(g, w);
    norm += w * w;
  }
  norm = Math.sqrt(norm);
  for (const [g, w] of v) v.set(g, w / norm);
  return v;
}

/**
 * Cosine of two normalised vectors (0 when either is empty).
 * @example cosine(new Map([["ab", 1]]), new Map([["ab", 0.6], ["bc", 0.8]])) // 0.6
 */
export function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [g, w] of small) dot += w * (large.get(g) ?? 0);
  return dot;
}

/** One group: the anchor's text and its candidates' ids and texts (parallel). */
export interface BaselineGroup {
  readonly anchor: string;
  readonly candidates: readonly string[];
  readonly candidateTexts: readonly string[];
}

/**
 * The baseline's ranking of every group, idf fitted once on all their
 * texts: the candidate ids by cosine to the anchor, descending, ties in input
 * order; `similarities` parallel to each group's candidates.
 * @example tfidfRankings([{ anchor: 'data engineer', candidates: ['a', 'b'], candidateTexts: ['nurse', 'data engineering'] }])[0].ranking // ['b', 'a']
 */
export function tfidfRankings(groups: readonly BaselineGroup[]): { ranking: string[]; similarities: number[] }[] {
  const prepared = groups.map((g) => ({
    anchor: baselineText(g.anchor, TFIDF_ANCHOR_CHARS),
    texts: g.candidateTexts.map((t) => baselineText(t, TFIDF_CANDIDATE_CHARS)),
  }));
  const model = fitTfidf(prepared.flatMap((p) => [p.anchor, ...p.texts]));
  const idf: BigramIdf = (g) => model.idf(g);
  return groups.map((g, i) => {
    const a = tfidfVector(prepared[i].anchor, idf);
    const similarities = prepared[i].texts.map((t) => cosine(a, tfidfVector(t, idf)));
    const order = g.candidates.map((_, j) => j).sort((x, y) => similarities[y] - similarities[x]);
    return { ranking: order.map((j) => g.candidates[j]), similarities };
  });
}
