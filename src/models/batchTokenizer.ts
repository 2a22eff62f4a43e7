/**
 * A batch's token ids from a transformers.js tokenizer, through the word-level
 * fast path where the tokenizer is one it follows exactly
 * (core/models/wordLevelTokenizer.ts: the bundled GloVe's), else through
 * transformers.js itself. The embed worker and the Node embedder both tokenize
 * here, so their ids stay equal whichever path a text takes.
 */
import type { PreTrainedTokenizer } from '@huggingface/transformers';
import { wordLevelTokenizerOf, type WordLevelTokenizer } from '../core/models/wordLevelTokenizer.ts';
import { int64Batch, type Int64Input } from './tokenBatch.ts';

type Encoded = Record<string, number[][]>;

export interface BatchTokenizer {
  /** Whether the fast path is on (for timings and tests). */
  readonly fast: boolean;
  /** Each text's ids, truncated to `maxLength`, unpadded (what a look-up model reads). */
  ids(texts: readonly string[], maxLength: number): number[][];
  /** The padded batch as transformers.js returns it with `padding: true, truncation: true, return_tensor: false`. */
  padded(texts: readonly string[], maxLength: number): Encoded;
  /** `padded` as the int64 tensors a model takes (int64Batch of it), on the fast path written straight from the ids. */
  int64(texts: readonly string[], maxLength: number): Record<string, Int64Input>;
}

/** Whether the platform stores an int64's low 32-bit word first (all current JS engines do). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The tokenizer.json and tokenizer_config.json transformers.js (4.x) keeps on a loaded tokenizer,
 * and the token → id map its tokenizer model made of the vocabulary (checked against the file's
 * before use: core/models/wordLevelTokenizer.ts); undefined where it keeps no files.
 */
function filesOf(tokenizer: PreTrainedTokenizer): { json: unknown; config: unknown; vocab?: ReadonlyMap<string, number> } | undefined {
  const t = tokenizer as unknown as { _tokenizerJSON?: unknown; _tokenizerConfig?: unknown; _tokenizer?: { model?: { tokens_to_ids?: unknown } } };
  if (!t._tokenizerJSON || !t._tokenizerConfig) return undefined;
  const map = t._tokenizer?.model?.tokens_to_ids;
  return { json: t._tokenizerJSON, config: t._tokenizerConfig, vocab: map instanceof Map ? (map as ReadonlyMap<string, number>) : undefined };
}

export function batchTokenizer(tokenizer: PreTrainedTokenizer): BatchTokenizer {
  const slow = (texts: readonly string[], maxLength: number, padding: boolean) =>
    tokenizer([...texts], { padding, truncation: true, max_length: maxLength, return_tensor: false }) as unknown as Encoded;
  const files = filesOf(tokenizer);
  const word: WordLevelTokenizer | undefined = files ? wordLevelTokenizerOf(files.json, files.config, files.vocab) : undefined;
  // The padded batch is made here only when transformers.js would give input_ids and attention_mask alone, padded on the right.
  const rawPad = (tokenizer as unknown as { pad_token_id?: unknown }).pad_token_id;
  const pad = typeof rawPad === 'number' ? rawPad : undefined;
  const padsHere =
    word !== undefined &&
    pad !== undefined &&
    (tokenizer as unknown as { padding_side?: unknown }).padding_side === 'right' &&
    Object.keys(slow(['a'], 8, true)).sort().join() === 'attention_mask,input_ids';
  // ...and written straight into int64 tensors where a pad id fits the low 32-bit word of a little-endian int64.
  const writesInt64 = padsHere && LITTLE_ENDIAN && Number.isInteger(pad) && pad! >= 0 && pad! <= 0x7fffffff;

  const ids = (texts: readonly string[], maxLength: number): number[][] => {
    if (!word) return slow(texts, maxLength, false).input_ids;
    return texts.map((t) => word.encode(t, maxLength) ?? slow([t], maxLength, false).input_ids[0]);
  };
  const widest = (rows: readonly (readonly number[])[]) => rows.reduce((w, r) => Math.max(w, r.length), 0);
  const padded = (texts: readonly string[], maxLength: number): Encoded => {
    if (!padsHere) return slow(texts, maxLength, true);
    const rows = ids(texts, maxLength);
    const width = widest(rows);
    const attention_mask = new Array<number[]>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      const mask: number[] = [];
      for (let j = 0; j < r.length; j++) mask.push(1);
      for (let j = r.length; j < width; j++) (mask.push(0), r.push(pad!));
      attention_mask[i] = mask;
    }
    return { input_ids: rows, attention_mask };
  };
  return {
    fast: word !== undefined,
    ids,
    padded,
    int64(texts, maxLength) {
      if (!writesInt64) return int64Batch(padded(texts, maxLength));
      const rows = ids(texts, maxLength);
      const width = widest(rows);
      // Ids and the mask as the low 32-bit words of little-endian int64s (vocabulary ids are small and
      // non-negative: the high words stay 0), the padding written only where the pad id is not 0.
      const idData = new BigInt64Array(rows.length * width);
      const maskData = new BigInt64Array(rows.length * width);
      const idWords = new Int32Array(idData.buffer);
      const maskWords = new Int32Array(maskData.buffer);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i];
        const at = 2 * i * width;
        for (let j = 0; j < r.length; j++) {
          idWords[at + 2 * j] = r[j];
          maskWords[at + 2 * j] = 1;
        }
        if (pad !== 0) for (let j = r.length; j < width; j++) idWords[at + 2 * j] = pad!;
      }
      return { input_ids: { data: idData, dims: [rows.length, width] }, attention_mask: { data: maskData, dims: [rows.length, width] } };
    },
  };
}
