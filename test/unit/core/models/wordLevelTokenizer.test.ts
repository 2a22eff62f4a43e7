/**
 * wordLevelTokenizerOf (src/core/models/wordLevelTokenizer.ts) against transformers.js' own
 * tokenizer for the bundled GloVe model: the same ids for every text of the bundled datasets
 * (five languages: profiles, briefs, queries, twins, CVs, job posts, variants) and for hard cases
 * — accents and combining marks, NFKD's ligatures and compatibility forms, Unicode punctuation and
 * spaces, astral characters, lone surrogates, added tokens, truncation — and no tokenizer for a
 * pipeline it does not follow.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { AutoTokenizer, env, type PreTrainedTokenizer } from '@huggingface/transformers';
import { wordLevelTokenizerOf, type WordLevelTokenizer } from '../../../../src/core/models/wordLevelTokenizer.ts';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const MODEL = join(ROOT, 'public/models/fairground-glove-100d');
const json = JSON.parse(readFileSync(join(MODEL, 'tokenizer.json'), 'utf8')) as Record<string, unknown>;
const config = JSON.parse(readFileSync(join(MODEL, 'tokenizer_config.json'), 'utf8')) as Record<string, unknown>;

/** Every string value of every record of the bundled datasets' JSON Lines files. */
function bundledTexts(): string[] {
  const out: string[] = [];
  for (const id of ['freelance-twins', 'cv-screening']) {
    const dir = join(ROOT, 'datasets', id);
    for (const f of readdirSync(dir).filter((n) => /\.jsonl(\.gz)?$/.test(n))) {
      const raw = readFileSync(join(dir, f));
      const text = (f.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        const visit = (v: unknown): void => {
          if (typeof v === 'string') out.push(v);
          else if (Array.isArray(v)) v.forEach(visit);
          else if (v && typeof v === 'object') Object.values(v).forEach(visit);
        };
        visit(JSON.parse(line));
      }
    }
  }
  return out;
}

const HARD = [
  '',
  '   ',
  'Zürich, São Paulo, Kraków — Ærøskøbing; İstanbul (İ lower-cased after the accents are stripped)',
  'e\u0301cole, n\u0303, a\u0308 combining marks; \u0301 alone at the start',
  // Marks outside U+0300–036F, after words the vocabulary has: stripped (\p{M}), the words are found.
  'nurse\u0951 engineer\u20dd teacher\u064e हिन्दी ภาษาไทย',
  'ﬁnance ﬂow ① ² ½ ㎏ Ｆｕｌｌｗｉｄｔｈ ｔｅｘｔ！ ｘ［ＵＮＫ］ｙ',
  'quotes «guillemets» „Anführung“ “smart” ‘single’ — dash – en ‐ hyphen… ellipsis ¿qué? ¡sí!',
  'symbols $5 + 3 = 8 | a^b ~tilde `tick` @at #hash %pct &amp *star _under \\back /slash {x} <y>',
  'unicode spaces:\u00a0nbsp\u2009thin\u3000ideographic\u2028line\u2029para\ufeffbom\u200bzero-width',
  'emoji 🙂 astral 𝒳 word𝒳joined 𐄀 aegean sep',
  `lone surrogates \ud800 here and \udfff there`,
  'added [UNK] token and [PAD] too',
  'brackets [UN K] are punctuation',
  '中文招聘 日本語の求人 한국어 채용 العربية עברית ελληνικά русский',
  'digits 2024-12-03 3.14 1,000,000 0x1F',
  'tabs\tand\nnewlines\r\nmixed',
  Array.from({ length: 700 }, (_, i) => `w${i % 13}`).join(' '),
];

