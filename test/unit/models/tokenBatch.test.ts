/**
 * int64Batch (src/models/tokenBatch.ts) makes the same int64 inputs as transformers.js'
 * tokenizer does with tensors, for the bundled GloVe tokenizer (WordLevel: input_ids,
 * attention_mask) and the tiny BERT fixture's (WordPiece, token_type_ids too), with padding
 * and truncation, on texts of mixed lengths and scripts.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AutoTokenizer, env } from '@huggingface/transformers';
import { int64Batch } from '../../../src/models/tokenBatch.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const texts = [
  'Senior nurse, night shifts — Zürich',
  'she bakes apple bread',
  '',
  'Data-Scientist 2024: Python, SQL; führt Teams. 招聘 工程师',
  Array.from({ length: 300 }, (_, i) => `word${i % 17}`).join(' '),
];

describe('int64Batch(tokenizer(texts, { padding, truncation, return_tensor: false }))', () => {
  for (const [folder, id] of [
    [join(ROOT, 'public/models'), 'fairground-glove-100d'],
    [join(ROOT, 'test/fixtures/models/hub'), 'fairground-test/tiny-bert-embed'],
  ] as const) {
    it(`equals the tokenizer's own int64 tensors (${id})`, async () => {
      env.allowLocalModels = true;
      env.allowRemoteModels = false;
      env.localModelPath = `${folder}/`;
      const tokenizer = await AutoTokenizer.from_pretrained(id);
      for (const maxLength of [8, 128]) {
        const options = { padding: true, truncation: true, max_length: maxLength };
        const tensors = tokenizer(texts, options) as unknown as Record<string, { data: BigInt64Array; dims: number[] }>;
        const ours = int64Batch(tokenizer(texts, { ...options, return_tensor: false }) as unknown as Record<string, number[][]>);
        expect(Object.keys(ours).sort()).toEqual(Object.keys(tensors).sort());
        for (const [name, t] of Object.entries(tensors)) {
          expect(ours[name].dims).toEqual(t.dims);
          expect([...ours[name].data]).toEqual([...t.data]);
        }
      }
    });
  }
  it('writes negative and large ids as int64 too', () => {
    expect([...int64Batch({ input_ids: [[-1, 2 ** 31 - 1], [2 ** 31, 0]] }).input_ids.data]).toEqual([-1n, 2n ** 31n - 1n, 2n ** 31n, 0n]);
  });
  it('throws on rows of different lengths or inputs of different batch sizes', () => {
    expect(() => int64Batch({ input_ids: [[1, 2], [3]] })).toThrow(/padding and truncation/);
    expect(() => int64Batch({ input_ids: [[1]], attention_mask: [[1], [1]] })).toThrow(RangeError);
    expect(() => int64Batch({ input_ids: [] })).toThrow(RangeError);
  });
});
