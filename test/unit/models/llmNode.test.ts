import { describe, expect, it } from 'vitest';
import { DEFAULT_SCREENING_TEMPLATE } from '../../../src/core/llm/index.ts';
import { loadLlmNode, type NodeLlmSpec } from '../../../src/models/llmNode.ts';

const HUB = 'test/fixtures/models/hub';
const base: NodeLlmSpec = { id: 'fairground-test/tiny-llm', localModelPath: HUB, template: DEFAULT_SCREENING_TEMPLATE, mode: 'probabilities', temperature: 0, maxNewTokens: 12, seed: 5, prefixCache: true };
const pairs = [
  { job: 'Ward nurse. Needs triage and IV therapy.', cv: 'Registered nurse, five years of triage and IV therapy.' },
  { job: 'Ward nurse. Needs triage and IV therapy.', cv: 'Barista; latte art; café management.' },
  { job: 'Data engineer: SQL, Spark, Airflow.', cv: 'Built Spark pipelines scheduled with Airflow.' },
  { job: 'Ward nurse. Needs triage and IV therapy.', cv: 'Paramedic: triage, IV access.' },
];

describe('LLM screener in Node (tiny random model, transformers.js + onnxruntime-node)', () => {
  it('scores the same with the per-job prefix cache as without it (1e-9), and counts prompt tokens', async () => {
    const cached = await loadLlmNode(base);
    const plain = await loadLlmNode({ ...base, prefixCache: false });
    try {
      const a = await cached.score(pairs);
      const b = await plain.score(pairs);
      for (let i = 0; i < pairs.length; i++) expect(Math.abs(a.scores[i]! - b.scores[i]!), `pair ${i}`).toBeLessThan(1e-9);
      expect(a.answers!.promptTokens).toBe(b.answers!.promptTokens);
      expect(a.answers!.valid).toEqual([true, true, true, true]);
      expect(new Set(Array.from(a.scores)).size).toBeGreaterThan(1);
      for (const s of a.scores) expect(s).toBeGreaterThan(0);
      expect(cached.llmAsked.mode).toBe('probabilities');
      expect(cached.llmAsked.template.sha256).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await cached.dispose();
      await plain.dispose();
    }
  });

  it('writes the same answers for the same seed in generated mode, and counts the invalid ones', async () => {
    const spec = { ...base, mode: 'generate' as const, temperature: 0.9 };
    const one = await loadLlmNode(spec);
    const two = await loadLlmNode(spec);
    try {
      const a = await one.scoreRuns(pairs, 2);
      const b = await two.scoreRuns(pairs, 2);
      expect(a.runs.map((r) => Array.from(r))).toEqual(b.runs.map((r) => Array.from(r)));
      expect(a.answers).toEqual(b.answers);
      // random weights write no JSON: every answer is invalid and scores 0
      for (const run of a.answers!) expect(run.valid.every((v) => !v)).toBe(true);
      for (const run of a.runs) expect(Array.from(run)).toEqual([0, 0, 0, 0]);
      expect(a.answers![0]!.generatedTokens).toBeGreaterThan(0);
      expect(a.answers![0]!.generatedTokens).toBeLessThanOrEqual(12 * pairs.length);
    } finally {
      await one.dispose();
      await two.dispose();
    }
  });

  it('holds generated answers to the JSON schema (structured output): each one is an object, cut off only by the token limit', async () => {
    const { llmScorer } = await import('../../../src/models/llmScorer.ts');
    const { AutoModelForCausalLM, AutoTokenizer, env } = await import('@huggingface/transformers');
    env.localModelPath = `${HUB}/`;
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    const tokenizer = await AutoTokenizer.from_pretrained(base.id);
    const model = await AutoModelForCausalLM.from_pretrained(base.id, { dtype: 'fp32', device: 'cpu' });
    try {
      const free = llmScorer(tokenizer, model, { ...base, mode: 'generate', temperature: 1, maxNewTokens: 40 });
      const held = llmScorer(tokenizer, model, { ...base, mode: 'generate', temperature: 1, maxNewTokens: 40, structured: true });
      let freeObjects = 0;
      for (let i = 0; i < pairs.length; i++) {
        const a = await held.scorePair(pairs[i]!, 0, i);
        // random weights: the answer opens the object at once, and is valid unless the limit cut it
        expect(a.text!, `pair ${i}`).toMatch(/^\s*\{\s*"/);
        if (!a.valid) expect(a.generatedTokens, `pair ${i}: ${a.text}`).toBe(40);
        if ((await free.scorePair(pairs[i]!, 0, i)).text!.trimStart().startsWith('{')) freeObjects++;
      }
      expect(freeObjects).toBeLessThan(pairs.length);
    } finally {
      await model.dispose();
    }
  });

  it('cancels between pairs', async () => {
    const m = await loadLlmNode(base);
    const controller = new AbortController();
    controller.abort();
    try {
      await expect(m.score(pairs, controller.signal)).rejects.toThrow(/cancel/i);
    } finally {
      await m.dispose();
    }
  });
});
