/**
 * batchTokenizer (src/models/batchTokenizer.ts): the same batches as transformers.js' tokenizer,
 * padded or not, for the bundled GloVe tokenizer (the word-level fast path, texts holding an added
 * token through transformers.js) and for the tiny BERT fixture's (WordPiece: transformers.js only).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AutoTokenizer, env } from '@huggingface/transformers';
import { batchTokenizer } from '../../../src/models/batchTokenizer.ts';
import { int64Batch } from '../../../src/models/tokenBatch.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const texts = [
  'Senior nurse, night shifts — Zürich',
  'she bakes apple bread [UNK] and [PAD]',
  '',
  'Data-Scientist 2024: Python, SQL; führt Teams. 招聘 工程师',
  Array.from({ length: 300 }, (_, i) => `word${i % 17}`).join(' '),
];

describe('batchTokenizer(tokenizer): transformers.js\' batches, faster where it can', () => {
  for (const [folder, id, fast] of [
    [join(ROOT, 'public/models'), 'fairground-glove-100d', true],
    [join(ROOT, 'test/fixtures/models/hub'), 'fairground-test/tiny-bert-embed', false],
  ] as const) {
    it(`${id}: ids and padded batches equal the tokenizer's own (fast path ${fast ? 'on' : 'off'})`, async () => {
      env.allowLocalModels = true;
      env.allowRemoteModels = false;
      env.localModelPath = `${folder}/`;
      const tokenizer = await AutoTokenizer.from_pretrained(id);
      const batcher = batchTokenizer(tokenizer);
      expect(batcher.fast).toBe(fast);
      for (const maxLength of [8, 128]) {
        const padded = tokenizer(texts, { padding: true, truncation: true, max_length: maxLength, return_tensor: false }) as unknown as Record<string, number[][]>;
        expect(batcher.padded(texts, maxLength)).toEqual(padded);
        // The int64 tensors, written straight from the ids on the fast path: int64Batch of transformers.js' batch.
        const want = int64Batch(padded);
        const got = batcher.int64(texts, maxLength);
        expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
        for (const name of Object.keys(want)) {
          expect(got[name].dims).toEqual(want[name].dims);
          expect([...got[name].data]).toEqual([...want[name].data]);
        }
        const plain = tokenizer(texts, { padding: false, truncation: true, max_length: maxLength, return_tensor: false }) as unknown as { input_ids: number[][] };
        expect(batcher.ids(texts, maxLength)).toEqual(plain.input_ids);
        // One text alone: no padding at all.
        expect(batcher.padded([texts[0]], maxLength)).toEqual(tokenizer([texts[0]], { padding: true, truncation: true, max_length: maxLength, return_tensor: false }));
      }
    });
  }
});
