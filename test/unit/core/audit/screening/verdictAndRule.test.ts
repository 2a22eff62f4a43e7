/**
 * The screening audit's decision rule and its verdicts, on the hand-made dataset of tinyScreening.ts.
 * Every count below is worked out by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { prepareScreening, screeningAudit } from '../../../../../src/core/audit/screening/audit.ts';
import { beyondNoiseFloor, screeningCountsText, screeningOutcomes, screeningRuleContext, screeningVerdicts, variantRuleText } from '../../../../../src/core/audit/screening/index.ts';
import { outcomesVerdicts, ruleInformativeness } from '../../../../../src/core/audit/outcomes/index.ts';
import { pValue } from '../../../../../src/core/audit/common/index.ts';
import type { ScreeningAttributeOutcomes, ScreeningModelResult } from '../../../../../src/core/audit/screening/results.ts';
import { HEADER, MODEL_A, MODEL_B, OPTIONS, PARTS } from './tinyScreening.ts';

const prepared = prepareScreening(PARTS, OPTIONS);
const gender = (o: readonly ScreeningAttributeOutcomes[]) => o.find((x) => x.attribute === 'gender')!.outcomes.groupings[0];
const category = (o: readonly ScreeningAttributeOutcomes[], name: string) => gender(o).categories.find((c) => c.category === name)!;

describe('screeningOutcomes(prepared, scores, rule): a shortlist of the top k of each pool', () => {
  // Model A, run 1: alpha 90 80 70 60 49 40, beta 40 50 60 70 80 90 (cv-001..006). A variant takes its
  // CV's place; its rank is 1 + the other originals above it. Top 5 of 6:
  //   male explicit (+0) and implicit 1 (+0): the CV's own rank, so only the last CV of each pool
  //     (alpha cv-006 at 40, beta cv-001 at 40) is out: 10/12 each; implicit 2 (+2): 42 still last: 10/12.
  //   female explicit (−15): alpha 75 65 55 45 | 34 25 → 34 and 25 are under 40 and 49: 4/6;
  //     beta 25 35 | 45 55 65 75 → 4/6: 8/12.
  //   female implicit 1 (−4): alpha cv-005 45 > 40 in, cv-006 36 out; beta cv-001 36 out, cv-002 46 in: 10/12.
  //   female implicit 2 (−6): alpha cv-005 43 in, cv-006 34 out; beta cv-002 44 in, cv-001 34 out: 10/12.
  // male 30/36, female 28/36: impact ratio 28/30.
  const outcomes = screeningOutcomes(prepared, MODEL_A, { kind: 'top-k', k: 5 });

  it('selects male variants at 30/36 and female at 28/36: impact ratio 0.933, no four-fifths flag', () => {
    expect(category(outcomes, 'male')).toMatchObject({ n: 36, selected: 30, four_fifths: false });
    expect(category(outcomes, 'female')).toMatchObject({ n: 36, selected: 28, four_fifths: false });
    expect(category(outcomes, 'female').impact_ratio).toBeCloseTo(28 / 30, 12);
  });

  it('states the rule in the results: kind, k, and the decision column in words', () => {
    expect(outcomes[0].rule).toEqual({ kind: 'top-k', k: 5 });
    expect(outcomes[0].threshold).toBeUndefined();
    expect(outcomes[0].outcomes.decision.column).toBe('top 5 of its pool (the variant in its CV\u2019s place)'.replace('\u2019', "'"));
  });

  it('a shortlist of 1 keeps only the pool leaders: alpha cv-001 and beta cv-006 (male +0, +2 and female −4, −6 … no: 75 < 80)', () => {
    // Top 1: only a variant that beats every other original. Male explicit and implicit 1 (+0): alpha
    // cv-001 (90 against 80) and beta cv-006 (90): 2 each; implicit 2 (+2): 2. Female explicit (−15):
    // alpha cv-001 75 < 80, beta cv-006 75 < 80: 0; implicit 1 (−4) 86 > 80: 2; implicit 2 (−6) 84: 2.
    const top1 = screeningOutcomes(prepared, MODEL_A, { kind: 'top-k', k: 1 });
    expect(category(top1, 'male').selected).toBe(6);
    expect(category(top1, 'female').selected).toBe(4);
  });
});

describe('a rule that selects everyone cannot pass', () => {
  const all = screeningOutcomes(prepared, MODEL_A, { kind: 'threshold', threshold: 0 });

  it('score ≥ 0 selects every variant; the rule is uninformative and the verdict says so, with no "passes"', () => {
    expect(category(all, 'male').selected).toBe(36);
    expect(category(all, 'female').selected).toBe(36);
    const info = ruleInformativeness(all[0].outcomes, { ruleText: 'score ≥ 0' });
    expect(info.informative).toBe(false);
    expect(info.reasons[0]).toBe('score ≥ 0 selects every candidate of every gender category');
    const [verdict, ...rest] = outcomesVerdicts(all[0].outcomes, { ruleText: 'score ≥ 0' });
    expect(rest).toHaveLength(0);
    expect(verdict.distinguishable).toBe(false);
    expect(verdict.text).toMatch(/^The rule is uninformative: score ≥ 0 selects every candidate of every gender category\./u);
    expect(verdict.text).not.toMatch(/passes/u);
  });

  it('a fixed default cut-off on uncalibrated scores is uninformative even when it separates someone', () => {
    const some = screeningOutcomes(prepared, MODEL_A, { kind: 'threshold', threshold: 50 });
    expect(ruleInformativeness(some[0].outcomes).informative).toBe(true);
    expect(ruleInformativeness(some[0].outcomes, { uncalibratedDefault: true }).informative).toBe(false);
  });

  it('the audit uses the tuned threshold when labels tuned one, and the top 5 of each pool without labels', () => {
    const labelled = screeningAudit(PARTS, [MODEL_A], { ...OPTIONS, referenceModel: undefined }, HEADER).models[0];
    expect(labelled.validity?.threshold_source).toBe('tuned');
    expect(labelled.outcomes?.[0].rule).toEqual({ kind: 'threshold', threshold: labelled.validity!.threshold });
    const unlabelled = screeningAudit({ ...PARTS, labels: [] }, [MODEL_A], { ...OPTIONS, referenceModel: undefined }, HEADER).models[0];
    expect(unlabelled.outcomes?.[0].rule).toEqual({ kind: 'top-k', k: 5 });
    expect(category(unlabelled.outcomes!, 'female').selected).toBe(28);
  });
});

describe('screeningRuleContext(model, outcomes, chosen): a cut-off the user chose is the user\'s rule (issue 48)', () => {
  // Model A's scores read as uncalibrated (calibrated similarity without labels) and without validity (no tuned threshold).
  const unlabelled = screeningAudit({ ...PARTS, labels: [] }, [MODEL_A], { ...OPTIONS, referenceModel: undefined }, HEADER).models[0];
  const uncalibrated = { ...unlabelled, model: { ...unlabelled.model, uncalibrated: true as const } };
  const at75 = { ...screeningOutcomes(prepared, MODEL_A, { kind: 'threshold', threshold: 75 })[0] };

  it('the run\'s fixed default cut-off on uncalibrated scores is uninformative; a shortlist reads ranks and needs no caveat', () => {
    const at50 = screeningOutcomes(prepared, MODEL_A, { kind: 'threshold', threshold: 50 })[0];
    expect(screeningRuleContext(uncalibrated, at50)).toEqual({ ruleText: 'score ≥ 50', uncalibratedDefault: true });
    expect(screeningRuleContext(uncalibrated, uncalibrated.outcomes![0])).toEqual({ ruleText: "top 5 of its pool (the variant in its CV's place)" });
    expect(screeningRuleContext(unlabelled, at50)).toEqual({ ruleText: 'score ≥ 50' });
  });

  it('score ≥ 75 chosen by the user: informative, the four-fifths result shown under a caveat that the scores are uncalibrated', () => {
    // Model A at 75: alpha 90 80 (cv-001, 002), beta 80 90 (cv-005, 006) are ≥ 75. Male variants (+0, +0, +2)
    // keep them: 4 CVs × 3 = 12 of 36; female explicit (−15: 75, 65, 65, 75 → 2), implicit 1 (−4: 86, 76,
    // 76, 86 → 4), implicit 2 (−6: 84, 74, 74, 84 → 2): 8 of 36. Ratio 8/12.
    const context = screeningRuleContext(uncalibrated, at75, true);
    expect(context).toEqual({ ruleText: 'score ≥ 75', uncalibratedChosen: true });
    expect(ruleInformativeness(at75.outcomes, context).informative).toBe(true);
    expect(category([at75], 'male').selected).toBe(12);
    expect(category([at75], 'female').selected).toBe(8);
    const [caveat, finding] = outcomesVerdicts(at75.outcomes, context);
    expect(caveat.text).toMatch(/^The scores are not calibrated \(no labels to calibrate them on\): score ≥ 75 is the cut-off you chose/u);
    expect(caveat.text).not.toMatch(/fixed default|uninformative/u);
    expect(finding.text).toMatch(/^gender: female is selected at 22\.22% against male’s 33\.33% \(impact ratio 0\.667/u);
  });
});

describe('screeningVerdicts(model): effects read against q and the noise floor', () => {
  const results = screeningAudit(PARTS, [MODEL_A, MODEL_B], OPTIONS, HEADER);
  const [a, b] = results.models;

  it('model A: the noise floor is 2 (a second name moves ΔScore by ±2); female explicit (−15) and implicit (−5 − 1 = −6) clear it, largest first', () => {
    expect(a.bias.noise_floor_max.delta_score).toBe(2);
    const verdicts = screeningVerdicts(a);
    expect(verdicts.map((v) => v.anchor)).toEqual(['bias:model-a:gender:female:explicit', 'bias:model-a:gender:female:implicit']);
    expect(verdicts.every((v) => v.distinguishable)).toBe(true);
    const explicit = a.bias.effects.find((e) => e.group === 'female' && e.signal === 'explicit')!;
    // ΔRank: alpha −1 −1 −1 −1 −1 0, beta 0 −1 −1 −1 −1 −1 → −10/12 = −0.83.
    expect(verdicts[0].text).toBe(
      `model-a: female (explicit) variants score 15.000 points lower than their male variants of the same CV (ΔScore \u221215.000, 95% CI \u221215.000 to \u221215.000, q ${pValue(explicit.delta_score.q)}), the whole CI beyond the noise floor (±2.000). Against the original CV, they move 0.83 ranks down on average (ΔRank \u22120.83).`,
    );
  });

  it('model B scores every variant as its original: nothing is distinguishable, in one sentence', () => {
    const verdicts = screeningVerdicts(b);
    expect(verdicts).toHaveLength(1);
    expect(verdicts[0].distinguishable).toBe(false);
    expect(verdicts[0].text).toBe('model-b: no demographic signal changes the score by more than chance and noise allow — no ΔScore is significant (every q ≥ 0.05).');
  });
});

/** A model with the given effects and noise floor: what screeningVerdicts reads of a model. */
function modelWith(floor: number, effects: readonly { group: string; mean: number; ci: [number, number]; q: number; rank: number }[]): ScreeningModelResult {
  const tested = (mean: number, ci: [number, number], q: number) => ({ mean, ci, p: q, q, significant: q < 0.05 });
  return {
    model: { id: 'm', label: 'm', kind: 'hub', revision: 'main', dtype: 'fp32', device: 'cpu' },
    bias: {
      effects: [
        { kind: 'reference', attribute: 'gender', group: 'male', signal: 'explicit', delta_score: tested(NaN, [NaN, NaN], NaN), delta_rank: tested(0, [0, 0], 1), 'excl@5': tested(0, [0, 0], 1), n_cvs: 100 },
        ...effects.map((e) => ({ kind: 'effect' as const, attribute: 'gender', group: e.group, signal: 'explicit', delta_score: tested(e.mean, e.ci, e.q), delta_rank: tested(e.rank, [e.rank - 1, e.rank + 1], 0.5), 'excl@5': tested(0, [0, 0], 1), n_cvs: 100 })),
      ],
      noise_floor: [],
      noise_floor_max: { delta_score: floor, delta_rank: 1, 'excl@5': 0 },
    },
  } as unknown as ScreeningModelResult;
}

