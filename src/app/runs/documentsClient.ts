/**
 * The page's side of the documents worker: PDF and DOCX text, and CSV/TSV tables, off the main
 * thread, as the importer's ExtractTextPort. One worker, started at the first document and kept;
 * each file's bytes are transferred, not copied. Cancelling an import ends the worker at once (a
 * PDF is stopped mid-file, between any two of its pages or inside one); the next import starts a
 * fresh one.
 */
import * as Comlink from 'comlink';
import type { DocumentsApi } from '../../../workers/documents.worker.ts';
import type { ExtractTextPort } from '../../core/documents/importDocuments.ts';
import { CancelledError } from '../../core/audit/run/index.ts';
import { FormatError } from '../../core/formats/formatError.ts';

let current: { worker: Worker; remote: Comlink.Remote<DocumentsApi> } | undefined;

function remote(): Comlink.Remote<DocumentsApi> {
  if (!current) {
    const worker = new Worker(new URL('../../../workers/documents.worker.ts', import.meta.url), { type: 'module', name: 'documents' });
    current = { worker, remote: Comlink.wrap<DocumentsApi>(worker) };
  }
  return current.remote;
}

/** Ends the documents worker (a call in flight never answers; its caller is told it was cancelled). */
export function stopDocumentsWorker(): void {
  current?.worker.terminate();
  current = undefined;
}

/** `work`, or a CancelledError as soon as `signal` aborts (the worker is ended). */
function cancellable<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  if (signal?.aborted) return Promise.reject(new CancelledError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      stopDocumentsWorker();
      reject(new CancelledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    work().then(resolve, reject).finally(() => signal?.removeEventListener('abort', onAbort));
  });
}

/** The importer's ExtractTextPort over the documents worker, cancelled by `signal`. */
export function documentsExtract(signal?: AbortSignal): ExtractTextPort {
  const give = (bytes: Uint8Array) => Comlink.transfer(bytes, [bytes.buffer as ArrayBuffer]);
  return {
    pdf: (bytes, name, onPage) => cancellable(signal, () => remote().pdf(give(bytes), name, onPage ? Comlink.proxy(onPage) : undefined)),
    docx: (bytes, name) => cancellable(signal, () => remote().docx(give(bytes), name)),
    table: (bytes, name, mapping, onPart) =>
      cancellable(signal, async () => {
        const r = await remote().table(give(bytes), name, mapping ? { ...mapping } : undefined, onPart ? Comlink.proxy(onPart) : undefined);
        if ('error' in r) throw new FormatError(r.error.message, r.error.line, r.error.file ?? name);
        return r.documents;
      }),
  };
}
