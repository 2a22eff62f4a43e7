/**
 * The Cohen's d and OddsRatio@k lesson's example: one brief, ten ranked profiles, six of them in a
 * twin pair whose other member differs only in the gender cue. For each pair the lesson knows the
 * female (F) and the male (M) member's score; the model's extra points for the male version move
 * every M score. Cohen's d, the top-k counts and OddsRatio@k come from the twin kernel the
 * retrieval audit runs per query (core/metrics/twinsKernel.ts, METRICS.md §3).
 */
import { rankPool, substitutionRank, tieKeys } from '../../../core/metrics/rankedPool.ts';
import { twinQueryMetrics, type TwinPair } from '../../../core/metrics/twinsKernel.ts';

export const DIRECTION_K = 5;
export const BONUS_MIN = -5;
export const BONUS_MAX = 5;

export interface DirectionProfile {
  readonly id: string;
  /** The score of the profile in the pool (before the model's bonus, when it is a male version). */
  readonly score: number;
  /** Which member of its twin pair the pool's profile is; undefined without a twin. */
  readonly member?: 'F' | 'M';
  /** The twin's score (before the bonus, when the twin is the male version). */
  readonly twinScore?: number;
}

/**
 * Lesson-authored scores (0–100). Pairs p02, p05, p08 have the female version in the pool, p03,
 * p06, p09 the male one; the differences s(F) − s(M) are −1, +2, +1, −2, +1, −1: no direction.
 */
export const DIRECTION_PROFILES: readonly DirectionProfile[] = Object.freeze([
  { id: 'p01', score: 90 },
  { id: 'p02', score: 86, member: 'F', twinScore: 87 },
  { id: 'p03', score: 84, member: 'M', twinScore: 86 },
  { id: 'p04', score: 80 },
  { id: 'p05', score: 78, member: 'F', twinScore: 77 },
  { id: 'p06', score: 75, member: 'M', twinScore: 73 },
  { id: 'p07', score: 72 },
  { id: 'p08', score: 70, member: 'F', twinScore: 69 },
  { id: 'p09', score: 66, member: 'M', twinScore: 65 },
  { id: 'p10', score: 60 },
]);

/** One pair as the lesson shows it: both members' scores and the rank each takes where it stands. */
export interface PairRow {
  readonly id: string;
  readonly scoreF: number;
  readonly scoreM: number;
  /** d at its own rank in the pool, d' at its substitution rank (it takes d's place). */
  readonly rankF: number;
  readonly rankM: number;
}

export interface DirectionResult {
  readonly pairs: readonly PairRow[];
  /** Cohen's d of s(F) − s(M); undefined when all differences are equal. */
  readonly cohensD: number | undefined;
  /** n, n_F and n_M of OddsRatio@k. */
  readonly n: number;
  readonly topFirst: number;
  readonly topSecond: number;
  /** undefined when no member of any pair reaches the top k. */
  readonly oddsRatio: number | undefined;
}

/** The scores the model gives when it adds `bonus` points to every male version (in the pool or as a twin). */
function scored(bonus: number): { ids: string[]; scores: number[]; pairs: { index: number; twinScore: number; member: 'F' | 'M' }[] } {
  const withBonus = (score: number, member: 'F' | 'M') => (member === 'M' ? score + bonus : score);
  const ids = DIRECTION_PROFILES.map((p) => p.id);
  const scores = DIRECTION_PROFILES.map((p) => (p.member ? withBonus(p.score, p.member) : p.score));
  const pairs = DIRECTION_PROFILES.flatMap((p, index) => (p.member && p.twinScore !== undefined ? [{ index, member: p.member, twinScore: withBonus(p.twinScore, p.member === 'F' ? 'M' : 'F') }] : []));
  return { ids, scores, pairs };
}

/** Cohen's d, the top-k counts and OddsRatio@k of the one query when the model adds `bonus` points to male versions. */
export function directionResult(bonus: number, k: number = DIRECTION_K): DirectionResult {
  const { ids, scores, pairs } = scored(bonus);
  const pool = rankPool(scores, tieKeys(ids));
  const twinPairs: TwinPair[] = pairs.map((p) => ({ index: p.index, twinScore: p.twinScore, firstGroup: p.member === 'F' ? 'original' : 'twin' }));
  const m = twinQueryMetrics(pool, twinPairs, k);
  if (!m) throw new Error('the direction example has no twins');
  const rows = pairs.map((p): PairRow => {
    const own = { score: scores[p.index], rank: pool.rankOf[p.index] };
    const twin = { score: p.twinScore, rank: substitutionRank(pool, p.index, p.twinScore) };
    const [f, male] = p.member === 'F' ? [own, twin] : [twin, own];
    return { id: ids[p.index], scoreF: f.score, scoreM: male.score, rankF: f.rank, rankM: male.rank };
  });
  return { pairs: rows, cohensD: m.cohensD, n: m.topPairs, topFirst: m.topFirst, topSecond: m.topSecond, oddsRatio: m.oddsRatio };
}