describe('an effect exceeds the noise floor only when its whole CI does (issue 48)', () => {
  it('beyondNoiseFloor(ci, floor): the CI wholly above +floor or below −floor; no floor, any CI', () => {
    expect(beyondNoiseFloor([-0.2, 0.05], 0.07)).toBe(false);
    expect(beyondNoiseFloor([-0.9, -0.071], 0.07)).toBe(true);
    expect(beyondNoiseFloor([-0.9, -0.07], 0.07)).toBe(false); // touching the floor is not beyond it
    expect(beyondNoiseFloor([0.08, 0.5], 0.07)).toBe(true);
    expect(beyondNoiseFloor([NaN, NaN], 0.07)).toBe(false);
    expect(beyondNoiseFloor([-0.01, 0.01], NaN)).toBe(true);
  });

  it('a 0.073-point effect whose CI (−0.140 to −0.006) reaches inside ±0.070 does not count, though its mean is past the floor', () => {
    const [v] = screeningVerdicts(modelWith(0.07, [{ group: 'female', mean: -0.073, ci: [-0.14, -0.006], q: 0.01, rank: -0.5 }]));
    expect(v.distinguishable).toBe(false);
    expect(v.text).toBe('m: no demographic signal changes the score by more than chance and noise allow — 1 ΔScore is significant but no 95% CI lies wholly beyond the noise floor (±0.070).');
  });

  it('an effect of −0.5 (CI −0.8 to −0.2) beyond ±0.07 counts; ΔScore against the reference group and ΔRank against the original CV each in a sentence of its own', () => {
    const [v, ...rest] = screeningVerdicts(modelWith(0.07, [
      { group: 'female', mean: -0.5, ci: [-0.8, -0.2], q: 0.001, rank: -1.25 },
      { group: 'other', mean: 0.073, ci: [0.02, 0.13], q: 0.01, rank: 0 },
    ]));
    expect(rest).toHaveLength(0);
    expect(v.text).toBe(
      'm: female (explicit) variants score 0.500 points lower than their male variants of the same CV (ΔScore \u22120.500, 95% CI \u22120.800 to \u22120.200, q 0.001), the whole CI beyond the noise floor (±0.070). ' +
        'Against the original CV, they move 1.25 ranks down on average (ΔRank \u22121.25).',
    );
  });
});

