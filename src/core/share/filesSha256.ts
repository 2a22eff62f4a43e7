/**
 * One SHA-256 for a folder of files (a predictions folder): the SHA-256 of the lines
 * `<sha256 of the file>  <name>\n` in name order — `sha256sum` of each file, sorted by name, then
 * hashed — so anyone can recompute it with coreutils:
 * `(cd DIR && sha256sum tasks.json *.jsonl | sort -k2) | sha256sum`.
 */
import { sha256Hex } from '../sha256.ts';

const encoder = new TextEncoder();

/**
 * @example filesSha256({ 'a.txt': 'x' }) === sha256Hex(new TextEncoder().encode(`${sha256Hex(new TextEncoder().encode('x'))}  a.txt\n`)) // true
 */
export function filesSha256(files: Readonly<Record<string, string | Uint8Array>>): string {
  const lines = Object.keys(files)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => {
      const content = files[name];
      return `${sha256Hex(typeof content === 'string' ? encoder.encode(content) : content)}  ${name}\n`;
    });
  return sha256Hex(encoder.encode(lines.join('')));
}
