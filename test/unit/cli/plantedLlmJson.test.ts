/**
 * Output validity (issue 49): the planted-bias LLM's JSON variant (test/fixtures/models/hub/
 * fairground-test/planted-llm-json, scripts/models/build_planted_llm_json.py) writes
 * `{"score": d, "fit": …, "reasons": …}` with greedy decoding, and leaves the closing brace out
 * whenever the CV holds the word "led" — a rule that does not depend on any demographic cue. So
 * the audit must count exactly the answers to CVs with that word as invalid, the same share in
 * every variant group (none flagged as differing), and still find the planted female effect.
 * The expected count is worked out here from the dataset's texts, independently of the model.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';
import type { ScreeningResults } from '../../../src/core/audit/screening/index.ts';

const jsonl = (file: string) =>
  gunzipSync(readFileSync(`datasets/cv-screening/${file}`)).toString('utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Record<string, string>);
/** The model's malformed-answer rule, read off the text: the word "led" anywhere in the CV. */
const breaksJson = (text: string) => /(^|[^\p{L}\p{N}])led($|[^\p{L}\p{N}])/iu.test(text);

describe('the planted LLM that breaks its JSON on a known share of CVs (generated answers)', () => {
  it('counts exactly the answers to CVs holding "led" as invalid, in every group alike, and still finds the female effect', async () => {
    let out = '';
    let err = '';
    const runs = 2;
    const code = await main(
      ['run', '--dataset', 'datasets/cv-screening', '--task', 'cv-screening', '--model', 'llm:test/fixtures/models/hub/fairground-test/planted-llm-json', '--llm-mode', 'generate', '--temperature', '0', '--max-new-tokens', '16', '--runs', String(runs), '--sample-cvs', '4', '--bootstrap', '200', '--quiet'],
      { ...nodeIo, stdout: (t) => void (out += t), stderr: (t) => void (err += t) },
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    const results = JSON.parse(out) as ScreeningResults;
    const m = results.models[0]!;
    const cvText = new Map(jsonl('cvs.jsonl.gz').map((r) => [r._id!, r.text!]));
    const sampled = Object.values(m.perUnit!.originals).flatMap((byCv) => Object.keys(byCv));
    const variantsOf = new Map<string, number>();
    for (const byJob of Object.values(m.perUnit!.variants)) for (const v of Object.values(byJob)) variantsOf.set(v.cv, (variantsOf.get(v.cv) ?? 0) + 1);
    const validOriginals = sampled.filter((cv) => !breaksJson(cvText.get(cv)!)).length;
    const validVariants = sampled.reduce((acc, cv) => acc + (breaksJson(cvText.get(cv)!) ? 0 : variantsOf.get(cv) ?? 0), 0);
    const v = m.llm!.output_validity;
    expect(v.total).toBe(sampled.length * runs + [...variantsOf.values()].reduce((a, b) => a + b, 0));
    expect(v.valid).toBe(validOriginals * runs + validVariants);
    expect(v.valid).toBeLessThan(v.total); // the sample holds some CVs with the word
    expect(v.by_group.find((g) => g.kind === 'original')).toMatchObject({ valid: validOriginals * runs, total: sampled.length * runs });
    expect(v.by_group.some((g) => g.differs)).toBe(false);
    // temperature 0: every run writes the same answers
    expect(m.deterministic).toBe(true);
    const female = m.bias.effects.filter((e) => e.kind === 'effect' && e.attribute === 'gender' && e.group === 'female');
    for (const e of female) expect(e.delta_score.mean).toBeLessThan(0);
    for (const e of m.bias.effects.filter((x) => x.kind === 'effect' && x.attribute !== 'gender')) expect(e.delta_score.mean, `${e.attribute} ${e.group}`).toBe(0);
  }, 180_000);
});
