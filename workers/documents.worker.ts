/**
 * Documents worker: the text of PDF and DOCX files off the page's thread, for
 * src/core/documents/importDocuments (its ExtractTextPort). Thin: the work is in
 * src/documents. pdfjs-dist gets its own worker, started from this one on our own origin
 * (CSP worker-src 'self'); it is started at the first PDF and kept. Comlink passes only an
 * error's name and message across; the importer names the file.
 *
 * Page side: `Comlink.wrap<DocumentsApi>(new Worker(new URL('../../workers/documents.worker.ts', import.meta.url), { type: 'module' }))`,
 * with the file's bytes transferred (`Comlink.transfer(bytes, [bytes.buffer])`).
 */
import * as Comlink from 'comlink';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import type { ExtractTextPort } from '../src/core/documents/importDocuments.ts';
import { extractDocxText } from '../src/documents/docxText.ts';
import { extractPdfText } from '../src/documents/pdfText.ts';

/** What the documents worker exposes: the importer's ExtractTextPort. */
export type DocumentsApi = ExtractTextPort;

/**
 * pdfjs with a worker of its own. Given a Worker as `workerPort`, pdfjs uses it as it is (with
 * only `workerSrc` it would, inside a worker, fall back to running its worker code in this
 * thread, which attaches a second message handler to this worker's `self`).
 */
function pdfjsWithWorker(): typeof pdfjs {
  pdfjs.GlobalWorkerOptions.workerPort ??= new Worker(pdfWorkerUrl, { type: 'module', name: 'pdfjs' });
  return pdfjs;
}

/** An error as comlink can carry it: the message only (the file is named by the importer). */
async function plain<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw new Error(e instanceof Error ? e.message : String(e));
  }
}

const api: DocumentsApi = {
  pdf: (bytes, name) => plain(() => extractPdfText(pdfjsWithWorker(), bytes, name)),
  docx: (bytes, name) => plain(() => extractDocxText(bytes, name)),
};
Comlink.expose(api);
