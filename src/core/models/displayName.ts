/**
 * One short display name per model, the same in every table, plot and sentence (the MTEB
 * leaderboard's habit): the label without what a parenthesis adds (`BM25 (k1 1.2, b 0.75)` → `BM25`,
 * `GloVe 100d static (bundled)` → `GloVe 100d static`, `Calibrated similarity (GloVe 100d static (bundled))` →
 * `Calibrated similarity (GloVe 100d static)`), a Hub id without its organisation
 * (`intfloat/multilingual-e5-small` → `multilingual-e5-small`), an imported system without its
 * prefix. The full label and id stay in the descriptor, shown on demand.
 */

/**
 * The short name of a model from its label (or, when the label is empty, its id).
 * @example shortModelName('BM25 (k1 1.2, b 0.75)', 'bm25') // 'BM25'
 * @example shortModelName('', 'Snowflake/snowflake-arctic-embed-xs') // 'snowflake-arctic-embed-xs'
 */
export function shortModelName(label: string, id: string): string {
  const base = (label.trim() || id).replace(/^imported:/u, '');
  // The last parenthesis, also where it closes inside another: 'A (B (bundled))' → 'A (B)'.
  const bare = base.replace(/\s*\([^()]*\)(?=\)*\s*$)/u, '').trim() || base;
  return /^[\w.-]+\/[\w.-]+$/u.test(bare) ? bare.split('/')[1] : bare;
}

/**
 * The display names of several models: each short name, unless two models share it — then those
 * keep their full label (two BM25s with different parameters stay told apart).
 * @example displayNames([{ label: 'BM25 (k1 1.2)', id: 'a' }, { label: 'BM25 (k1 2)', id: 'b' }]) // ['BM25 (k1 1.2)', 'BM25 (k1 2)']
 */
export function displayNames(models: readonly { readonly label: string; readonly id: string }[]): string[] {
  const short = models.map((m) => shortModelName(m.label, m.id));
  return short.map((s, i) => (short.indexOf(s) !== short.lastIndexOf(s) ? models[i].label || models[i].id : s));
}
