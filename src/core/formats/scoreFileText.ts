/**
 * A score file's bytes as its text, in the browser or Node: gunzipped when they start with gzip's
 * magic bytes (DecompressionStream, so a `.tsv.gz` an outside job wrote imports as it is), then
 * decoded as strict UTF-8. The CLI reads files through its own streamed reader (Node's zlib);
 * this is the same rule for bytes the page already holds.
 */
import { FormatError } from './formatError.ts';

/** Whether the bytes begin with gzip's magic number 1f 8b. @example isGzipBytes(new Uint8Array([0x1f, 0x8b])) // true */
export function isGzipBytes(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * The text of a (possibly gzip'd) score file.
 * @throws {FormatError} naming `file`: corrupt gzip data, or text that is not UTF-8.
 * @example await scoreFileText(new TextEncoder().encode('q1\td1\t1\n'), 'a.tsv') // 'q1\td1\t1\n'
 */
export async function scoreFileText(bytes: Uint8Array, file: string): Promise<string> {
  let plain = bytes;
  if (isGzipBytes(bytes)) {
    try {
      const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
      plain = new Uint8Array(await new Response(stream).arrayBuffer());
    } catch (e) {
      throw new FormatError(`corrupt gzip data (${(e as Error).message})`, undefined, file);
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw new FormatError('the file is not UTF-8 text', undefined, file);
  }
}
