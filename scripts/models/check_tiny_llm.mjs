// Check the tiny random-weight LLM (test/fixtures/models/hub/fairground-test/tiny-llm) through
// transformers.js and onnxruntime-node against the torch reference that
// scripts/models/build_tiny_llm.py dumps to /tmp/fairground-tiny-llm-reference.json.
//
// Asserts: the tokenizer round-trips the reference strings and gives python's ids for the prompt;
// the chat template renders ChatML; a full forward pass (empty past, as transformers.js feeds it)
// gives torch's logits (1e-4); a prefix pass then a suffix pass with the prefix's present.* as
// past_key_values.* gives the full pass's last logits (1e-4); a left-padded row in a batch gives the
// unpadded row's logits; greedy generate gives torch's 8 tokens;
// the fp16 file loads and its logits stay near fp32's.
//
// Usage: node scripts/models/check_tiny_llm.mjs   (repository root; run by build_tiny_llm.py)

import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { AutoModelForCausalLM, AutoTokenizer, Tensor, env } from '@huggingface/transformers';

const MODEL = 'fairground-test/tiny-llm';
const reference = JSON.parse(readFileSync('/tmp/fairground-tiny-llm-reference.json', 'utf8'));

env.localModelPath = 'test/fixtures/models/hub/';
env.allowRemoteModels = false;
env.allowLocalModels = true;

