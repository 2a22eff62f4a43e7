/**
 * How far the importer has got inside one file, at the grain a person waits for: the pages of a
 * PDF, the bytes (and rows) of a large table.
 */
export interface FilePart {
  readonly done: number;
  readonly total: number;
  readonly unit: 'pages' | 'bytes';
  /** Rows read so far (tables). */
  readonly rows?: number;
}

/** Told as a file's parts are read. */
export type PartProgress = (part: FilePart) => void;
