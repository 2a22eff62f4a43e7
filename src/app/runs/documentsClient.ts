/**
 * The page's side of the documents worker: PDF and DOCX text off the main
 * thread, as the importer's ExtractTextPort. One worker, started at the first
 * binary document and kept; each file's bytes are transferred, not copied.
 */
import * as Comlink from 'comlink';
import type { DocumentsApi } from '../../../workers/documents.worker.ts';
import type { ExtractTextPort } from '../../core/documents/importDocuments.ts';

let remote: Comlink.Remote<DocumentsApi> | undefined;

function worker(): Comlink.Remote<DocumentsApi> {
  remote ??= Comlink.wrap<DocumentsApi>(new Worker(new URL('../../../workers/documents.worker.ts', import.meta.url), { type: 'module', name: 'documents' }));
  return remote;
}

export const documentsExtract: ExtractTextPort = {
  pdf: (bytes, name) => worker().pdf(Comlink.transfer(bytes, [bytes.buffer as ArrayBuffer]), name),
  docx: (bytes, name) => worker().docx(Comlink.transfer(bytes, [bytes.buffer as ArrayBuffer]), name),
};
