/**
 * Raw DEFLATE (RFC 1951, no zlib or gzip header) through the platform's
 * CompressionStream / DecompressionStream ('deflate-raw'): browsers and Node ≥ 20.
 */

/** A Blob body over `bytes`; the copy makes it an ArrayBuffer-backed view, as BlobPart requires. */
function blobOf(bytes: Uint8Array): Blob {
  return new Blob([bytes.slice()]);
}

/** Compresses bytes with raw DEFLATE. */
export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = blobOf(bytes).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The outcome of inflateRawCapped. */
export type InflateResult =
  | { readonly ok: true; readonly bytes: Uint8Array; readonly inflated: number }
  | { readonly ok: false; readonly reason: 'damaged' | 'too-large'; readonly inflated: number };

/**
 * Decompresses raw DEFLATE, reading the output stream chunk by chunk and
 * cancelling it as soon as more than `maxBytes` have come out, so a
 * "deflate bomb" (50 MB of zeros packs into 49 KB) costs about `maxBytes` of
 * work and memory, not its full size. `inflated` counts the bytes that came
 * out before it stopped (the work done: at most `maxBytes` plus one chunk of
 * the stream), so a test can bound the work instead of timing it. Never
 * throws: corrupt or truncated input gives `{ ok: false, reason: 'damaged' }`.
 */
export async function inflateRawCapped(bytes: Uint8Array, maxBytes: number): Promise<InflateResult> {
  const reader = blobOf(bytes).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too-large', inflated: total };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: 'damaged', inflated: total };
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return { ok: true, bytes: out, inflated: total };
}
