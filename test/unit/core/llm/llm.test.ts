import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  answerScore,
  answerSeed,
  DEFAULT_SCREENING_TEMPLATE,
  kvCacheMb,
  llmFit,
  parseScreeningTemplate,
  promptParts,
  readGeneratedAnswer,
  sampleToken,
  screeningMessages,
  templateJson,
  templateSha256,
  TemplateError,
  validityByGroup,
  wilsonInterval,
  type ChatMessage,
} from '../../../../src/core/llm/index.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';

/** A ChatML renderer written here (not the tokenizer's), enough for the split. */
const chatml = (messages: readonly ChatMessage[]) => messages.map((m) => `<|im_start|>${m.role}\n${m.content}<|im_end|>\n`).join('') + '<|im_start|>assistant\n';

describe('answerScore (answer-probabilities mode)', () => {
  it('is 100·P(yes | yes or no) for a yes/no template: worked by hand', () => {
    // logits: yes 2, no 0, another token 0 → P(yes|options) = e²/(e²+1); mass = (e²+1)/(e²+2)
    const a = answerScore(Float32Array.from([0, 2, 0]), [{ tokenId: 1, value: 1 }, { tokenId: 2, value: 0 }]);
    expect(a.score).toBeCloseTo((100 * Math.exp(2)) / (Math.exp(2) + 1), 12);
    expect(a.optionMass).toBeCloseTo((Math.exp(2) + 1) / (Math.exp(2) + 2), 12);
  });
  it('is the expected level on a 1–5 scale, mapped to 0–100', () => {
    // equal logits on levels 1..5 → expected 3 → (3−1)/(5−1) = 50
    const options = [1, 2, 3, 4, 5].map((v, i) => ({ tokenId: i, value: v }));
    expect(answerScore(new Float32Array(5), options).score).toBeCloseTo(50, 12);
    // all mass on level 4 (logit 50 against 0) → 75
    const l = new Float32Array(5);
    l[3] = 50;
    expect(answerScore(l, options).score).toBeCloseTo(75, 9);
  });
  it('refuses options that share a first token', () => {
    expect(() => answerScore(new Float32Array(3), [{ tokenId: 1, value: 1 }, { tokenId: 1, value: 0 }])).toThrow(/same token/);
  });
});

describe('readGeneratedAnswer (generated mode, output validity)', () => {
  it('reads the first JSON object, inside a code fence or a sentence', () => {
    expect(readGeneratedAnswer('Sure: ```json\n{"score": 4, "fit": true, "reasons": "has {all} skills"}\n```', 1, 5)).toEqual({ valid: true, score: 75, raw: 4, fit: true, reasons: 'has {all} skills' });
  });
  it('counts what it cannot read, never repairs it', () => {
    expect(readGeneratedAnswer('yes', 1, 5)).toEqual({ valid: false, problem: 'no JSON object' });
    expect(readGeneratedAnswer('{"score": 4,}', 1, 5)).toEqual({ valid: false, problem: 'not valid JSON' });
    expect(readGeneratedAnswer('{"score": "4"}', 1, 5)).toEqual({ valid: false, problem: 'no numeric score' });
    expect(readGeneratedAnswer('{"score": 6}', 1, 5)).toEqual({ valid: false, problem: 'score out of range' });
    expect(readGeneratedAnswer('{"score": 3', 1, 5)).toEqual({ valid: false, problem: 'no JSON object' });
  });
});

