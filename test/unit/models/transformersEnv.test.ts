import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { withKnownLength } from '../../../src/models/transformersEnv.ts';

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
