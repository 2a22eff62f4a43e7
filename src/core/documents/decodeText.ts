import { FormatError } from '../formats/formatError.ts';

/**
 * Decodes a whole file as UTF-8, strictly: bytes that are not UTF-8 are an error naming the
 * file and the line they are on (found by decoding line by line only after the whole decode
 * failed). A leading byte-order mark is dropped.
 * @throws {FormatError} `bytes that are not valid UTF-8`, with the file and the line.
 * @example decodeUtf8(new TextEncoder().encode('a\nb'), 'cv.txt') // 'a\nb'
 */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  try {
    return decoder.decode(bytes);
  } catch {
    throw new FormatError('bytes that are not valid UTF-8 (save the file as UTF-8 and import it again)', badLine(bytes), file);
  }
}

/** The 1-based line of the first line that does not decode (lines cut on 0x0A, which never occurs inside a UTF-8 sequence). */
function badLine(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let start = 0;
  for (let line = 1; ; line++) {
    const end = bytes.indexOf(0x0a, start);
    try {
      decoder.decode(bytes.subarray(start, end === -1 ? bytes.length : end));
    } catch {
      return line;
    }
    if (end === -1) return line;
    start = end + 1;
  }
}

/** The name of a file without its folders and its last extension: `cvs/anna.pdf` → `anna`. */
export function fileStem(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** The lower-case extension of a file name with its dot (`.csv`), or '' when it has none. */
export function extensionOf(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}
