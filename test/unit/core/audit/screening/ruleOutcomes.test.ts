import { describe, expect, it } from 'vitest';
import { folderDataset } from '../../../../../src/cli/node/datasetPort.ts';
import { loadScreening, selectScreeningTask } from '../../../../../src/core/audit/screening/data.ts';
import { screeningWorkList, type ScreeningModelScores } from '../../../../../src/core/audit/screening/input.ts';
import { outcomesUnderRule } from '../../../../../src/core/audit/screening/ruleOutcomes.ts';
import { MODEL_A } from './tinyScreening.ts';

describe('outcomesUnderRule(dataset, audited, scores, rule)', () => {
  it('recomputes the group outcomes from stored scores: female variants 100, male 0 — the top 1 of each pool takes every female variant and no male one', async () => {
    const dataset = await folderDataset('datasets/cv-screening');
    const data = await loadScreening(dataset.read, selectScreeningTask(dataset.manifest, 'cv-screening'));
    const work = screeningWorkList(data.parts);
    const groupOf = new Map(data.parts.variants.map((v) => [v.variant_id, `${v.attribute}:${v.group}`]));
    const scores: ScreeningModelScores = {
      model: MODEL_A.model,
      runs: [Float64Array.from(work.originals, () => 50)],
      variants: Float64Array.from(work.variants, (v) => (groupOf.get(v.variantId) === 'gender:female' ? 100 : groupOf.get(v.variantId) === 'gender:male' ? 0 : 50)),
      latency: { callsMs: [1], pairs: 1 },
    };
    const audited = { manifestSha256: dataset.manifestSha256, task: 'cv-screening', sample: null };
    const [r] = await outcomesUnderRule(dataset, audited, [scores], { kind: 'top-k', k: 1 });
    const gender = r.outcomes.find((o) => o.attribute === 'gender')!;
    expect(gender.rule).toEqual({ kind: 'top-k', k: 1 });
    const rates = Object.fromEntries(gender.outcomes.groupings[0].categories.map((c) => [c.category, [c.selection_rate, c.four_fifths]]));
    expect(rates).toEqual({ female: [1, false], male: [0, true] });
    // The originals all tie at 50, so each pool's top 1 is its CV with the largest id (ties by id, descending).
    // A female variant of any other CV enters (a case), a male variant of that top CV drops out (a case).
    let expected = 0;
    for (const pool of data.parts.pools) {
      const top = [...pool.cv_ids].sort().at(-1);
      for (const v of work.variants.filter((w) => w.jobId === pool.job_id)) {
        const g = groupOf.get(v.variantId);
        if ((g === 'gender:female' && v.cvId !== top) || (g === 'gender:male' && v.cvId === top)) expected++;
      }
    }
    expect(r.cases.flipCount).toBe(expected);
    await expect(outcomesUnderRule(dataset, { ...audited, manifestSha256: 'x' }, [scores], { kind: 'top-k', k: 1 })).rejects.toThrow(/not the version/u);
    await expect(outcomesUnderRule(dataset, audited, [{ ...scores, variants: new Float64Array(3) }], { kind: 'top-k', k: 1 })).rejects.toThrow(/do not cover/u);
    await expect(outcomesUnderRule(dataset, audited, [scores], { kind: 'top-k', k: 0 })).rejects.toThrow(/k ≥ 1/u);
  });
});
