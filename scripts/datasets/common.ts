/**
 * Shared helpers of the dataset generators: seeded choices, gzip shards with
 * fixed settings, manifest entries, typos. Everything here is deterministic:
 * the same seed gives the same bytes on every run (gzipSync level 9 writes a
 * header with mtime 0 and a fixed OS byte).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRng, type Rng } from '../../src/core/stats/rng.ts';

export { createRng, type Rng };

/** One entry of a manifest's "shards" list. */
export interface ShardEntry {
  name: string;
  kind: string;
  path: string;
  records: number;
  bytes: number;
  sha256: string;
}

/** Picks one element uniformly. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[rng.int(items.length)];
}

/** Fisher–Yates shuffle of a copy. */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const a = items.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  return a;
}

/** k distinct elements in random order. */
export function sample<T>(rng: Rng, items: readonly T[], k: number): T[] {
  return shuffled(rng, items).slice(0, k);
}

/** Integer uniform in [lo, hi] (both inclusive). */
export function between(rng: Rng, lo: number, hi: number): number {
  return lo + rng.int(hi - lo + 1);
}

/** Derives a child seed from a parent seed and a label (FNV-1a over the label). */
export function childSeed(seed: number, label: string): number {
  let h = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Upper-cases the first character. */
export function cap(s: string): string {
  return s.length === 0 ? s : s[0].toUpperCase() + s.slice(1);
}

/** Joins a list as "a, b and c" with the language's conjunction. */
export function joinList(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

/** Splits text into alternating [token, separator, token, ...] keeping whitespace exactly. */
export function splitTokens(text: string): string[] {
  return text.split(/(\s+)/);
}

const LETTER = /^\p{L}$/u;

/**
 * Swaps two adjacent inner letters of a word (a keyboard-slip typo). Returns
 * the word unchanged when it has fewer than 4 letters or the swap is a no-op.
 * `pos` is any integer; it is reduced to a valid position.
 */
export function swapTypo(word: string, pos: number): string {
  const chars = Array.from(word);
  const letters: number[] = [];
  for (let i = 1; i < chars.length - 2; i++) {
    if (LETTER.test(chars[i]) && LETTER.test(chars[i + 1])) letters.push(i);
  }
  if (chars.filter((c) => LETTER.test(c)).length < 4 || letters.length === 0) return word;
  const i = letters[Math.abs(pos) % letters.length];
  if (chars[i] === chars[i + 1]) return word;
  const t = chars[i];
  chars[i] = chars[i + 1];
  chars[i + 1] = t;
  return chars.join('');
}

/** Serializes records as JSON Lines (one object per line, trailing newline). */
export function toJsonl(records: readonly unknown[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

/** gzip with fixed settings: level 9, default strategy, mtime 0. */
export function gzipFixed(text: string): Buffer {
  return gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Writes one gzipped shard and returns its manifest entry. */
export function writeShard(
  dir: string,
  name: string,
  kind: string,
  path: string,
  text: string,
  records: number,
): ShardEntry {
  const bytes = gzipFixed(text);
  writeFileSync(join(dir, path), bytes);
  return { name, kind, path, records, bytes: bytes.length, sha256: sha256Hex(bytes) };
}

/** Empties (or creates) an output folder. */
export function freshDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

/** Writes a JSON file with 2-space indentation and a trailing newline. */
export function writeJson(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value, null, 2) + '\n');
}
