import { CancelledError, throwIfCancelled } from '../audit/run/index.ts';
import { FormatError } from '../formats/formatError.ts';
import { formatLimit, MAX_TEXT_FILE_BYTES } from '../formats/inputLimits.ts';
import type { ImportedDocument } from './candidateDocument.ts';
import type { ColumnMapping } from './columnMapping.ts';
import type { FilePart, PartProgress } from './partProgress.ts';
import { csvDocuments } from './csvDocuments.ts';
import { extensionOf, fileStem } from './decodeText.ts';
import { jsonlDocuments } from './jsonlDocuments.ts';
import { normaliseExtractedText } from './normaliseExtractedText.ts';
import { textDocument } from './textDocuments.ts';

/** A file to import: its name (with folders, for messages) and its bytes, read when its turn comes. */
export interface DocumentFile {
  readonly name: string;
  bytes(): Promise<Uint8Array>;
}

/**
 * Text extraction from binary formats, supplied by the caller (src/documents: pdfjs-dist and
 * mammoth, in the documents worker or in Node). Errors should name the file.
 */
export interface ExtractTextPort {
  /** `onPage` is told after each page (the page side of a worker passes a proxy). */
  pdf(bytes: Uint8Array, name: string, onPage?: PartProgress): Promise<string>;
  docx(bytes: Uint8Array, name: string): Promise<string>;
  /** A CSV/TSV file's documents, read off the page's thread where the port can (the documents worker), with its progress. */
  table?(bytes: Uint8Array, name: string, mapping: ColumnMapping | undefined, onPart?: PartProgress): Promise<ImportedDocument[]>;
}

/** A file (or one row of it) that could not be imported, and why. */
export interface DocumentError {
  readonly file: string;
  readonly line?: number;
  readonly message: string;
}

export interface ImportProgress {
  /** Files finished (imported or failed), of `total`. */
  readonly done: number;
  readonly total: number;
  /** The file just finished, or (with `part`) the file being read. */
  readonly file: string;
  /** How far into `file` (pages of a PDF, bytes and rows of a table), while it is read. */
  readonly part?: FilePart;
}

export interface ImportOptions {
  /** The columns (CSV/TSV) or fields (JSONL) of each part; without it, guessed per file. */
  readonly mapping?: ColumnMapping;
  readonly extract: ExtractTextPort;
  readonly onProgress?: (progress: ImportProgress) => void;
  readonly signal?: AbortSignal;
}

export interface ImportResult {
  readonly documents: ImportedDocument[];
  readonly errors: DocumentError[];
}

/** The extensions read, and how: a table, JSON Lines, plain text, or a binary format the port extracts. */
export const DOCUMENT_EXTENSIONS = Object.freeze(['.csv', '.tsv', '.jsonl', '.txt', '.md', '.pdf', '.docx'] as const);

/**
 * Imports documents from files of any supported kind, by extension, one file at a time. A file
 * that fails is reported in `errors` (naming the file and, for tables, the row's line) and the
 * others go on; a document whose id another file already gave is an error too, and is left
 * out. Text extracted from PDF and DOCX is normalised (`normaliseExtractedText`). A file is
 * read whole, so one larger than MAX_TEXT_FILE_BYTES (256 MiB) is refused.
 * @throws {CancelledError} when `signal` aborts (checked before and after each file).
 * @example const { documents, errors } = await importDocuments(files, { extract, mapping: { id: 'ID', text: 'Resume_str' } });
 */
export async function importDocuments(files: readonly DocumentFile[], options: ImportOptions): Promise<ImportResult> {
  const documents: ImportedDocument[] = [];
  const errors: DocumentError[] = [];
  const sourceOf = new Map<string, string>();
  for (const [i, file] of files.entries()) {
    throwIfCancelled(options.signal);
    try {
      const onPart: PartProgress = (part) => options.onProgress?.({ done: i, total: files.length, file: file.name, part });
      const docs = await documentsOf(file, options, onPart);
      throwIfCancelled(options.signal);
      for (const doc of docs) {
        const other = sourceOf.get(doc.id);
        if (other !== undefined) {
          errors.push({ file: file.name, message: `id "${doc.id}" of ${doc.source} is already the id of ${other}; rename one of them (this one is left out)` });
          continue;
        }
        sourceOf.set(doc.id, doc.source);
        documents.push(doc);
      }
    } catch (e) {
      if (e instanceof CancelledError || options.signal?.aborted) throw new CancelledError();
      errors.push(errorOf(e, file.name));
    }
    options.onProgress?.({ done: i + 1, total: files.length, file: file.name });
  }
  return { documents, errors };
}

async function documentsOf(file: DocumentFile, options: ImportOptions, onPart: PartProgress): Promise<ImportedDocument[]> {
  const ext = extensionOf(file.name);
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new FormatError(`${ext === '' ? 'a file without an extension' : `"${ext}" files`} cannot be imported; use ${DOCUMENT_EXTENSIONS.join(' ')}`, undefined, file.name);
  }
  const bytes = await file.bytes();
  if (bytes.length > MAX_TEXT_FILE_BYTES) {
    throw new FormatError(`is larger than the limit of ${formatLimit(MAX_TEXT_FILE_BYTES)} for one file; split it into smaller files`, undefined, file.name);
  }
  switch (ext) {
    case '.csv':
    case '.tsv':
      return options.extract.table ? options.extract.table(bytes, file.name, options.mapping, onPart) : csvDocuments(bytes, file.name, options.mapping, onPart);
    case '.jsonl':
      return jsonlDocuments(bytes, file.name, options.mapping);
    case '.txt':
    case '.md':
      return [textDocument(bytes, file.name)];
    default: {
      const raw = ext === '.pdf' ? await options.extract.pdf(bytes, file.name, onPart) : await options.extract.docx(bytes, file.name);
      const text = normaliseExtractedText(raw);
      if (text === '') throw new FormatError('has no text', undefined, file.name);
      return [{ id: fileStem(file.name), text, source: file.name }];
    }
  }
}

/** A thrown error as a DocumentError: a FormatError keeps its file and line; anything else is named by the file it came from. */
function errorOf(e: unknown, file: string): DocumentError {
  if (e instanceof FormatError) return { file: e.file ?? file, ...(e.line !== undefined && { line: e.line }), message: e.message };
  return { file, message: e instanceof Error ? e.message : String(e) };
}

/**
 * `file:line: message`, as the page and the CLI show an import error.
 * @example describeDocumentError({ file: 'cvs.csv', line: 4, message: 'row 3: empty document' }) // 'cvs.csv:4: row 3: empty document'
 */
export function describeDocumentError(error: DocumentError): string {
  return `${error.file}${error.line !== undefined ? `:${error.line}` : ''}: ${error.message}`;
}
