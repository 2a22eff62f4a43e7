/**
 * The data source of an outcome audit (NYC LL144, 6 RCNY § 5-304: the summary states the source of
 * the data): the decisions file's name without its folder, its size in bytes and its SHA-256, so a
 * reader can tell whether the file they hold is the one audited.
 */
import { sha256Hex } from '../../sha256.ts';
import type { OutcomesSource } from './results.ts';

/**
 * @example outcomesSource('data/callbacks.csv', new TextEncoder().encode('abc')) // { name: 'callbacks.csv', bytes: 3, sha256: 'ba7816bf…' }
 */
export function outcomesSource(path: string, bytes: Uint8Array): OutcomesSource {
  return { name: path.split(/[\\/]/u).pop() ?? path, bytes: bytes.length, sha256: sha256Hex(bytes) };
}
