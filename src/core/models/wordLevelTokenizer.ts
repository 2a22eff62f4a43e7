/**
 * A word-level tokenizer without the general machinery: the bundled GloVe
 * model's tokenizer (tokenizer.json: Unicode normalisation, accents stripped,
 * lower case, BERT's pre-tokenizer, a WordLevel vocabulary, no post-processor)
 * encoded in a few string operations per text, the ids transformers.js gives
 * for the same text, bit for bit (test/unit/core/models/wordLevelTokenizer.test.ts
 * compares them on every text of the bundled datasets and on hard cases).
 *
 * transformers.js (4.x, its bundled tokenizers code) spends 40–45 µs a demo
 * text here on the steps it runs for any tokenizer — splitting on added tokens,
 * each normaliser, the pre-tokenizer, the model's token list, the id look-up —
 * where these few steps take 0.4× that (BENCHMARKS.md, "The bundled GloVe
 * tokenizer"). For a table look-up model the tokenizer is nearly all of the
 * embedding.
 *
 * What it follows, step by step, from transformers.js:
 * - a text holding an added token's content (`[UNK]`, `[PAD]`) is split
 *   around it there: such a text is left to transformers.js (`encode`
 *   returns undefined);
 * - normalisers in order: NFC/NFD/NFKC/NFKD `text.normalize(form)`,
 *   StripAccents `text.replace(/\p{M}/gu, '')`, Lowercase `toLowerCase()`;
 * - BertPreTokenizer: `text.trim().match(/[^\s P]+|[P]/gu)`, P = \p{P} and
 *   the ASCII symbols `!`–`/`, `:`–`@`, `[`–`` ` ``, `{`–`~`;
 * - WordLevel (transformers.js's "Legacy" model): each word's id, the
 *   unknown token's (named by tokenizer_config.json) where the vocabulary has
 *   none;
 * - truncation on the right at `maxLength`.
 * Any other configuration gives no tokenizer here (`wordLevelTokenizerOf`
 * returns undefined), and the caller uses transformers.js.
 */

const PUNCTUATION = '\\p{P}\\u0021-\\u002F\\u003A-\\u0040\\u005B-\\u0060\\u007B-\\u007E';

type Normalize = (text: string) => string;

const NORMALIZERS: Readonly<Record<string, Normalize>> = {
  NFC: (t) => t.normalize('NFC'),
  NFD: (t) => t.normalize('NFD'),
  NFKC: (t) => t.normalize('NFKC'),
  NFKD: (t) => t.normalize('NFKD'),
  StripAccents: (t) => t.replace(/\p{M}/gu, ''),
  Lowercase: (t) => t.toLowerCase(),
};

