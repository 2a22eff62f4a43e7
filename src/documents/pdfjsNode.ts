/**
 * pdfjs-dist for Node (the CLI, the tests): the legacy build, as PDF.js recommends for Node,
 * with its worker code loaded in-thread (importing the worker module sets
 * `globalThis.pdfjsWorker`, which pdfjs then uses instead of starting a worker), so no file
 * path has to be resolved at run time and a bundled CLI works too.
 */
import type { PdfJsLib } from './pdfText.ts';

let opened: Promise<PdfJsLib> | undefined;

/** The library, loaded once. @example const text = await extractPdfText(await openPdfJsNode(), bytes, 'cv.pdf') */
export function openPdfJsNode(): Promise<PdfJsLib> {
  opened ??= (async () => {
    await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return opened;
}
