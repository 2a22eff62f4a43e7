/**
 * The text layer of a PDF, page by page, with pdfjs-dist (Mozilla's PDF.js). The library is
 * passed in, because how it is loaded differs: in Node (`openPdfJsNode`, pdfjsNode.ts) its
 * worker code runs in-thread; in the browser the documents worker gives it a nested worker.
 * Nothing is fetched: the bytes are given, font loading and eval are off, no CMap, font or
 * wasm URL is set (text extraction needs none of them).
 */
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { FormatError } from '../core/formats/formatError.ts';
import type { PartProgress } from '../core/documents/partProgress.ts';

/** The part of pdfjs-dist this file uses. */
export type PdfJsLib = Pick<typeof PdfJs, 'getDocument'>;

/** One item of a page's text content (pdfjs' TextItem; marked-content items have no `str`). */
interface TextPiece {
  readonly str?: string;
  readonly hasEOL?: boolean;
  readonly transform?: readonly number[];
  readonly height?: number;
}

/** What the messages say, so the page and the CLI word them alike. */
export const PDF_MESSAGES = Object.freeze({
  noText: 'has no text layer (a scanned image?); run OCR outside Fairground and import the text',
  password: 'is password-protected; remove the password (print to PDF, or export without protection) and import it again',
  unreadable: 'is not a readable PDF',
});

/**
 * The text of every page, lines rebuilt from the items' end-of-line marks and, where a line
 * has none, from a change of baseline; pages separated by a blank line. Not normalised (the
 * importer does that).
 * @throws {FormatError} naming the file: password-protected, not a readable PDF (with
 *   pdfjs' reason), or no text layer at all.
 * @example await extractPdfText(await openPdfJsNode(), bytes, 'anna.pdf') // 'Anna Jansen\nNurse, Utrecht'
 */
export async function extractPdfText(pdfjs: PdfJsLib, bytes: Uint8Array, name: string, onPage?: PartProgress): Promise<string> {
  const task = pdfjs.getDocument({
    // pdfjs may detach the buffer it is given: hand it a copy, so the caller's bytes stay usable.
    data: bytes.slice(),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    useWorkerFetch: false,
    useWasm: false,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    enableXfa: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(linesOf(content.items as readonly TextPiece[]));
      page.cleanup();
      onPage?.({ done: n, total: doc.numPages, unit: 'pages' });
    }
    const text = pages.join('\n\n');
    if (text.trim() === '') throw new FormatError(PDF_MESSAGES.noText, undefined, name);
    return text;
  } catch (e) {
    if (e instanceof FormatError) throw e;
    const err = e as { name?: string; message?: string };
    if (err?.name === 'PasswordException') throw new FormatError(PDF_MESSAGES.password, undefined, name);
    throw new FormatError(`${PDF_MESSAGES.unreadable}: ${err?.message ?? String(e)}`, undefined, name);
  } finally {
    await task.destroy();
  }
}

/**
 * The text of one page's items: an item's `hasEOL` ends its line; without one, a baseline
 * that moves by more than half the item's height starts a new line.
 */
export function linesOf(items: readonly TextPiece[]): string {
  let out = '';
  let lastY: number | undefined;
  let lastHeight = 0;
  let ended = true;
  for (const item of items) {
    if (item.str === undefined) continue;
    const y = item.transform?.[5];
    if (!ended && y !== undefined && lastY !== undefined && Math.abs(y - lastY) > Math.max(lastHeight, item.height ?? 0) / 2) out += '\n';
    out += item.str;
    if (item.hasEOL) out += '\n';
    ended = item.hasEOL === true;
    if (y !== undefined) lastY = y;
    lastHeight = item.height ?? lastHeight;
  }
  return out;
}