function maxAbsDiff(a, b) {
  assert.equal(a.length, b.length, 'lengths differ');
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

/** Row `t` of logits [1, seq, vocab] as a plain array. */
function row(logits, t) {
  const vocab = logits.dims[2];
  return Array.from(logits.data.slice(t * vocab, (t + 1) * vocab), Number);
}

/** float16 bits (Node 20 has no Float16Array: onnxruntime hands them over as a Uint16Array) to a number. */
function halfToNumber(bits) {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

const ids = (list) => new Tensor('int64', BigInt64Array.from(list.map(BigInt)), [1, list.length]);
const ones = (n) => new Tensor('int64', new BigInt64Array(n).fill(1n), [1, n]);

const tokenizer = await AutoTokenizer.from_pretrained(MODEL);

for (const text of reference.round_trip) {
  const encoded = tokenizer.encode(text, { add_special_tokens: false });
  if (text === '') {
    assert.deepEqual(encoded, [], 'the empty string has no tokens');
    continue;
  }
  assert.equal(tokenizer.decode(encoded), text, `round trip: ${JSON.stringify(text)}`);
}
for (const [word, id] of Object.entries(reference.single_tokens)) {
  assert.deepEqual(tokenizer.encode(word, { add_special_tokens: false }), [id], `single token ${JSON.stringify(word)}`);
}
assert.deepEqual(tokenizer.encode(reference.prompt, { add_special_tokens: false }), reference.input_ids, 'prompt ids');

const messages = [
  { role: 'system', content: 'You screen CVs.' },
  { role: 'user', content: 'Job: Sous Chef. CV: line cook. Fit? Answer yes or no.' },
];
const rendered = tokenizer.apply_chat_template(messages, { add_generation_prompt: true, tokenize: false });
assert.equal(
  rendered,
  '<|im_start|>system\nYou screen CVs.<|im_end|>\n<|im_start|>user\nJob: Sous Chef. CV: line cook. Fit? Answer yes or no.<|im_end|>\n<|im_start|>assistant\n',
);
const noSystem = tokenizer.apply_chat_template([messages[1]], { add_generation_prompt: false, tokenize: false });
assert.ok(noSystem.startsWith('<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n'), 'default system line');

const model = await AutoModelForCausalLM.from_pretrained(MODEL, { dtype: 'fp32', device: 'cpu' });

// full pass: no past given, so transformers.js feeds empty (length 0) past tensors
const n = reference.input_ids.length;
const full = await model.forward({ input_ids: ids(reference.input_ids), attention_mask: ones(n) });
let worst = 0;
for (let t = 0; t < n; t++) worst = Math.max(worst, maxAbsDiff(row(full.logits, t), reference.logits[t]));
assert.ok(worst < 1e-4, `full pass vs torch: max |diff| ${worst}`);
console.log(`full pass vs torch: max |diff| ${worst.toExponential(2)}`);

// prefix pass, then the suffix with the prefix's cache
const split = reference.split;
const prefix = await model.forward({ input_ids: ids(reference.input_ids.slice(0, split)), attention_mask: ones(split) });
const past = {};
for (const [name, value] of Object.entries(prefix)) {
  if (name.startsWith('present.')) past[name.replace('present.', 'past_key_values.')] = value;
}
assert.equal(Object.keys(past).length, 4, 'four cache tensors');
assert.deepEqual(past['past_key_values.0.key'].dims, [1, 2, split, 8]);
const suffix = await model.forward({
  input_ids: ids(reference.input_ids.slice(split)),
  attention_mask: ones(n),
  past_key_values: past,
});
const cached = maxAbsDiff(row(suffix.logits, n - split - 1), row(full.logits, n - 1));
assert.ok(cached < 1e-4, `cached suffix vs full pass: max |diff| ${cached}`);
console.log(`cached suffix vs full pass: max |diff| ${cached.toExponential(2)}`);

// a batch with left padding: the padded row's real positions give the unpadded row's logits
const short = reference.input_ids.slice(0, 12);
const pad = tokenizer.encode('<|endoftext|>', { add_special_tokens: false })[0];
const batchIds = new Tensor(
  'int64',
  BigInt64Array.from([...reference.input_ids.slice(0, 20), ...Array(8).fill(pad), ...short].map(BigInt)),
  [2, 20],
);
const batchMask = new Tensor('int64', BigInt64Array.from([...Array(20).fill(1), ...Array(8).fill(0), ...Array(12).fill(1)].map(BigInt)), [2, 20]);
const padded = await model.forward({ input_ids: batchIds, attention_mask: batchMask });
let paddedWorst = 0;
for (let t = 0; t < 12; t++) paddedWorst = Math.max(paddedWorst, maxAbsDiff(row(padded.logits, 20 + 8 + t), row(full.logits, t)));
assert.ok(paddedWorst < 1e-4, `left-padded row vs alone: max |diff| ${paddedWorst}`);
console.log(`left-padded row vs alone: max |diff| ${paddedWorst.toExponential(2)}`);

// greedy generation from the chat-templated prompt and from the reference prompt
const inputs = tokenizer(rendered, { add_special_tokens: false });
const chat = await model.generate({ ...inputs, max_new_tokens: 8, do_sample: false });
assert.ok(chat.dims[1] > inputs.input_ids.dims[1], 'generate added tokens');
const generated = await model.generate({
  input_ids: ids(reference.input_ids),
  attention_mask: ones(n),
  max_new_tokens: 8,
  do_sample: false,
});
const newIds = Array.from(generated.data.slice(n), Number);
const eos = new Set([model.generation_config.eos_token_id].flat());
const expected = [];
for (const id of reference.greedy_ids) {
  expected.push(id);
  if (eos.has(id)) break;
}
assert.deepEqual(newIds, expected, 'greedy tokens vs torch');
console.log(`greedy generate matches torch: ${JSON.stringify(tokenizer.decode(newIds))}`);

// fp16 file: loads, float16 logits near fp32's (its weights are rounded to float16)
const half = await AutoModelForCausalLM.from_pretrained(MODEL, { dtype: 'fp16', device: 'cpu' });
const halfOut = await half.forward({ input_ids: ids(reference.input_ids), attention_mask: ones(n) });
assert.equal(halfOut.logits.type, 'float16');
const halfData = halfOut.logits.data;
const toNumber = halfData instanceof Uint16Array ? halfToNumber : Number;
const halfLast = Array.from(halfData.slice((n - 1) * halfOut.logits.dims[2]), toNumber);
const halfDiff = maxAbsDiff(halfLast, row(full.logits, n - 1));
assert.ok(halfDiff < 0.1, `fp16 vs fp32 last logits: max |diff| ${halfDiff}`);
console.log(`fp16 vs fp32 last logits: max |diff| ${halfDiff.toExponential(2)}`);

console.log('tiny-llm check passed (transformers.js + onnxruntime-node)');