export interface WordLevelTokenizer {
  /** The text's token ids, at most `maxLength`; undefined when the text holds an added token (use the full tokenizer). */
  encode(text: string, maxLength: number): number[] | undefined;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The normalisers of tokenizer.json's `normalizer` in order, or undefined when one is not one of NORMALIZERS. */
function normalizersOf(spec: unknown): Normalize[] | undefined {
  if (spec === null || spec === undefined) return [];
  if (!isRecord(spec)) return undefined;
  if (spec.type === 'Sequence') {
    if (!Array.isArray(spec.normalizers)) return undefined;
    const out: Normalize[] = [];
    for (const n of spec.normalizers) {
      const one = normalizersOf(n);
      if (!one) return undefined;
      out.push(...one);
    }
    return out;
  }
  // A key beyond `type` (StripAccents' `strip_accents: false`, a Lowercase option…) is not followed here.
  if (Object.keys(spec).length !== 1) return undefined;
  const f = typeof spec.type === 'string' ? NORMALIZERS[spec.type] : undefined;
  return f ? [f] : undefined;
}

/**
 * The fast tokenizer of a tokenizer.json (`json`) and tokenizer_config.json (`config`) whose
 * pipeline is exactly what this file follows; undefined for any other.
 * @param knownVocab the token → id map of `json`'s vocabulary the caller already holds (the loaded
 *   tokenizer's: the bundled GloVe's 100,002 entries cost a fifth of a second to map again); used
 *   only when it holds exactly the vocabulary's entries, else the vocabulary is read from `json`
 */
export function wordLevelTokenizerOf(json: unknown, config: unknown, knownVocab?: ReadonlyMap<string, number>): WordLevelTokenizer | undefined {
  if (!isRecord(json) || !isRecord(config)) return undefined;
  const { model, pre_tokenizer: pre, post_processor: post, added_tokens: added } = json;
  if (!isRecord(model) || model.type !== 'WordLevel' || !isRecord(model.vocab)) return undefined;
  if (!isRecord(pre) || pre.type !== 'BertPreTokenizer') return undefined;
  if (post !== null && post !== undefined) return undefined;
  if (config.remove_space === true || config.do_lowercase_and_remove_accent === true) return undefined;
  const normalizers = normalizersOf(json.normalizer);
  if (!normalizers) return undefined;
  const vocab = sameVocab(knownVocab, model.vocab) ? knownVocab : vocabOf(model.vocab);
  if (!vocab) return undefined;
  // transformers.js names the unknown token from tokenizer_config.json for this model.
  const unkId = typeof config.unk_token === 'string' ? vocab.get(config.unk_token) : undefined;
  if (unkId === undefined) return undefined;
  const addedContents: string[] = [];
  if (added !== undefined) {
    if (!Array.isArray(added)) return undefined;
    for (const t of added) {
      if (!isRecord(t) || typeof t.content !== 'string' || t.content.length === 0) return undefined;
      addedContents.push(t.content);
    }
  }
  // transformers.js truncates at the smaller of the call's max_length and the config's model_max_length.
  const modelMax = typeof config.model_max_length === 'number' ? config.model_max_length : Infinity;
  const words = new RegExp(`[^\\s${PUNCTUATION}]+|[${PUNCTUATION}]`, 'gu');
  return {
    encode(text, maxLength) {
      for (const a of addedContents) if (text.includes(a)) return undefined;
      let s = text;
      for (const n of normalizers) s = n(s);
      // One only made by normalising (full-width brackets folded by NFKC) is not split by transformers.js, but is
      // looked up as that token: left to it too.
      if (s !== text) for (const a of addedContents) if (s.includes(a)) return undefined;
      const found = s.trim().match(words);
      if (!found) return [];
      const n = Math.min(found.length, Math.max(0, Math.min(maxLength, modelMax)));
      const ids = new Array<number>(n);
      for (let i = 0; i < n; i++) ids[i] = vocab.get(found[i]) ?? unkId;
      return ids;
    },
  };
}

/** Whether a valid id is one this file can write (a non-negative int32). */
const validId = (id: unknown): id is number => typeof id === 'number' && Number.isInteger(id) && id >= 0 && id <= 0x7fffffff;

/** A vocabulary object as a token → id map; undefined when an id is not a non-negative int32. */
function vocabOf(vocab: Record<string, unknown>): Map<string, number> | undefined {
  const out = new Map<string, number>();
  for (const [token, id] of Object.entries(vocab)) {
    if (!validId(id)) return undefined;
    out.set(token, id);
  }
  return out;
}

/** Whether `map` holds exactly the entries of the vocabulary object, every id valid. */
function sameVocab(map: ReadonlyMap<string, number> | undefined, vocab: Record<string, unknown>): map is ReadonlyMap<string, number> {
  if (!map) return false;
  let n = 0;
  for (const token in vocab) if (Object.hasOwn(vocab, token)) n++;
  if (n !== map.size) return false;
  for (const [token, id] of map) if (!validId(id) || !Object.hasOwn(vocab, token) || vocab[token] !== id) return false;
  return true;
}
