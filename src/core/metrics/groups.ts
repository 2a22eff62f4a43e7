/**
 * Row indices of each group (job), groups in order of first appearance.
 * @example groupRows(['a', 'b', 'a']) // [[0, 2], [1]]
 */
export function groupRows(groups: readonly string[]): number[][] {
  const byGroup = new Map<string, number[]>();
  groups.forEach((g, i) => {
    let rows = byGroup.get(g);
    if (!rows) byGroup.set(g, (rows = []));
    rows.push(i);
  });
  return [...byGroup.values()];
}

/**
 * Pools the labels and scores of the chosen groups (a bootstrap resample of
 * jobs, with repetition): the rows of rowsByGroup[g] for each g in `chosen`,
 * in that order.
 */
export function poolGroups(
  rowsByGroup: readonly (readonly number[])[],
  chosen: ArrayLike<number>,
  labels: ArrayLike<number>,
  scores: ArrayLike<number>,
): { labels: Uint8Array; scores: Float64Array } {
  let size = 0;
  for (let j = 0; j < chosen.length; j++) size += rowsByGroup[chosen[j]].length;
  const outLabels = new Uint8Array(size);
  const outScores = new Float64Array(size);
  let k = 0;
  for (let j = 0; j < chosen.length; j++) {
    for (const r of rowsByGroup[chosen[j]]) {
      outLabels[k] = labels[r];
      outScores[k++] = scores[r];
    }
  }
  return { labels: outLabels, scores: outScores };
}
