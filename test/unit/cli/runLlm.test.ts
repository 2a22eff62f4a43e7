import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';
import { DEFAULT_SCREENING_TEMPLATE, templateJson, templateSha256 } from '../../../src/core/llm/index.ts';
import type { ScreeningResults } from '../../../src/core/audit/screening/index.ts';
import { screeningPayload } from '../../../src/core/share/screeningPayload.ts';
import { decodePermalink, encodePermalink } from '../../../src/core/permalink/index.ts';

const TINY = 'test/fixtures/models/hub/fairground-test/tiny-llm';

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { ...nodeIo, stdout: (t) => void (out += t), stderr: (t) => void (err += t) });
  return { code, out, err };
}

const args = ['run', '--dataset', 'datasets/cv-screening', '--task', 'cv-screening', '--runs', '2', '--sample-cvs', '2', '--bootstrap', '0', '--quiet'];

describe('fairground run --model llm:DIR (issue 49)', { timeout: 120_000 }, () => {
  it('audits a local LLM folder: its template and hash, output validity over every answer, tokens per call', async () => {
    const r = await cli([...args, '--model', `llm:${TINY}`]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const results = JSON.parse(r.out) as ScreeningResults;
    const m = results.models[0]!;
    expect(m.model).toMatchObject({ id: 'llm:folder:tiny-llm', kind: 'llm', device: 'cpu', dtype: 'fp32' });
    const llm = m.llm!;
    expect(llm.mode).toBe('probabilities');
    expect(llm.template.sha256).toBe(templateSha256(DEFAULT_SCREENING_TEMPLATE));
    expect(llm.template.text).toBe(templateJson(DEFAULT_SCREENING_TEMPLATE));
    const answers = results.counts.jobs * 2 * 2 + results.counts.variants; // 2 CVs per job, 2 runs, + variants once
    expect(llm.output_validity).toMatchObject({ valid: answers, total: answers, share: 1 });
    expect(llm.output_validity.by_group[0]).toMatchObject({ kind: 'original', total: results.counts.jobs * 2 * 2 });
    expect(llm.prompt_tokens_per_call).toBeGreaterThan(100);
    expect(llm.generated_tokens_per_call).toBe(0);
    expect(m.deterministic).toBe(true);
    // A permalink carries the LLM section (template as text and SHA-256, validity, tokens) and decodes to it.
    for (const detail of ['summary', 'full'] as const) {
      const decoded = await decodePermalink(await encodePermalink(screeningPayload(results, detail)));
      expect(decoded.ok, JSON.stringify(decoded).slice(0, 400)).toBe(true);
      const shared = decoded.ok ? (decoded.payload.results as unknown as ScreeningResults).models[0]!.llm! : undefined;
      expect(shared?.template).toEqual(llm.template);
      expect(shared?.output_validity.valid).toBe(answers);
      // nothing differs here: a summary link keeps the originals' row only, a full link every group
      expect(shared?.output_validity.by_group.length).toBe(detail === 'summary' ? 1 : llm.output_validity.by_group.length);
    }
    // The report (its privacy guard reading the dataset) states how the model was asked and its validity, with the template.
    const dir = await mkdtemp(join(tmpdir(), 'fg-llm-report-'));
    await writeFile(join(dir, 'r.json'), r.out);
    const report = await cli(['report', '--results', join(dir, 'r.json'), '--dataset', 'datasets/cv-screening', '--out', join(dir, 'r.html')]);
    expect(report.code, report.err).toBe(0);
    const html = await readFile(join(dir, 'r.html'), 'utf8');
    expect(html).toContain(`Output validity: 100.0% of ${answers} answers were valid`);
    expect(html).toContain(llm.template.sha256);
  });

  it('uses --template, and refuses a bad one saying what to fix', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fg-llm-'));
    const scale = { ...JSON.parse(templateJson(DEFAULT_SCREENING_TEMPLATE)), name: 'scale', user: 'Job:\n{job}\nCV:\n{cv}\nRate the fit from 1 to 5.', options: [1, 2, 3, 4, 5].map((v) => ({ text: String(v), value: v })) };
    await writeFile(join(dir, 't.json'), JSON.stringify(scale));
    const r = await cli([...args, '--model', `llm:${TINY}`, '--template', join(dir, 't.json')]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as ScreeningResults).models[0]!.llm!.template.name).toBe('scale');
    await writeFile(join(dir, 'bad.json'), JSON.stringify({ ...scale, user: 'no slots' }));
    const bad = await cli([...args, '--model', `llm:${TINY}`, '--template', join(dir, 'bad.json')]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/\{job\} exactly once/);
  });

  it('runs generated answers: a random model writes no JSON, so every answer is invalid and counted', async () => {
    const r = await cli([...args, '--model', `llm:${TINY}`, '--llm-mode', 'generate', '--temperature', '0.7', '--max-new-tokens', '8', '--sample-cvs', '1']);
    expect(r.code).toBe(0);
    const llm = (JSON.parse(r.out) as ScreeningResults).models[0]!.llm!;
    expect(llm.mode).toBe('generate');
    expect(llm.sampling).toEqual({ temperature: 0.7, maxNewTokens: 8, seed: 0, structured: false });
    expect(llm.output_validity.valid).toBe(0);
    expect(llm.generated_tokens_per_call).toBeGreaterThan(0);
    expect(llm.generated_tokens_per_call).toBeLessThanOrEqual(8);
  });

  it('runs on --device wasm (onnxruntime-web in Node): the same scores as onnxruntime-node to float32 rounding, and refuses other models there', async () => {
    const cpu = JSON.parse((await cli([...args, '--model', `llm:${TINY}`])).out) as ScreeningResults;
    const r = await cli([...args, '--model', `llm:${TINY}`, '--device', 'wasm']);
    expect(r.code, r.err).toBe(0);
    const wasm = JSON.parse(r.out) as ScreeningResults;
    expect(wasm.models[0]!.model.device).toBe('wasm');
    const a = cpu.models[0]!.bias.effects.map((e) => e.delta_score.mean);
    const b = wasm.models[0]!.bias.effects.map((e) => e.delta_score.mean);
    a.forEach((x, i) => (typeof x === "number" && Number.isFinite(x) ? expect(Math.abs(x - b[i]!)).toBeLessThan(1e-3) : expect(b[i]).toBe(x)));
    const refused = await cli([...args, '--model', 'calibrated:fairground-glove-100d', '--device', 'wasm']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/--device wasm runs LLM screeners only/);
  });

  it('refuses an unknown mode', async () => {
    const r = await cli([...args, '--model', `llm:${TINY}`, '--llm-mode', 'chat']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--llm-mode must be probabilities or generate/);
  });
});
