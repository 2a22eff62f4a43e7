/**
 * Documents worker: the text of PDF and DOCX files, and the documents of CSV/TSV tables, off the
 * page's thread, for src/core/documents/importDocuments (its ExtractTextPort). Thin: the work is in
 * src/documents and src/core/documents. pdfjs-dist gets its own worker, started from this one on our
 * own origin (CSP worker-src 'self'); it is started at the first PDF and kept. Progress (pages of a
 * PDF, bytes and rows of a table) comes back through a proxied callback. Comlink passes only an
 * error's name and message across, so a table's format error (with its line) is returned as data.
 *
 * Page side: src/app/runs/documentsClient.ts, with the file's bytes transferred.
 */
import * as Comlink from 'comlink';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import type { ImportedDocument } from '../src/core/documents/candidateDocument.ts';
import type { ColumnMapping } from '../src/core/documents/columnMapping.ts';
import { csvDocuments } from '../src/core/documents/csvDocuments.ts';
import type { PartProgress } from '../src/core/documents/partProgress.ts';
import { FormatError } from '../src/core/formats/formatError.ts';
import { extractDocxText } from '../src/documents/docxText.ts';
import { extractPdfText } from '../src/documents/pdfText.ts';

/** A table's documents, or the format error that stopped it (its file and line kept). */
export type TableResult = { readonly documents: ImportedDocument[] } | { readonly error: { readonly message: string; readonly line?: number; readonly file?: string } };

/** What the documents worker exposes. */
export interface DocumentsApi {
  pdf(bytes: Uint8Array, name: string, onPage?: PartProgress): Promise<string>;
  docx(bytes: Uint8Array, name: string): Promise<string>;
  table(bytes: Uint8Array, name: string, mapping: ColumnMapping | undefined, onPart?: PartProgress): Promise<TableResult>;
}

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
  pdf: (bytes, name, onPage) => plain(() => extractPdfText(pdfjsWithWorker(), bytes, name, onPage)),
  docx: (bytes, name) => plain(() => extractDocxText(bytes, name)),
  async table(bytes, name, mapping, onPart) {
    try {
      return { documents: csvDocuments(bytes, name, mapping, onPart) };
    } catch (e) {
      if (e instanceof FormatError) return { error: { message: e.message, ...(e.line !== undefined ? { line: e.line } : {}), ...(e.file !== undefined ? { file: e.file } : {}) } };
      throw new Error(e instanceof Error ? e.message : String(e));
    }
  },
};
Comlink.expose(api);
