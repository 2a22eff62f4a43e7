/**
 * What a new typed array costs, in Node and in headless Chromium (the page and a dedicated
 * worker, where the compute worker runs the audits), against a view of an existing buffer
 * (`subarray`): the measurement behind core/scratch.ts, whose reused buffers replaced the
 * ~47,000 arrays of a few KB that a BM25 audit of the demo's briefs made per run.
 *
 * The same source runs in the three places: for each length, µs per `new Float64Array(n)`
 * (median of 5 rounds after a warm-up round), and µs per `buffer.subarray(0, n)`.
 *
 * Run: npm run bench -- typedArrayAlloc
 */
import { launch, serve } from './browser/chromium.ts';
import { emitSection, machine, machineMarkdown } from './lib/section.ts';

const m0 = machine();
const LENGTHS = [8, 64, 256, 1024, 2160, 4096, 16384, 65536] as const;

/** The measurement, as a function whose source is sent to the page and the worker as it is. */
function measure(lengths: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {};
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];
  let sink = 0;
  const big = new Float64Array(1 << 16);
  for (const n of lengths) {
    const reps = Math.max(200, Math.min(20000, Math.round(4e7 / (n * 8 + 256))));
    const alloc: number[] = [];
    const view: number[] = [];
    for (let round = 0; round < 6; round++) {
      let t0 = performance.now();
      for (let i = 0; i < reps; i++) sink += new Float64Array(n).length;
      const a = ((performance.now() - t0) * 1000) / reps;
      t0 = performance.now();
      for (let i = 0; i < reps; i++) sink += big.subarray(0, n).length;
      const v = ((performance.now() - t0) * 1000) / reps;
      if (round > 0) (alloc.push(a), view.push(v));
    }
    out[`new ${n}`] = median(alloc);
    out[`view ${n}`] = median(view);
  }
  out.sink = sink;
  return out;
}

const node = measure(LENGTHS);
const site = await serve();
const browser = await launch('wasm');
const chromiumVersion = browser.version();
const page = await (await browser.newContext()).newPage();
await page.goto(site.url);
// tsx names functions with an `__name` helper the page does not have: a no-op one goes first.
const source = `(() => { var __name = (f) => f; return (${measure.toString()})(${JSON.stringify(LENGTHS)}); })()`;
const inPage = (await page.evaluate(source)) as Record<string, number>;
// A dedicated worker of the page's origin made from a Blob (the site's policy allows blob: workers).
const inWorker = (await page.evaluate(async (src) => {
  const url = URL.createObjectURL(new Blob([`postMessage(${src});`], { type: 'text/javascript' }));
  const w = new Worker(url);
  const result = await new Promise((resolve) => (w.onmessage = (e) => resolve(e.data)));
  w.terminate();
  return result;
}, source)) as Record<string, number>;
await browser.close();
await site.close();

const us = (x: number) => (x < 1 ? x.toFixed(2) : x < 10 ? x.toFixed(1) : x.toFixed(0));
const rows = LENGTHS.map((n) => `| ${n.toLocaleString('en')} (${((n * 8) / 1024).toFixed(n < 128 ? 2 : 0)} KiB) | ${us(node[`new ${n}`])} | ${us(inPage[`new ${n}`])} | ${us(inWorker[`new ${n}`])} | **${(inWorker[`new ${n}`] / node[`new ${n}`]).toFixed(1)}×** | ${us(node[`view ${n}`])} | ${us(inWorker[`view ${n}`])} |`);
emitSection(`## A new typed array against a view of a reused one (Node, Chromium)

${machineMarkdown(m0, 'npm run bench -- typedArrayAlloc', { chromium: chromiumVersion })}
- File: \`scripts/bench/typedArrayAlloc.bench.ts\`

µs per \`new Float64Array(n)\` and per \`buffer.subarray(0, n)\` of a 512 KiB buffer, median of 5 rounds after a
warm-up round, the same function in Node, in a headless Chromium page (WASM path flags) and in a dedicated
worker of that page.

| n (bytes) | new: Node µs | new: Chromium page µs | new: Chromium worker µs | worker ÷ Node | view: Node µs | view: worker µs |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

A typed array of more than a few dozen elements has its ArrayBuffer made outside V8's heap; in Chromium that
store is allocated in the V8 sandbox and zeroed, at tens of µs for a few KB, while a view of an existing buffer
costs a fraction of a µs in both. This is why the per-query kernels write into reused buffers
(\`src/core/scratch.ts\`, the scorers' rows, \`PoolRanker\`): the same code made 47,000 such arrays per BM25 audit
of the demo's briefs, about a second of a two-second audit in the compute worker and none of the CLI's.
`);
