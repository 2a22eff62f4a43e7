// Check the planted-bias screening LLM (test/fixtures/models/hub/fairground-test/planted-llm) through
// transformers.js and onnxruntime-node against /tmp/fairground-planted-llm-reference.json, written by
// scripts/models/build_planted_llm.py.
//
// Asserts: the default template's options `yes` and `no` encode to the reference's single tokens; for
// each sample prompt (chat template applied by transformers.js) the token ids equal python's and the
// last position's logit(yes) − logit(no) equals torch's (1e-4); a prefix pass then a suffix pass
// with the cache gives the same margin; greedy generation answers `yes` or `no` and then <|im_end|>;
// unknown words and odd characters encode to [UNK] without error.
//
// Usage: node scripts/models/check_planted_llm.mjs   (repository root; run by build_planted_llm.py)

import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { AutoModelForCausalLM, AutoTokenizer, Tensor, env } from '@huggingface/transformers';

const MODEL = 'fairground-test/planted-llm';
const reference = JSON.parse(readFileSync('/tmp/fairground-planted-llm-reference.json', 'utf8'));

env.localModelPath = 'test/fixtures/models/hub/';
env.allowRemoteModels = false;
env.allowLocalModels = true;

const ids = (list) => new Tensor('int64', BigInt64Array.from(list.map(BigInt)), [1, list.length]);
const ones = (n) => new Tensor('int64', new BigInt64Array(n).fill(1n), [1, n]);

/** logit(yes) − logit(no) at row `t` of logits [1, seq, vocab]. */
function margin(logits, t) {
  const vocab = logits.dims[2];
  return logits.data[t * vocab + reference.yes] - logits.data[t * vocab + reference.no];
}

const tokenizer = await AutoTokenizer.from_pretrained(MODEL);
assert.deepEqual(tokenizer.encode('yes', { add_special_tokens: false }), [reference.yes]);
assert.deepEqual(tokenizer.encode('no', { add_special_tokens: false }), [reference.no]);
const odd = tokenizer.encode('Zyzzogeton ☃ 👩‍💻 ĳ\u0301 — CV: POS systems', { add_special_tokens: false });
assert.ok(odd.length >= 8, 'odd text still tokenizes');

const model = await AutoModelForCausalLM.from_pretrained(MODEL, { dtype: 'fp32', device: 'cpu' });

let worst = 0;
for (const sample of reference.samples) {
  const messages = [
    { role: 'system', content: reference.system },
    { role: 'user', content: reference.user.replace('{job}', sample.job).replace('{cv}', sample.cv) },
  ];
  const prompt = tokenizer.apply_chat_template(messages, { add_generation_prompt: true, tokenize: false });
  const encoded = tokenizer.encode(prompt, { add_special_tokens: false });
  assert.deepEqual(encoded, sample.ids, 'token ids equal python');
  const n = encoded.length;
  const out = await model.forward({ input_ids: ids(encoded), attention_mask: ones(n) });
  worst = Math.max(worst, Math.abs(margin(out.logits, n - 1) - sample.margin));
}
assert.ok(worst < 1e-4, `margins vs torch: max |diff| ${worst}`);
console.log(`${reference.samples.length} prompts: ids equal python, margins vs torch max |diff| ${worst.toExponential(2)}`);

// KV cache: prefix pass, then the rest with the prefix's present.* as past_key_values.*
const sample = reference.samples[0];
const n = sample.ids.length;
const split = Math.floor(n / 2);
const prefix = await model.forward({ input_ids: ids(sample.ids.slice(0, split)), attention_mask: ones(split) });
const past = {};
for (const [name, value] of Object.entries(prefix)) {
  if (name.startsWith('present.')) past[name.replace('present.', 'past_key_values.')] = value;
}
const suffix = await model.forward({ input_ids: ids(sample.ids.slice(split)), attention_mask: ones(n), past_key_values: past });
const cached = Math.abs(margin(suffix.logits, n - split - 1) - sample.margin);
assert.ok(cached < 1e-4, `cached margin vs torch: ${cached}`);
console.log(`cached suffix margin vs torch: |diff| ${cached.toExponential(2)}`);

// greedy generation: the answer, then <|im_end|>
const generated = await model.generate({ input_ids: ids(sample.ids), attention_mask: ones(n), max_new_tokens: 4, do_sample: false });
const answer = Array.from(generated.data.slice(n), Number);
const expected = sample.margin > 0 ? reference.yes : reference.no;
assert.deepEqual(answer.slice(0, 1), [expected], 'greedy answer');
assert.equal(tokenizer.decode(answer.slice(1, 2)), '<|im_end|>', 'stops after the answer');
console.log(`greedy answer: ${JSON.stringify(tokenizer.decode(answer))}`);

console.log('planted-llm check passed (transformers.js + onnxruntime-node)');