describe('wordLevelTokenizerOf: the bundled GloVe tokenizer without transformers.js', () => {
  let slow: PreTrainedTokenizer;
  let fast: WordLevelTokenizer;
  beforeAll(async () => {
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    env.localModelPath = `${join(ROOT, 'public/models')}/`;
    slow = await AutoTokenizer.from_pretrained('fairground-glove-100d');
    const made = wordLevelTokenizerOf(json, config);
    if (!made) throw new Error('the bundled tokenizer was not recognised');
    fast = made;
  });

  const slowIds = (texts: string[], maxLength: number) =>
    (slow(texts, { padding: false, truncation: true, max_length: maxLength, return_tensor: false }) as unknown as { input_ids: number[][] }).input_ids;

  it('gives transformers.js\' ids for every text of the bundled datasets, at 512 tokens and at 16', () => {
    const texts = bundledTexts();
    expect(texts.length).toBeGreaterThan(20_000);
    for (const maxLength of [512, 16]) {
      const want = slowIds(texts, maxLength);
      let differ = 0;
      let fellBack = 0;
      texts.forEach((t, i) => {
        const got = fast.encode(t, maxLength);
        if (got === undefined) fellBack++;
        else if (got.length !== want[i].length || got.some((id, j) => id !== want[i][j])) differ++;
      });
      expect({ differ, fellBack }).toEqual({ differ: 0, fellBack: 0 });
    }
  });

  it('gives the same ids on hard cases, and leaves a text holding an added token to transformers.js', () => {
    const want = slowIds(HARD, 512);
    HARD.forEach((t, i) => {
      const got = fast.encode(t, 512);
      // Full-width ［ＵＮＫ］ folds to [unk] (NFKD, then lower case): not the added token, so not split.
      if (t.includes('[UNK]') || t.includes('[PAD]')) expect(got, t).toBeUndefined();
      else expect(got, t).toEqual(want[i]);
    });
    expect(fast.encode('Zürich nurse', 1)).toEqual(slowIds(['Zürich nurse'], 1)[0]);
    expect(fast.encode('Zürich nurse', 0)).toEqual([]);
  });

  it('is none for a pipeline it does not follow', () => {
    const variant = (patch: Record<string, unknown>) => wordLevelTokenizerOf({ ...json, ...patch }, config);
    expect(variant({ pre_tokenizer: { type: 'Whitespace' } })).toBeUndefined();
    expect(variant({ post_processor: { type: 'TemplateProcessing' } })).toBeUndefined();
    expect(variant({ normalizer: { type: 'Sequence', normalizers: [{ type: 'NFKD' }, { type: 'Replace', pattern: { String: 'a' }, content: 'b' }] } })).toBeUndefined();
    expect(variant({ normalizer: { type: 'StripAccents', strip_accents: false } })).toBeUndefined();
    expect(variant({ model: { ...(json.model as object), type: 'WordPiece' } })).toBeUndefined();
    expect(wordLevelTokenizerOf(json, { ...config, unk_token: 'not-in-vocab' })).toBeUndefined();
    expect(wordLevelTokenizerOf(json, { ...config, do_lowercase_and_remove_accent: true })).toBeUndefined();
    expect(variant({ normalizer: null })).toBeDefined();
  });

  it("reads the ids from the loaded tokenizer's own vocabulary map when it holds exactly the file's entries, else from the file", () => {
    /** A map that counts its look-ups: one the tokenizer uses is read when it encodes. */
    class Counting extends Map<string, number> {
      reads = 0;
      override get(key: string) {
        this.reads++;
        return super.get(key);
      }
    }
    const vocab = (json.model as { vocab: Record<string, number> }).vocab;
    const own = (slow as unknown as { _tokenizer: { model: { tokens_to_ids: Map<string, number> } } })._tokenizer.model.tokens_to_ids;
    expect(own.size).toBe(Object.keys(vocab).length); // transformers.js (4.x) keeps one: what batchTokenizer passes
    const text = 'Senior nurse in Zürich, 2024';
    const want = slowIds([text], 512)[0];
    const same = new Counting(Object.entries(vocab));
    expect(wordLevelTokenizerOf(json, config, same)?.encode(text, 512)).toEqual(want);
    expect(same.reads).toBeGreaterThan(0);
    // One id changed, one entry more, one fewer: the map is not the file's, and the file's ids are read.
    const [first, second] = Object.keys(vocab);
    for (const wrong of [
      new Counting([...Object.entries(vocab), [first, vocab[second]]]),
      new Counting([...Object.entries(vocab), ['not-a-token-of-the-file', 7]]),
      new Counting(Object.entries(vocab).slice(1)),
    ]) {
      expect(wordLevelTokenizerOf(json, config, wrong)?.encode(text, 512)).toEqual(want);
      expect(wrong.reads).toBe(0);
    }
  });
});
