import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { onceEach, prefetching, withKnownLength } from '../../../src/models/transformersEnv.ts';

const bytes = new TextEncoder().encode('{"model_type":"bert"}');

/** A response as a server sends it, its body in chunks (a stream), with the headers given. */
function streamed(body: Uint8Array, headers: Record<string, string>, status = 200): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < body.length; i += 5) c.enqueue(body.slice(i, i + 5));
      c.close();
    },
  });
  return new Response(stream, { status, headers });
}

describe('withKnownLength(response)', () => {
  it('reads a body sent without a length whole, and hands it on with its length', async () => {
    const r = await withKnownLength(streamed(bytes, { 'content-type': 'application/json' }));
    expect(r.headers.get('content-length')).toBe(String(bytes.length));
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(new Uint8Array(await r.arrayBuffer())).toEqual(bytes);
  });

  it('gives a compressed response the length of what it decodes to, without its encoding header', async () => {
    // What fetch hands over for `Content-Encoding: gzip`: the decoded bytes, the headers as sent
    // (undici decodes it here as a browser does).
    const gz = gzipSync(bytes);
    const r = await withKnownLength(streamed(bytes, { 'content-encoding': 'gzip', 'content-length': String(gz.length) }));
    expect(r.headers.get('content-length')).toBe(String(bytes.length));
    expect(r.headers.get('content-encoding')).toBeNull();
    expect(await r.text()).toBe('{"model_type":"bert"}');
  });

  it('passes a response with a true length as it is (its download progress still streams), and any other status', async () => {
    const plain = streamed(bytes, { 'content-length': String(bytes.length) });
    expect(await withKnownLength(plain)).toBe(plain);
    const partial = streamed(bytes.slice(0, 1), { 'content-range': `bytes 0-0/${bytes.length}` }, 206);
    expect(await withKnownLength(partial)).toBe(partial);
    const missing = new Response('not found', { status: 404 });
    expect(await withKnownLength(missing)).toBe(missing);
  });
});

/** A fetch that counts its calls per URL and answers `status` with the URL as the body. */
function countingFetch(status = 200) {
  const calls: string[] = [];
  const fetchFn = async (input: string | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${String(input)}${new Headers(init?.headers).has('range') ? ' (range)' : ''}`);
    return new Response(status === 200 ? `body of ${String(input)}` : 'nope', { status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetchFn };
}

describe('onceEach(fetchFn)', () => {
  it('fetches a URL once, however many ask (at once or later), and answers each with the whole body and its length', async () => {
    const { calls, fetchFn } = countingFetch();
    const f = onceEach(fetchFn);
    const url = 'https://site.example/models/m/onnx/model.onnx';
    const [a, b] = await Promise.all([f(url), f(url)]);
    const c = await f(new URL(url));
    expect(calls).toEqual([`GET ${url}`]);
    for (const r of [a, b, c]) {
      expect(await r.text()).toBe(`body of ${url}`);
      expect(r.headers.get('content-length')).toBe(String(`body of ${url}`.length));
      expect(r.headers.get('content-type')).toBe('application/json');
    }
  });

  it('passes a Range request, another method and a URL it does not keep straight through, and keeps no failed answer', async () => {
    const { calls, fetchFn } = countingFetch();
    const f = onceEach(fetchFn, (url) => url.endsWith('.onnx'));
    await f('https://s/m.onnx', { headers: { Range: 'bytes=0-0' } });
    await f('https://s/m.onnx', { method: 'HEAD' });
    await f('https://s/config.json');
    await f('https://s/config.json');
    expect(calls).toEqual(['GET https://s/m.onnx (range)', 'HEAD https://s/m.onnx', 'GET https://s/config.json', 'GET https://s/config.json']);
    const failing = countingFetch(404);
    const g = onceEach(failing.fetchFn);
    expect((await g('https://s/missing.json')).status).toBe(404);
    expect((await g('https://s/missing.json')).status).toBe(404);
    expect(failing.calls).toHaveLength(2);
  });
});

describe('prefetching(fetchFn, urls)', () => {
  it('starts fetching the URLs at once and answers them later from what came; other URLs pass through', async () => {
    const { calls, fetchFn } = countingFetch();
    const f = prefetching(fetchFn, ['https://s/ort/runtime.wasm']);
    expect(calls).toEqual(['GET https://s/ort/runtime.wasm']);
    expect(await (await f('https://s/ort/runtime.wasm')).text()).toBe('body of https://s/ort/runtime.wasm');
    await f('https://s/other');
    await f('https://s/other');
    expect(calls).toEqual(['GET https://s/ort/runtime.wasm', 'GET https://s/other', 'GET https://s/other']);
  });
});
