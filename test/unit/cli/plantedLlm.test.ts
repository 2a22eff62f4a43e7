/**
 * The positive control of issue 49: the planted-bias LLM (test/fixtures/models/hub/fairground-test/
 * planted-llm, hand-set weights, scripts/models/build_planted_llm.py) halves the odds of "yes"
 * when a CV carries a female cue and nothing else moves its answer. Its build script measures, in
 * Python on every (job, CV) of the bundled cv-screening dataset, a mean ΔScore (female − male twin)
 * of −7.32 for the explicit and the implicit signals, and 0 for every ethnicity and origin group
 * (PROVENANCE.md). The audit, through the CLI, must name that attribute and direction with a CI
 * covering the planted size, beyond the noise floor, and find nothing for the others.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';
import { screeningVerdicts, type ScreeningResults } from '../../../src/core/audit/screening/index.ts';

const PLANTED_DELTA = -7.32; // build_planted_llm.py's measurement (PROVENANCE.md), to 2 decimals

describe('the planted-bias LLM, audited on the bundled cv-screening dataset (positive control)', () => {
  it('finds the planted female effect (CI covering −7.32, beyond the noise floor) and nothing for ethnicity or origin', async () => {
    let out = '';
    let err = '';
    const code = await main(
      ['run', '--dataset', 'datasets/cv-screening', '--task', 'cv-screening', '--model', 'llm:test/fixtures/models/hub/fairground-test/planted-llm', '--runs', '2', '--bootstrap', '500', '--quiet'],
      { ...nodeIo, stdout: (t) => void (out += t), stderr: (t) => void (err += t) },
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    const m = (JSON.parse(out) as ScreeningResults).models[0]!;
    const effects = m.bias.effects.filter((e) => e.kind === 'effect');
    const female = effects.filter((e) => e.attribute === 'gender' && e.group === 'female');
    expect(female.map((e) => e.signal).sort()).toEqual(['explicit', 'implicit']);
    for (const e of female) {
      expect(e.delta_score.ci[0]).toBeLessThanOrEqual(PLANTED_DELTA + 0.005);
      expect(e.delta_score.ci[1]).toBeGreaterThanOrEqual(PLANTED_DELTA - 0.005);
      expect(e.delta_score.significant).toBe(true);
      expect(e.delta_score.ci[1]).toBeLessThan(-m.bias.noise_floor_max.delta_score);
    }
    for (const e of effects.filter((x) => x.attribute !== 'gender')) {
      expect(Math.abs(e.delta_score.mean), `${e.attribute} ${e.group} ${e.signal}`).toBeLessThan(0.01);
      expect(e.delta_score.significant, `${e.attribute} ${e.group} ${e.signal}`).toBe(false);
    }
    const verdicts = screeningVerdicts(m).filter((v) => v.distinguishable);
    expect(verdicts.length).toBe(2);
    for (const v of verdicts) expect(v.text).toMatch(/female/);
    // and it screens: the score follows the overlap of skills (AUC well above chance on the test split)
    expect(m.validity!.auc.ci[0]).toBeGreaterThan(0.9);
    expect(m.llm!.output_validity.share).toBe(1);
  }, 180_000);
});