describe('wilsonInterval against SciPy (scripts/reference/output_validity.py)', () => {
  const ref = JSON.parse(readFileSync('test/fixtures/reference/output-validity.json', 'utf8')) as { cases: { k: number; n: number; low: number; high: number }[] };
  it(`agrees on ${ref.cases.length} (k, n) to 1e-12`, () => {
    expect(ref.cases.length).toBeGreaterThan(50);
    for (const c of ref.cases) {
      const [low, high] = wilsonInterval(c.k, c.n);
      expect(Math.abs(low - c.low), `${c.k}/${c.n}`).toBeLessThan(1e-12);
      expect(Math.abs(high - c.high), `${c.k}/${c.n}`).toBeLessThan(1e-12);
    }
  });
  it('groups answers and counts each group', () => {
    const g = validityByGroup([true, false, true, true], ['a', 'b', 'a', 'b']);
    expect(g.get('a')).toMatchObject({ valid: 2, total: 2, share: 1 });
    expect(g.get('b')).toMatchObject({ valid: 1, total: 2, share: 0.5 });
  });
});

describe('sampleToken (seeded sampler)', () => {
  const logits = Float32Array.from([0.1, 1.5, 0.3, 1.4, -2]);
  it('is greedy at T = 0', () => expect(sampleToken(logits, 0, createRng(1))).toBe(1));
  it('gives the same draws for the same seed, others for another', () => {
    const draw = (seed: number) => Array.from({ length: 50 }, ((rng) => () => sampleToken(logits, 1, rng))(createRng(seed)));
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });
  it('draws in proportion to softmax(logits / T): 20,000 draws within 4 SE', () => {
    const rng = createRng(3);
    const counts = new Array(5).fill(0);
    const n = 20000;
    for (let i = 0; i < n; i++) counts[sampleToken(logits, 0.8, rng)]++;
    const w = Array.from(logits, (l) => Math.exp(l / 0.8));
    const total = w.reduce((a, b) => a + b, 0);
    w.forEach((x, i) => {
      const p = x / total;
      expect(Math.abs(counts[i] / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
    });
  });
  it('gives each (run, pair) its own stream', () => {
    expect(new Set([answerSeed(1, 0, 0), answerSeed(1, 0, 1), answerSeed(1, 1, 0), answerSeed(2, 0, 0)]).size).toBe(4);
  });
});

describe('screening template and prompt', () => {
  it('round-trips through its JSON and hashes stably', () => {
    const again = parseScreeningTemplate(JSON.parse(templateJson(DEFAULT_SCREENING_TEMPLATE)));
    expect(again).toEqual(DEFAULT_SCREENING_TEMPLATE);
    expect(templateSha256(again)).toBe(templateSha256(DEFAULT_SCREENING_TEMPLATE));
    expect(templateSha256({ ...again, system: 'x' })).not.toBe(templateSha256(again));
  });
  it('says what to fix in a bad template', () => {
    const base = JSON.parse(templateJson(DEFAULT_SCREENING_TEMPLATE));
    expect(() => parseScreeningTemplate({ ...base, user: 'no slots' })).toThrow(/\{job\} exactly once/);
    expect(() => parseScreeningTemplate({ ...base, user: '{cv} then {job}' })).toThrow(/\{job\} must come before \{cv\}/);
    expect(() => parseScreeningTemplate({ ...base, options: [{ text: 'yes', value: 1 }] })).toThrow(TemplateError);
    expect(() => parseScreeningTemplate({ ...base, options: [{ text: 'yes', value: 1 }, { text: 'no', value: 1 }] })).toThrow(/two different values/);
    expect(() => parseScreeningTemplate({ ...base, format: 'x' })).toThrow(/"format"/);
  });
  it('splits the prompt at the CV: the prefix is the same for every CV of a job', () => {
    const a = promptParts(chatml, DEFAULT_SCREENING_TEMPLATE, 'Nurse', 'CV one', 'probabilities');
    const b = promptParts(chatml, DEFAULT_SCREENING_TEMPLATE, 'Nurse', 'CV two', 'probabilities');
    expect(a.prefix).toBe(b.prefix);
    expect(a.prefix.endsWith('CV:\n')).toBe(true);
    expect(a.prefix + a.rest).toBe(chatml(screeningMessages(DEFAULT_SCREENING_TEMPLATE, 'Nurse', 'CV one', 'probabilities')));
    const g = promptParts(chatml, DEFAULT_SCREENING_TEMPLATE, 'Nurse', 'CV one', 'generate');
    expect(g.rest).toContain('Answer only with JSON');
  });
  it('cuts job and CV to their character limits', () => {
    const m = screeningMessages(DEFAULT_SCREENING_TEMPLATE, 'j'.repeat(50), 'c'.repeat(50), 'probabilities', 10, 20);
    expect(m[1]!.content).toContain(`Job description:\n${'j'.repeat(10)}\n`);
    expect(m[1]!.content).toContain(`CV:\n${'c'.repeat(20)}\n`);
  });
});

describe('memory estimate and device fit', () => {
  const qwen05 = { layers: 24, kvHeads: 2, headDim: 64, vocab: 151936, hidden: 896 };
  it('computes the key/value cache by hand: 2·24·2·64·4096·4 bytes = 96 MB', () => expect(kvCacheMb(qwen05, 'q8')).toBe(96));
  it('refuses what WASM cannot address, and says what would fit', () => {
    const v = llmFit(qwen05, 6000, 'fp32', { kind: 'wasm' });
    expect(v.fits).toBe(false);
    expect(!v.fits && v.reason).toMatch(/smaller dtype/);
    expect(llmFit(qwen05, 500, 'q8', { kind: 'wasm' }).fits).toBe(true);
  });
  it('checks shader-f16 and the largest buffer on WebGPU', () => {
    const gpu = { kind: 'webgpu' as const, maxBufferSize: 256 * 2 ** 20, maxStorageBufferBindingSize: 128 * 2 ** 20, shaderF16: false };
    expect(llmFit(qwen05, 500, 'q4f16', gpu).fits).toBe(false);
    // embedding table fp32: 151936·896·4 B ≈ 519 MB > 128 MB
    expect(llmFit(qwen05, 2000, 'fp32', gpu).fits).toBe(false);
    // q4: ≈ 65 MB < 128 MB
    expect(llmFit(qwen05, 400, 'q4', gpu).fits).toBe(true);
  });
});

describe('llmSection in words', async () => {
  const { llmAskedSentence, llmValiditySentences } = await import('../../../../src/core/audit/screening/index.ts');
  const share = (valid: number, total: number) => ({ valid, total, share: valid / total, ci: wilsonInterval(valid, total) });
  const section = {
    mode: 'generate' as const,
    template: { name: 'fit (yes/no)', sha256: 'ab'.repeat(32), text: '{}' },
    sampling: { temperature: 0.7, maxNewTokens: 96, seed: 3 },
    prefix_cache: true,
    output_validity: {
      ...share(190, 220),
      by_group: [
        { kind: 'original' as const, attribute: '', group: '', signal: '', ...share(100, 100), differs: false },
        { kind: 'variant' as const, attribute: 'gender', group: 'female', signal: 'explicit', ...share(60, 80), differs: true },
        { kind: 'variant' as const, attribute: 'gender', group: 'male', signal: 'explicit', ...share(30, 40), differs: false },
      ],
    },
    prompt_tokens_per_call: 500,
    generated_tokens_per_call: 40,
    tokens_per_second: 1000,
  };
  it('says how the model was asked, and each finding of validity', () => {
    expect(llmAskedSentence(section)).toBe(`Scored by generated answers (JSON, free, temperature 0.7, at most 96 new tokens, seed 3), with the template "fit (yes/no)" (SHA-256 abababababab…), the job's part of the prompt computed once per job.`);
    const s = llmValiditySentences(section);
    expect(s[0]).toMatch(/^Output validity: 86\.4% of 220 answers were valid \(95% CI /);
    expect(s[1]).toBe('The 30 invalid answers score 0, as a screener that does not answer does not advance the candidate.');
    expect(s[2]).toMatch(/^Validity differs for gender = female \(explicit\): 75\.0% of 80 .* against 100\.0% for the original CVs\.$/);
    expect(s).toHaveLength(3);
  });
});
