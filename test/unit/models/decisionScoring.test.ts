import { describe, expect, it } from 'vitest';
import {
  NLI_GATE_HYPOTHESES,
  NLI_LEVEL_HYPOTHESES,
  entailmentProbability,
  fitColumn,
  fitProbabilities,
  nliPremise,
  nliRubricScore,
  onnxOutputProbabilities,
  softmax,
} from '../../../src/models/decisionScoring.ts';
import { modelFileUrl } from '../../../src/models/decisionSpec.ts';
import { RUBRIC } from '../../../src/core/rubric.ts';

describe('fit probabilities from logits', () => {
  it('fitProbabilities(one logit per row) applies σ: σ(0) = 0.5, σ(ln 3) = 0.75', () => {
    const p = fitProbabilities([0, Math.log(3)], 2, 0);
    expect(p[0]).toBeCloseTo(0.5, 7);
    expect(p[1]).toBeCloseTo(0.75, 7);
  });
  it('fitProbabilities(two logits per row) takes the softmax of the fit column: [0, ln 4] → 0.8', () => {
    expect(fitProbabilities([0, Math.log(4), Math.log(4), 0], 2, 1)[0]).toBeCloseTo(0.8, 7);
    expect(fitProbabilities([0, Math.log(4), Math.log(4), 0], 2, 1)[1]).toBeCloseTo(0.2, 7);
  });
  it('fitProbabilities throws when the logits do not split into rows', () => {
    expect(() => fitProbabilities([1, 2, 3], 2, 0)).toThrow(RangeError);
  });
  it('fitColumn names: a named label (any case), else 0 for one logit, 1 for two, and an error for three', () => {
    expect(fitColumn(['not_fit', 'FIT'], 2, 'fit')).toBe(1);
    expect(fitColumn(['LABEL_0'], 1)).toBe(0);
    expect(fitColumn(['LABEL_0', 'LABEL_1'], 2)).toBe(1);
    expect(() => fitColumn(['a', 'b', 'c'], 3)).toThrow(/name the one/);
    expect(() => fitColumn(['a', 'b'], 2, 'fit')).toThrow(/not among/);
  });
  it('onnxOutputProbabilities maps logit → σ, probability → clamped value, logits-2 → softmax[1]', () => {
    expect(onnxOutputProbabilities([0], 1, 'logit')[0]).toBe(0.5);
    expect(onnxOutputProbabilities([0.3, 1.2], 2, 'probability')[1]).toBe(1);
    expect(onnxOutputProbabilities([0, Math.log(4)], 1, 'logits-2')[0]).toBeCloseTo(0.8, 7);
    expect(() => onnxOutputProbabilities([0, 1, 2], 2, 'logit')).toThrow(RangeError);
  });
  it('softmax does not overflow on large logits', () => {
    expect(Array.from(softmax([1000, 1000]))).toEqual([0.5, 0.5]);
  });
});

describe('zero-shot NLI over the rubric', () => {
  it('lists 30 level hypotheses (5+5+4+4+4+4+4) and 2 gate hypotheses from RUBRIC', () => {
    expect(NLI_LEVEL_HYPOTHESES).toHaveLength(30);
    expect(NLI_GATE_HYPOTHESES).toHaveLength(2);
    expect(NLI_LEVEL_HYPOTHESES[4]).toMatchObject({ target: 'level', question: 'required_skills', level: 4, hypothesis: RUBRIC[0].levels[4].hypothesis });
  });
  it('entailmentProbability uses softmax over [contradiction, entailment] (multi-label zero-shot rule)', () => {
    // labels contradiction, entailment, neutral; logits 0, ln 3, 99 → 3/(1+3) whatever neutral is
    expect(entailmentProbability([0, Math.log(3), 99], ['contradiction', 'entailment', 'neutral'])).toBeCloseTo(0.75, 10);
    expect(entailmentProbability([0, Math.log(3)], ['not_entailment', 'ENTAILMENT'])).toBeCloseTo(0.75, 10);
    expect(() => entailmentProbability([0], ['LABEL_0'])).toThrow(/entailment label/);
  });
  it('nliRubricScore: all entailment on the top levels and both gates open scores 100; all on level 0 scores 0', () => {
    const top = NLI_LEVEL_HYPOTHESES.map((h) => (h.target === 'level' && h.level === RUBRIC.find((q) => q.id === h.question)!.levels.length - 1 ? 1 : 0));
    expect(nliRubricScore(top, { jd_lists_preferred: 0.9, jd_mentions_education: 0.9 })).toBeCloseTo(100, 10);
    const bottom = NLI_LEVEL_HYPOTHESES.map((h) => (h.target === 'level' && h.level === 0 ? 0.7 : 0));
    expect(nliRubricScore(bottom, {})).toBe(0);
  });
  it('nliRubricScore normalises entailment over levels: equal entailment everywhere gives a_q = 1/2, so 50; gates closed drop 15 of weight', () => {
    const flat = NLI_LEVEL_HYPOTHESES.map(() => 0.3);
    expect(nliRubricScore(flat, { jd_lists_preferred: 0.2 })).toBeCloseTo(50, 10);
    // required_skills on level 4 only, the rest level 0; gates closed: 100 × 30 / 85
    const skills = NLI_LEVEL_HYPOTHESES.map((h) => (h.target === 'level' && (h.question === 'required_skills' ? h.level === 4 : h.level === 0) ? 1 : 0));
    expect(nliRubricScore(skills, { jd_lists_preferred: 0.49, jd_mentions_education: 0 })).toBeCloseTo((100 * 30) / 85, 10);
  });
  it('nliPremise prepends the job description cut at a word boundary, then the CV', () => {
    const job = 'Backend engineer needed for payments platform with Python and SQL';
    const p = nliPremise(job, '  Five years of Python.  ', 30);
    expect(p).toBe('Job description: Backend engineer needed for…\n\nCV: Five years of Python.');
    expect(nliPremise('Short job', 'CV', 600)).toBe('Job description: Short job\n\nCV: CV');
  });
});

describe('modelFileUrl', () => {
  it('modelFileUrl(source, file) resolves bundled, Hub and picked-folder files', () => {
    const site = 'https://example.org/fair/';
    expect(modelFileUrl({ kind: 'bundled', id: 'm' }, 'onnx/model.onnx', site, '/__local-model__/')).toBe('https://example.org/fair/models/m/onnx/model.onnx');
    expect(modelFileUrl({ kind: 'hub', id: 'org/m', revision: 'abc', host: 'https://huggingface.co' }, 'onnx/model.onnx', site, '/__local-model__/')).toBe(
      'https://huggingface.co/org/m/resolve/abc/onnx/model.onnx',
    );
    expect(modelFileUrl({ kind: 'folder', id: 'mine', files: {} }, 'onnx/x.onnx', site, '/__local-model__/')).toBe('https://example.org/fair/__local-model__/mine/onnx/x.onnx');
  });
});
