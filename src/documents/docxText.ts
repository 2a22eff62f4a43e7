/**
 * The text of a Word document (.docx) with mammoth: paragraphs as lines, separated by a blank
 * line (mammoth's raw text). Works in Node and, through mammoth's `browser` entry, in a worker.
 */
import mammoth from 'mammoth';
import { FormatError } from '../core/formats/formatError.ts';

/** What the messages say, so the page and the CLI word them alike. */
export const DOCX_MESSAGES = Object.freeze({
  notZip: 'is not a DOCX file (not a zip archive); save it from your word processor as .docx (an old .doc must be converted)',
  unreadable: 'is not a readable DOCX',
  noText: 'has no text',
});

/**
 * @throws {FormatError} naming the file: not a zip archive, a zip that is not a Word
 *   document (mammoth's reason), or no text.
 * @example await extractDocxText(bytes, 'anna.docx') // 'Anna Jansen\n\nNurse, Utrecht\n\n'
 */
export async function extractDocxText(bytes: Uint8Array, name: string): Promise<string> {
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)) {
    throw new FormatError(DOCX_MESSAGES.notZip, undefined, name);
  }
  const copy = bytes.slice().buffer;
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: copy, arrayBuffer: copy })).value;
  } catch (e) {
    throw new FormatError(`${DOCX_MESSAGES.unreadable}: ${e instanceof Error ? e.message : String(e)}`, undefined, name);
  }
  if (text.trim() === '') throw new FormatError(DOCX_MESSAGES.noText, undefined, name);
  return text;
}
