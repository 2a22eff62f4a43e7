/**
 * GloVe's table look-up (core/models/lookupEmbedding.ts), eight tokens a pass over the
 * dimensions, against one token a pass (the loop it replaced, written out below): the same
 * float64 sums in token order, so the vectors must be equal bit for bit, which this bench checks
 * before it times anything.
 *
 * Load: a 100,002 × 100 float32 table (the bundled GloVe's shape, random values), and texts of
 * 41 tokens (the scale bench's documents) and of 160 tokens, ids drawn with a skew towards
 * frequent rows as real text has. Node; the two alternate, five rounds after a warm-up, medians.
 *
 * Run: npm run bench -- lookup
 */
import { lookupMeanVectors } from '../../src/core/models/lookupEmbedding.ts';
import type { LookupTable } from '../../src/core/models/lookupGraph.ts';
import { emitSection, machine, machineMarkdown } from './lib/section.ts';

const m0 = machine();
const VOCAB = 100_002;
const DIMS = 100;
let seed = 1;
const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
const table: LookupTable = { vocab: VOCAB, dims: DIMS, weights: Float32Array.from({ length: VOCAB * DIMS }, () => (random() - 0.5) * 4) };

/** One token a pass over the dimensions: the loop before eight tokens a pass (what the vectors must equal). */
function oneTokenAPass({ dims, weights }: LookupTable, texts: readonly Int32Array[]): Float32Array {
  const out = new Float32Array(texts.length * dims);
  const acc = new Float64Array(dims);
  for (let i = 0; i < texts.length; i++) {
    const ids = texts[i];
    if (ids.length === 0) continue;
    acc.fill(0);
    for (let t = 0; t < ids.length; t++) {
      const row = ids[t] * dims;
      for (let d = 0; d < dims; d++) acc[d] += weights[row + d];
    }
    for (let d = 0; d < dims; d++) out[i * dims + d] = acc[d] / ids.length;
  }
  return out;
}

const SHAPES = [
  { texts: 100_000, tokens: 41 },
  { texts: 25_000, tokens: 160 },
] as const;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const rows: string[] = [];
for (const shape of SHAPES) {
  const texts = Array.from({ length: shape.texts }, () => Int32Array.from({ length: shape.tokens }, () => Math.floor(VOCAB * random() ** 3)));
  const before = oneTokenAPass(table, texts);
  const after = lookupMeanVectors(table, texts, false);
  const a = new Uint32Array(before.buffer);
  const b = new Uint32Array(after.buffer);
  if (a.length !== b.length || a.some((bits, i) => bits !== b[i])) throw new Error(`${shape.texts} × ${shape.tokens}: the vectors differ from one token a pass`);
  const times = { before: [] as number[], after: [] as number[] };
  for (let round = 0; round < 6; round++) {
    let t = performance.now();
    oneTokenAPass(table, texts);
    const tb = performance.now() - t;
    t = performance.now();
    lookupMeanVectors(table, texts, false);
    const ta = performance.now() - t;
    if (round > 0) (times.before.push(tb), times.after.push(ta));
  }
  const [mb, ma] = [median(times.before), median(times.after)];
  console.log(`${shape.texts} × ${shape.tokens}: one token a pass ${mb.toFixed(0)} ms, eight ${ma.toFixed(0)} ms`);
  rows.push(`| ${shape.texts.toLocaleString('en')} × ${shape.tokens} | ${mb.toFixed(0)} | ${ma.toFixed(0)} | **${(ma / mb).toFixed(2)}×** | identical |`);
}

emitSection(`## GloVe's table look-up: eight tokens a pass against one (Node)

${machineMarkdown(m0, 'npm run bench -- lookup')}
- File: \`scripts/bench/lookup.bench.ts\`
- Load: a 100,002 × 100 float32 table (the bundled GloVe's shape, random values); texts × tokens as below, ids skewed towards frequent rows. Milliseconds for all the texts' mean vectors (not normalised), median of 5 alternating rounds after a warm-up.

| texts × tokens | one token a pass (ms) | eight tokens a pass (ms) | ratio | vectors |
| --- | ---: | ---: | ---: | --- |
${rows.join('\n')}

"identical": every float of the two equal bit for bit (checked before timing; the bench fails otherwise).
`);
