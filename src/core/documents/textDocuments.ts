import { FormatError } from '../formats/formatError.ts';
import type { ImportedDocument } from './candidateDocument.ts';
import { decodeUtf8, fileStem } from './decodeText.ts';

/**
 * One document of a plain-text or Markdown file: its id the file's stem (`anna.txt` → `anna`),
 * its text the content as it is (UTF-8; line ends made `\n`).
 * @throws {FormatError} naming the file: bytes that are not UTF-8 (and their line), no text.
 * @example textDocument(new TextEncoder().encode('Anna, nurse'), 'cvs/anna.txt') // { id: 'anna', text: 'Anna, nurse', source: 'cvs/anna.txt' }
 */
export function textDocument(bytes: Uint8Array, file: string): ImportedDocument {
  const text = decodeUtf8(bytes, file).replace(/\r\n?/g, '\n');
  if (text.trim() === '') throw new FormatError('empty document (the file has no text)', undefined, file);
  return { id: fileStem(file), text, source: file };
}
