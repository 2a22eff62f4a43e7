/**
 * The text of a real CV exactly as Fairground reads it: the CLI's `make-dataset` path
 * (`importDocuments` with `nodeExtractText`), so PDFs go through pdfText.ts with pdfjs' legacy
 * build in this thread, DOCX through docxText.ts (mammoth), both normalised by
 * normaliseExtractedText; `.md` and `.txt` are read as UTF-8 with `\n` line ends. The identity
 * gold set (test/fixtures/identity-gold) stores offsets into this text and its SHA-256, so a change
 * here or in the extractors shows as a changed hash.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { importDocuments, describeDocumentError } from '../../src/core/documents/importDocuments.ts';
import { nodeExtractText } from '../../src/cli/node/extractText.ts';

/** The folder of the real CVs, under the shared reference data (test/sharedExternal.ts). */
export const REAL_CVS = 'real-cv-documents';

/** The languages a CV's file name (`NN-lang-kind.ext`) may carry. */
export const CV_LANGS = Object.freeze(['en', 'es', 'fr', 'de', 'nl'] as const);

/**
 * The language of a CV from its file name `NN-lang-kind.ext`.
 * @throws {Error} for a name of another shape.
 * @example cvLang('19-es-pdf.pdf') // 'es'
 */
export function cvLang(file: string): string {
  const lang = /^\d+-([a-z]{2})-[a-z]+\.[a-z]+$/u.exec(basename(file))?.[1];
  if (!lang) throw new Error(`${file}: not a real-CV file name (NN-lang-kind.ext)`);
  return lang;
}

/** SHA-256 of a string's UTF-8 bytes, lower-case hex. @example sha256('') // 'e3b0c442…' */
export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The text of the CV at `path`, as the importer makes it.
 * @throws {Error} with the importer's message when the file cannot be read.
 */
export async function extractCvText(path: string): Promise<string> {
  const name = basename(path);
  const { documents, errors } = await importDocuments([{ name, bytes: async () => new Uint8Array(await readFile(path)) }], { extract: nodeExtractText });
  if (errors.length > 0 || documents.length !== 1) throw new Error(errors.map(describeDocumentError).join('; ') || `${name}: ${documents.length} documents`);
  return documents[0].text;
}