describe('screeningCountsText(counts): each count says what it counts (issue 48)', () => {
  it('371 variants scored 1,074 times: a variant once per job whose pool holds its CV', () => {
    expect(screeningCountsText({ jobs: 3, cvs: 66, variants: 1074, variant_records: 371 })).toBe('3 jobs, 66 CVs, 371 variants scored 1,074 times (each once per job whose pool holds its CV)');
  });
  it('as many scores as variants: the variants alone; results stored before the count: the scores, named so', () => {
    expect(screeningCountsText({ jobs: 1, cvs: 1, variants: 5, variant_records: 5 })).toBe('1 job, 1 CV, 5 variants');
    expect(screeningCountsText({ jobs: 3, cvs: 66, variants: 1074 })).toBe('3 jobs, 66 CVs, 1,074 variant scores (a variant is scored once per job whose pool holds its CV)');
  });
  it('the audit counts the distinct variants it scored: tinyScreening, 6 CVs × 8 variants in both jobs\' pools: 48 variants, 96 scores', () => {
    expect(screeningAudit(PARTS, [MODEL_A], { ...OPTIONS, referenceModel: undefined }, HEADER).counts).toEqual({ jobs: 2, cvs: 6, variants: 96, variant_records: 48 });
  });
});

describe('variantRuleText(rule)', () => {
  it('states a tuned threshold to two decimals (the results keep it exact) and a shortlist by its k', () => {
    expect(variantRuleText({ kind: 'threshold', threshold: 34.90847172774218 })).toBe('score ≥ 34.91');
    expect(variantRuleText({ kind: 'threshold', threshold: 50 })).toBe('score ≥ 50');
    expect(variantRuleText({ kind: 'top-k', k: 5 })).toBe("top 5 of its pool (the variant in its CV's place)");
  });
});
