/**
 * CPU against device dense scoring on the same vectors (issue 17: "a test
 * proves CPU and GPU ranks equal"): every query's corpus ranking under the
 * tie rule (keys = row order), each twin's substitution rank, and the values
 * the metrics read (twins, originals of S), compared exactly; with both
 * paths' times and the share of items the refinement scored on the CPU.
 */
import { rankOrder, rankPool, substitutionRank } from '../../metrics/rankedPool.ts';
import { refinedBlockScorer, type DenseDotPort } from './denseRefine.ts';
import { DENSE_BLOCK, denseBlockScorer, type SubsetVectors } from './scoring.ts';

export interface DenseCheck {
  readonly device: string;
  /** Whether the device's dot products were compensated (DenseDotPort). */
  readonly compensated: boolean;
  readonly queries: number;
  readonly corpus: number;
  readonly twins: number;
  /** Queries whose corpus order, twin substitution ranks or read values differ (0 = identical). */
  readonly mismatches: number;
  readonly firstMismatch?: string;
  /** Share of items (documents and twins, over all queries) the CPU scored exactly on the device path. */
  readonly exactShare: number;
  readonly cpuMs: number;
  readonly deviceMs: number;
}

/**
 * Scores every query on both paths and compares. `twinOf[t]` is the corpus
 * row twin t replaces (its original).
 */
export async function checkDenseScoring(vectors: SubsetVectors, dim: number, twinOf: Int32Array, port: DenseDotPort): Promise<DenseCheck> {
  const nq = vectors.queries.length / dim;
  const nCorpus = vectors.corpus.length / dim;
  const originals = new Uint8Array(nCorpus);
  for (const r of twinOf) originals[r] = 1;
  const keys = Uint32Array.from({ length: nCorpus }, (_, i) => i);
  const cpu = denseBlockScorer(vectors, dim);
  const stats = { items: 0, exact: 0 };
  const device = await refinedBlockScorer(vectors, dim, port, originals, stats);
  let mismatches = 0;
  let firstMismatch: string | undefined;
  let cpuMs = 0;
  let deviceMs = 0;
  try {
    for (let q0 = 0; q0 < nq; q0 += DENSE_BLOCK) {
      const qs = Int32Array.from({ length: Math.min(DENSE_BLOCK, nq - q0) }, (_, i) => q0 + i);
      let t = performance.now();
      const a = cpu(qs);
      cpuMs += performance.now() - t;
      t = performance.now();
      const b = await device.scoreBlock(qs);
      deviceMs += performance.now() - t;
      qs.forEach((q, i) => {
        const why = differs(a[i].corpus as Float64Array, b[i].corpus as Float64Array, a[i].twins as Float64Array, b[i].twins as Float64Array, keys, twinOf, originals);
        if (why) {
          mismatches++;
          firstMismatch ??= `query ${q}: ${why}`;
        }
      });
    }
  } finally {
    device.dispose();
  }
  return { device: port.label, compensated: port.compensated, queries: nq, corpus: nCorpus, twins: twinOf.length, mismatches, firstMismatch, exactShare: stats.items === 0 ? 0 : stats.exact / stats.items, cpuMs, deviceMs };
}

function differs(ca: Float64Array, cb: Float64Array, ta: Float64Array, tb: Float64Array, keys: Uint32Array, twinOf: Int32Array, originals: Uint8Array): string | undefined {
  const oa = rankOrder(ca, keys);
  const ob = rankOrder(cb, keys);
  for (let r = 0; r < oa.length; r++) if (oa[r] !== ob[r]) return `rank ${r + 1}: row ${oa[r]} on the CPU, ${ob[r]} on the device`;
  for (let r = 0; r < ca.length; r++) if (originals[r] && !Object.is(ca[r], cb[r])) return `original row ${r}: ${ca[r]} on the CPU, ${cb[r]} on the device`;
  const pa = rankPool(ca, keys);
  const pb = rankPool(cb, keys);
  for (let t = 0; t < ta.length; t++) {
    if (!Object.is(ta[t], tb[t])) return `twin ${t}: ${ta[t]} on the CPU, ${tb[t]} on the device`;
    const sa = substitutionRank(pa, twinOf[t], ta[t]);
    const sb = substitutionRank(pb, twinOf[t], tb[t]);
    if (sa !== sb) return `twin ${t}: substitution rank ${sa} on the CPU, ${sb} on the device`;
  }
  return undefined;
}
