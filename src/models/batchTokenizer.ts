/**
 * A batch's token ids from a transformers.js tokenizer, through the word-level
 * fast path where the tokenizer is one it follows exactly
 * (core/models/wordLevelTokenizer.ts: the bundled GloVe's), else through
 * transformers.js itself. The embed worker and the Node embedder both tokenize
 * here, so their ids stay equal whichever path a text takes.
 */
import type { PreTrainedTokenizer } from '@huggingface/transformers';
import { wordLevelTokenizerOf, type WordLevelTokenizer } from '../core/models/wordLevelTokenizer.ts';

type Encoded = Record<string, number[][]>;

export interface BatchTokenizer {
  /** Whether the fast path is on (for timings and tests). */
  readonly fast: boolean;
  /** Each text's ids, truncated to `maxLength`, unpadded (what a look-up model reads). */
  ids(texts: readonly string[], maxLength: number): number[][];
  /** The padded batch as transformers.js returns it with `padding: true, truncation: true, return_tensor: false`. */
  padded(texts: readonly string[], maxLength: number): Encoded;
}

/** The tokenizer.json and tokenizer_config.json transformers.js (4.x) keeps on a loaded tokenizer; undefined where it keeps none. */
function filesOf(tokenizer: PreTrainedTokenizer): { json: unknown; config: unknown } | undefined {
  const t = tokenizer as unknown as { _tokenizerJSON?: unknown; _tokenizerConfig?: unknown };
  return t._tokenizerJSON && t._tokenizerConfig ? { json: t._tokenizerJSON, config: t._tokenizerConfig } : undefined;
}

export function batchTokenizer(tokenizer: PreTrainedTokenizer): BatchTokenizer {
  const slow = (texts: readonly string[], maxLength: number, padding: boolean) =>
    tokenizer([...texts], { padding, truncation: true, max_length: maxLength, return_tensor: false }) as unknown as Encoded;
  const files = filesOf(tokenizer);
  const word: WordLevelTokenizer | undefined = files ? wordLevelTokenizerOf(files.json, files.config) : undefined;
  // The padded batch is made here only when transformers.js would give input_ids and attention_mask alone, padded on the right.
  const padId = (tokenizer as unknown as { pad_token_id?: unknown }).pad_token_id;
  const padsHere =
    word !== undefined &&
    typeof padId === 'number' &&
    (tokenizer as unknown as { padding_side?: unknown }).padding_side === 'right' &&
    Object.keys(slow(['a'], 8, true)).sort().join() === 'attention_mask,input_ids';

  const ids = (texts: readonly string[], maxLength: number): number[][] => {
    if (!word) return slow(texts, maxLength, false).input_ids;
    return texts.map((t) => word.encode(t, maxLength) ?? slow([t], maxLength, false).input_ids[0]);
  };
  return {
    fast: word !== undefined,
    ids,
    padded(texts, maxLength) {
      if (!padsHere) return slow(texts, maxLength, true);
      const rows = ids(texts, maxLength);
      let width = 0;
      for (const r of rows) if (r.length > width) width = r.length;
      const input_ids = new Array<number[]>(rows.length);
      const attention_mask = new Array<number[]>(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i];
        const mask = new Array<number>(width).fill(0, r.length).fill(1, 0, r.length);
        for (let j = r.length; j < width; j++) r.push(padId as number);
        input_ids[i] = r;
        attention_mask[i] = mask;
      }
      return { input_ids, attention_mask };
    },
  };
}
