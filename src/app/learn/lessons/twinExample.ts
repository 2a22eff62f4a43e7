/** The IoU@10 / rank-shift lesson's example: one brief, 14 ranked profiles, six with a twin. */
import { rankPool, substitutionRank, tieKeys } from '../../../core/metrics/rankedPool.ts';
import { twinQueryMetrics, type TwinPair } from '../../../core/metrics/twinsKernel.ts';
import { rankItems } from '../../../core/ranking.ts';

export interface TwinProfile {
  readonly id: string;
  readonly label: string;
  /** s(d), the original's score. */
  readonly score: number;
  /** s(d') and the twin's label, when the profile has a twin. */
  readonly twin?: { readonly label: string; readonly score: number };
}

export const TWIN_K = 10;

/** Scores are lesson-authored; twins change only the name (and so the group cue). */
export const TWIN_PROFILES: readonly TwinProfile[] = Object.freeze([
  { id: 'p01', label: 'Profile 1', score: 0.91 },
  { id: 'p02', label: 'Profile 2', score: 0.89 },
  { id: 'p03', label: 'Profile 3 (Laura)', score: 0.87, twin: { label: 'Lukas', score: 0.8 } },
  { id: 'p04', label: 'Profile 4', score: 0.85 },
  { id: 'p05', label: 'Profile 5', score: 0.83 },
  { id: 'p06', label: 'Profile 6 (Jonas)', score: 0.81, twin: { label: 'Jana', score: 0.84 } },
  { id: 'p07', label: 'Profile 7', score: 0.79 },
  { id: 'p08', label: 'Profile 8', score: 0.77 },
  { id: 'p09', label: 'Profile 9 (Amira)', score: 0.75, twin: { label: 'Amir', score: 0.7 } },
  { id: 'p10', label: 'Profile 10 (Sofia)', score: 0.73, twin: { label: 'Samuel', score: 0.72 } },
  { id: 'p11', label: 'Profile 11', score: 0.71 },
  { id: 'p12', label: 'Profile 12 (Mehmet)', score: 0.69, twin: { label: 'Meryem', score: 0.76 } },
  { id: 'p13', label: 'Profile 13 (Paul)', score: 0.67, twin: { label: 'Paula', score: 0.74 } },
  { id: 'p14', label: 'Profile 14', score: 0.65 },
]);

/** The identifiers of the profiles that have a twin (S). */
export function twinIds(profiles: readonly TwinProfile[]): string[] {
  return profiles.filter((p) => p.twin).map((p) => p.id);
}

/** Scores of the twin world where the profiles in `swapped` are replaced by their twins (keeping their ids). */
export function twinWorld(profiles: readonly TwinProfile[], swapped: ReadonlySet<string>): { id: string; score: number }[] {
  return profiles.map((p) => ({ id: p.id, score: swapped.has(p.id) && p.twin ? p.twin.score : p.score }));
}

/** The top k identifiers of a world under the tie rule (ranking.ts). */
export function topIds(world: readonly { id: string; score: number }[], k: number): string[] {
  return rankItems(world)
    .slice(0, k)
    .map((d) => d.id);
}

export interface TwinSwapResult {
  /** undefined when nothing is swapped (the kernel leaves a query without pairs out). */
  readonly iou: number | undefined;
  readonly rankShift: number | undefined;
  /** Per swapped profile: its own rank and the rank its twin takes in its place. */
  readonly ranks: ReadonlyMap<string, { readonly original: number; readonly twin: number }>;
}

/** IoU@k and mean rank shift for the swapped profiles, by the twin kernel (METRICS.md §3). */
export function twinSwapMetrics(profiles: readonly TwinProfile[], swapped: ReadonlySet<string>, k: number): TwinSwapResult {
  const pool = rankPool(
    profiles.map((p) => p.score),
    tieKeys(profiles.map((p) => p.id)),
  );
  const pairs: TwinPair[] = [];
  const ranks = new Map<string, { original: number; twin: number }>();
  profiles.forEach((p, index) => {
    if (!p.twin || !swapped.has(p.id)) return;
    pairs.push({ index, twinScore: p.twin.score, firstGroup: 'neither' });
    ranks.set(p.id, { original: pool.rankOf[index], twin: substitutionRank(pool, index, p.twin.score) });
  });
  const m = twinQueryMetrics(pool, pairs, k);
  return { iou: m?.iou, rankShift: m?.rankShift, ranks };
}
