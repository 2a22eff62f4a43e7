// Check planted-llm-json (test/fixtures/models/hub/fairground-test/planted-llm-json) through transformers.js
// and onnxruntime-node against /tmp/fairground-planted-llm-json-reference.json, written by
// scripts/models/build_planted_llm_json.py.
//
// Asserts, for each sample prompt (one per kind: each score digit, valid or malformed, with or without a
// female cue; the chat template applied by transformers.js with the JSON instruction in the user message):
// the token ids equal python's; greedy generation (argmax at each step, the KV cache carried) stops at an
// eos id and decodes (skip_special_tokens, as src/models/llmScorer.ts does) to python's text; JSON.parse
// of the first balanced {...} succeeds with a score in 1..5 exactly for the samples python calls valid.
//
// Usage: node scripts/models/check_planted_llm_json.mjs   (repository root; run by build_planted_llm_json.py)

import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { AutoModelForCausalLM, AutoTokenizer, Tensor, env } from '@huggingface/transformers';

const MODEL = 'fairground-test/planted-llm-json';
const reference = JSON.parse(readFileSync('/tmp/fairground-planted-llm-json-reference.json', 'utf8'));

env.localModelPath = 'test/fixtures/models/hub/';
env.allowRemoteModels = false;
env.allowLocalModels = true;

const ids = (list) => new Tensor('int64', BigInt64Array.from(list.map(BigInt)), [1, list.length]);
const ones = (n) => new Tensor('int64', new BigInt64Array(n).fill(1n), [1, n]);

/** The first balanced {...} (braces in strings skipped), as src/core/llm/generatedAnswer.ts reads it. */
function firstObject(text) {
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

function parses(text) {
  const json = firstObject(text);
  if (json === undefined) return false;
  try {
    const o = JSON.parse(json);
    return typeof o.score === 'number' && o.score >= 1 && o.score <= 5 && typeof o.fit === 'boolean' && typeof o.reasons === 'string';
  } catch {
    return false;
  }
}

const tokenizer = await AutoTokenizer.from_pretrained(MODEL);
const model = await AutoModelForCausalLM.from_pretrained(MODEL, { dtype: 'fp32', device: 'cpu' });
const eos = new Set([model.generation_config?.eos_token_id ?? model.config.eos_token_id].flat());

let valid = 0;
for (const sample of reference.samples) {
  const messages = [
    { role: 'system', content: reference.system },
    { role: 'user', content: reference.user.replace('{job}', sample.job.trim()).replace('{cv}', sample.cv.trim()) + reference.instruction },
  ];
  const prompt = tokenizer.apply_chat_template(messages, { add_generation_prompt: true, tokenize: false });
  const encoded = tokenizer.encode(prompt, { add_special_tokens: false });
  assert.deepEqual(encoded, sample.ids, `${sample.key}: token ids equal python`);
  // greedy, one token at a time with the cache (the CLI's loop)
  let out = await model.forward({ input_ids: ids(encoded), attention_mask: ones(encoded.length) });
  const written = [];
  let length = encoded.length;
  for (let step = 0; step < 16; step++) {
    const vocab = out.logits.dims[2];
    const row = out.logits.data.subarray((out.logits.dims[1] - 1) * vocab, out.logits.dims[1] * vocab);
    let best = 0;
    for (let i = 1; i < vocab; i++) if (row[i] > row[best]) best = i;
    if (eos.has(best)) break;
    written.push(best);
    const past = {};
    for (const [name, value] of Object.entries(out)) if (name.startsWith('present.')) past[name.replace('present.', 'past_key_values.')] = value;
    length++;
    out = await model.forward({ input_ids: ids([best]), attention_mask: ones(length), past_key_values: past });
  }
  const text = tokenizer.decode(written, { skip_special_tokens: true });
  assert.equal(text, sample.text, `${sample.key}: greedy text`);
  assert.equal(parses(text), sample.valid, `${sample.key}: JSON.parse outcome`);
  if (sample.valid) valid++;
  console.log(`${sample.valid ? 'valid    ' : 'malformed'} ${JSON.stringify(text)}`);
}
assert.ok(valid > 0 && valid < reference.samples.length, 'samples of both kinds');
console.log(`planted-llm-json check passed (transformers.js + onnxruntime-node): ${reference.samples.length} samples, ${valid} valid`);
