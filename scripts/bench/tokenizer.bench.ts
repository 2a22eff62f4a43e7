/**
 * The bundled GloVe tokenizer: transformers.js' own against batchTokenizer's word-level fast path
 * (src/models/batchTokenizer.ts, src/core/models/wordLevelTokenizer.ts), in Node, on every text a
 * demo run embeds (the freelance-twins corpus, both query sets and the twins) taken five times.
 *
 * Batches of 256, as the embed worker calls it: unpadded ids (what the table look-up reads), padded
 * input_ids + attention_mask as arrays, and as the int64 tensors the tokenizer worker sends the model
 * worker. Five alternating rounds after a warm-up round; the
 * median µs per text of each, their ratio, and whether every id agrees.
 *
 * Run: npm run bench -- tokenizer
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AutoTokenizer, env } from '@huggingface/transformers';
import { batchTokenizer } from '../../src/models/batchTokenizer.ts';
import { int64Batch } from '../../src/models/tokenBatch.ts';
import { emitSection, machine, machineMarkdown } from './lib/section.ts';

const m0 = machine();
const root = join(import.meta.dirname, '..', '..');
const dataset = join(root, 'datasets', 'freelance-twins');
const textsOf = (file: string) =>
  gunzipSync(readFileSync(join(dataset, file)))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const r = JSON.parse(l) as { text?: string; twin_text?: string };
      return r.text ?? r.twin_text ?? '';
    });
const once = ['corpus-00.jsonl.gz', 'queries-briefs.jsonl.gz', 'queries-short.jsonl.gz', 'twins-gender.jsonl.gz'].flatMap(textsOf);
const texts = Array.from({ length: 5 }, () => once).flat();
const MAX_LENGTH = 512;
const BATCH = 256;

env.allowLocalModels = true;
env.allowRemoteModels = false;
env.localModelPath = `${join(root, 'public', 'models')}/`;
const tokenizer = await AutoTokenizer.from_pretrained('fairground-glove-100d');
const batcher = batchTokenizer(tokenizer);
if (!batcher.fast) throw new Error('the word-level fast path did not recognise the bundled tokenizer');

type Encoded = Record<string, number[][]>;
const slow = (batch: string[], padding: boolean) => tokenizer(batch, { padding, truncation: true, max_length: MAX_LENGTH, return_tensor: false }) as unknown as Encoded;
const ways: Record<string, (batch: string[]) => Encoded> = {
  'transformers.js, ids': (b) => slow(b, false),
  'fast path, ids': (b) => ({ input_ids: batcher.ids(b, MAX_LENGTH) }),
  'transformers.js, padded': (b) => slow(b, true),
  'fast path, padded': (b) => batcher.padded(b, MAX_LENGTH),
  // What the tokenizer worker sends: int64 tensors (transformers.js' batch through int64Batch, or written straight from the ids).
  'transformers.js, int64': (b) => int64Batch(slow(b, true)) as unknown as Encoded,
  'fast path, int64': (b) => batcher.int64(b, MAX_LENGTH) as unknown as Encoded,
};
/** int64 tensors as plain numbers, so the outputs compare like the others (not timed). */
function asEncoded(t: unknown): unknown {
  return Object.fromEntries(Object.entries(t as Record<string, { data: BigInt64Array; dims: number[] }>).map(([k, v]) => [k, [Array.from(v.data, Number), v.dims]]));
}

/** µs per text of one pass over every batch; the batches' outputs kept for the comparison. */
function pass(way: (batch: string[]) => Encoded, keep?: Encoded[]): number {
  const t0 = performance.now();
  for (let i = 0; i < texts.length; i += BATCH) {
    const out = way(texts.slice(i, i + BATCH));
    keep?.push(out);
  }
  return ((performance.now() - t0) * 1000) / texts.length;
}

const kept: Record<string, Encoded[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
for (const [name, way] of Object.entries(ways)) pass(way, kept[name]); // warm-up, and the outputs compared
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
// Unpadded, transformers.js also returns an attention mask of ones: the ids are what the look-up reads.
const idsAgree = same(kept['transformers.js, ids'].map((e) => e.input_ids), kept['fast path, ids'].map((e) => e.input_ids));
const paddedAgree = same(kept['transformers.js, padded'], kept['fast path, padded']);
const int64Agree = same(kept['transformers.js, int64'].map(asEncoded), kept['fast path, int64'].map(asEncoded));

const rounds: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
const names = Object.keys(ways);
for (let r = 0; r < 5; r++) {
  for (const name of r % 2 === 0 ? names : [...names].reverse()) rounds[name].push(pass(ways[name]));
  console.log(`round ${r + 1}: ${names.map((n) => `${n} ${rounds[n][r].toFixed(1)} µs`).join(', ')}`);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const med = Object.fromEntries(names.map((n) => [n, median(rounds[n])]));
const LABEL = { ids: 'unpadded ids (the look-up)', padded: 'padded input_ids + attention_mask, as arrays', int64: 'the same as int64 tensors (what the tokenizer worker sends)' };
const row = (kind: 'ids' | 'padded' | 'int64', agree: boolean) => {
  const s = med[`transformers.js, ${kind}`];
  const f = med[`fast path, ${kind}`];
  return `| ${LABEL[kind]} | ${s.toFixed(1)} | ${f.toFixed(1)} | **${(f / s).toFixed(2)}×** | ${agree ? 'yes' : '**no**'} |`;
};

emitSection(`## The bundled GloVe tokenizer: transformers.js against the word-level fast path (Node)

${machineMarkdown(m0, 'npm run bench -- tokenizer')}
- File: \`scripts/bench/tokenizer.bench.ts\`
- Load: every text a demo run embeds (freelance-twins: ${once.length.toLocaleString('en')} profiles, queries and twins, 5 languages) five times,
  ${texts.length.toLocaleString('en')} texts in batches of ${BATCH}, max_length ${MAX_LENGTH}; five alternating rounds after a warm-up round.

| batch | transformers.js µs a text | fast path µs a text | ratio | every id the same |
| --- | ---: | ---: | ---: | --- |
${row('ids', idsAgree)}
${row('padded', paddedAgree)}
${row('int64', int64Agree)}

The fast path (\`src/core/models/wordLevelTokenizer.ts\`) runs the same string operations transformers.js runs for this
tokenizer (NFKD, marks stripped, lower case, BERT's pre-tokenizer regular expression, the vocabulary) without its
general steps for any tokenizer; a text holding an added token goes through transformers.js.
`);
if (!idsAgree || !paddedAgree || !int64Agree) process.exit(1);
