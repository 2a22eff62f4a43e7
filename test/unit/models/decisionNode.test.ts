/**
 * Decision scoring in Node on the tiny cross-encoder fixture
 * (test/fixtures/models/hub/fairground-test/tiny-bert-cross-encoder), checked
 * against the torch logits of test/fixtures/models/reference.json
 * (scripts/models/build_tiny_bert.py) after the sigmoid; the same graph run
 * as a user ONNX classifier through onnxruntime-node with a declared
 * mapping; and a whole screening audit scored with it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ortNode from 'onnxruntime-node';
import { AutoTokenizer, env } from '@huggingface/transformers';
import { loadDecisionModelNode, type NodeDecisionModel } from '../../../src/models/decisionNode.ts';
import { onnxDecisionScorer, type OrtLike, type OrtSessionLike } from '../../../src/models/decisionOnnx.ts';
import { scoreScreening } from '../../../src/core/audit/screening/scoring.ts';
import { screeningWorkList } from '../../../src/core/audit/screening/input.ts';
import { screeningAudit } from '../../../src/core/audit/screening/audit.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const HUB = join(ROOT, 'test/fixtures/models/hub');
const CROSS = 'fairground-test/tiny-bert-cross-encoder';

interface Reference {
  tolerance: number;
  cross_encoder: { items: { text: string; text_pair: string; logits: number[] }[] };
}
const reference: Reference = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/models/reference.json'), 'utf8'));
const items = reference.cross_encoder.items;
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

describe('loadDecisionModelNode (tiny cross-encoder fixture)', () => {
  let model: NodeDecisionModel;
  beforeAll(async () => {
    model = await loadDecisionModelNode({ id: CROSS, kind: 'cross-encoder', maxLength: 128, localModelPath: HUB });
  });
  afterAll(async () => {
    await model?.dispose();
  });

  it('scoreBatch(pairs) returns σ(torch logit) within 1e-4 for every reference pair, batched and padded', async () => {
    const { probabilities, ms } = await model.scoreBatch(items.map((i) => ({ job: i.text, cv: i.text_pair })));
    expect(probabilities).toHaveLength(items.length);
    items.forEach((item, i) => expect(Math.abs(probabilities[i] - sigmoid(item.logits[0])), item.text).toBeLessThan(reference.tolerance));
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(model.labels).toEqual(['LABEL_0']);
  });

  it('score(pairs) returns 100 × the fit probability, one call per batch', async () => {
    const r = await model.score(items.map((i) => ({ job: i.text, cv: i.text_pair })));
    items.forEach((item, i) => expect(Math.abs(r.scores[i] - 100 * sigmoid(item.logits[0]))).toBeLessThan(100 * reference.tolerance));
    expect(r.callsMs).toHaveLength(1);
    expect(r.device).toBe('cpu');
    expect(r.dtype).toBe('fp32');
  });

  it('a zero-shot NLI load of a model without an entailment label fails with a clear message', async () => {
    await expect(loadDecisionModelNode({ id: CROSS, kind: 'zero-shot-nli', maxLength: 128, localModelPath: HUB })).rejects.toThrow(/entailment label/);
  });

  it('scoreScreening + screeningAudit run end to end on a tiny dataset; the model is deterministic', async () => {
    const parts = {
      pools: [{ job_id: 'j', cv_ids: ['a', 'b', 'c'] }],
      labels: [
        { job_id: 'j', cv_id: 'a', label: 1 as const, split: 'test' },
        { job_id: 'j', cv_id: 'b', label: 0 as const, split: 'test' },
        { job_id: 'j', cv_id: 'c', label: 1 as const, split: 'test' },
      ],
      variants: ['a', 'b', 'c'].flatMap((cv) => [
        { cv_id: cv, variant_id: `${cv}.m`, attribute: 'gender', group: 'male', signal: 'explicit' },
        { cv_id: cv, variant_id: `${cv}.f`, attribute: 'gender', group: 'female', signal: 'explicit' },
      ]),
    };
    const cvText: Record<string, string> = { a: items[0].text_pair, b: items[1].text_pair, c: 'CV: python developer' };
    const texts = {
      job: () => items[0].text,
      cv: (id: string) => cvText[id],
      variant: (id: string) => `${id.endsWith('.m') ? 'Gender: Male' : 'Gender: Female'}\n${cvText[id[0]]}`,
    };
    const work = screeningWorkList(parts);
    const scores = await scoreScreening(model, { id: CROSS, label: 'tiny', kind: 'cross-encoder', revision: 'main' }, work, texts, 3);
    expect(scores.runs).toHaveLength(3);
    expect(scores.latency.pairs).toBe(3 * 3 + 6);
    const results = screeningAudit(parts, [scores], { reference: { gender: 'male' }, bootstrap: 50 }, {
      dataset: { id: 't', version: '1', manifestSha256: 'x' },
      task: 'cv-screening',
      runs: 3,
      createdAt: new Date(0).toISOString(),
      environment: { runtime: 'node' },
    });
    const m = results.models[0];
    expect(m.deterministic).toBe(true);
    // a deterministic model gets its exact row (ICC 1, every variation 0) instead of null
    expect(m.consistency).toMatchObject({ basis: 'deterministic', icc: { mean: 1 }, sigma_score: { mean: 0 } });
    expect(m.model.device).toBe('cpu');
    // the female effect, then the reference group's row
    expect(m.bias.effects.map((e) => `${e.kind}:${e.group}`)).toEqual(['effect:female', 'reference:male']);
    expect(m.validity!.threshold_source).toBe('default');
  });
});

describe('onnxDecisionScorer (the same graph as a user ONNX classifier, onnxruntime-node)', () => {
  it('with mapping {input_ids, attention_mask, token_type_ids} → logits (logit) it matches σ(torch logit) within 1e-4', async () => {
    env.localModelPath = `${HUB}/`;
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    const tokenizer = await AutoTokenizer.from_pretrained(CROSS);
    const bytes = new Uint8Array(readFileSync(join(HUB, CROSS, 'onnx/model.onnx')));
    const session = (await ortNode.InferenceSession.create(bytes)) as unknown as OrtSessionLike;
    const mapping = {
      modelFile: 'onnx/model.onnx',
      inputs: { input_ids: 'input_ids', attention_mask: 'attention_mask', token_type_ids: 'token_type_ids' },
      output: 'logits',
      outputKind: 'logit' as const,
    };
    const score = onnxDecisionScorer(ortNode as unknown as OrtLike, session, tokenizer, mapping, 128);
    const p = await score(items.map((i) => ({ job: i.text, cv: i.text_pair })));
    items.forEach((item, i) => expect(Math.abs(p[i] - sigmoid(item.logits[0]))).toBeLessThan(reference.tolerance));
    expect(() => onnxDecisionScorer(ortNode as unknown as OrtLike, session, tokenizer, { ...mapping, output: 'probs' }, 128)).toThrow(/outputs are logits/);
    expect(() => onnxDecisionScorer(ortNode as unknown as OrtLike, session, tokenizer, { ...mapping, inputs: { input_ids: 'ids' } }, 128)).toThrow(/input "ids"/);
    await session.release?.();
  });
});
