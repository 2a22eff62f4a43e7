/**
 * Incremental SHA-256 (FIPS 180-4) in plain TypeScript.
 *
 * `crypto.subtle.digest` only hashes a whole buffer, so verifying a large
 * shard with it would hold the whole file in memory. This hasher takes the
 * bytes chunk by chunk as they stream past, keeping memory flat.
 *
 * @example
 * const h = new Sha256();
 * h.update(new TextEncoder().encode('abc'));
 * h.digestHex(); // 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

export class Sha256 {
  readonly #h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  readonly #w = new Uint32Array(64);
  readonly #block = new Uint8Array(64);
  #blockLength = 0;
  #totalBytes = 0;
  #finished = false;

  /** Feeds more bytes. @throws {Error} after `digestHex` was called. */
  update(bytes: Uint8Array): this {
    if (this.#finished) throw new Error('Sha256: update after digest');
    this.#totalBytes += bytes.length;
    let i = 0;
    if (this.#blockLength > 0) {
      const take = Math.min(64 - this.#blockLength, bytes.length);
      this.#block.set(bytes.subarray(0, take), this.#blockLength);
      this.#blockLength += take;
      i = take;
      if (this.#blockLength < 64) return this;
      this.#compress(this.#block, 0);
      this.#blockLength = 0;
    }
    for (; i + 64 <= bytes.length; i += 64) this.#compress(bytes, i);
    if (i < bytes.length) {
      this.#block.set(bytes.subarray(i));
      this.#blockLength = bytes.length - i;
    }
    return this;
  }

  /** Finishes the hash and returns it as 64 lower-case hex digits. */
  digestHex(): string {
    if (!this.#finished) {
      const bitsHigh = Math.floor(this.#totalBytes / 0x20000000);
      const bitsLow = (this.#totalBytes * 8) >>> 0;
      const padLength = this.#blockLength < 56 ? 64 : 128;
      const pad = new Uint8Array(padLength - this.#blockLength);
      pad[0] = 0x80;
      const view = new DataView(pad.buffer);
      view.setUint32(pad.length - 8, bitsHigh);
      view.setUint32(pad.length - 4, bitsLow);
      const total = this.#totalBytes;
      this.update(pad);
      this.#totalBytes = total;
      this.#finished = true;
    }
    let hex = '';
    for (const word of this.#h) hex += word.toString(16).padStart(8, '0');
    return hex;
  }

  #compress(bytes: Uint8Array, offset: number): void {
    const w = this.#w;
    for (let t = 0; t < 16; t++) {
      const j = offset + t * 4;
      w[t] = (bytes[j] << 24) | (bytes[j + 1] << 16) | (bytes[j + 2] << 8) | bytes[j + 3];
    }
    for (let t = 16; t < 64; t++) {
      const a = w[t - 15], b = w[t - 2];
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
    }
    const h = this.#h;
    let a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (k + S1 + ch + K[t] + w[t]) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      k = g; g = f; f = e; e = (d + t1) | 0;
      d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += k;
  }
}

/** SHA-256 of a whole buffer as 64 lower-case hex digits. */
export function sha256Hex(bytes: Uint8Array): string {
  return new Sha256().update(bytes).digestHex();
}
