/** What went wrong, for the UI to choose a remedy; `message` says it in words. */
export type ImportErrorCode =
  | 'manifest' // manifest.json missing, not JSON, or not a valid manifest
  | 'source' // a file could not be fetched or read
  | 'format' // a line is not a valid record (JSON, fields, UTF-8, length)
  | 'duplicate' // an identifier repeats within a shard
  | 'empty' // a shard holds no record
  | 'gzip' // a .gz shard is truncated or corrupt
  | 'checksum' // SHA-256, byte size or record count differs from the manifest
  | 'space' // not enough free storage before starting
  | 'quota' // the browser refused a write (QuotaExceededError)
  | 'storage' // another IndexedDB failure
  | 'deleted'; // the dataset was deleted (here or in another tab) while it was being imported

/**
 * An import failure with where it happened: the shard name, its part file
 * and the 1-based line when one is to blame. `message` reads on its own,
 * e.g. `shard "corpus" (corpus-00.jsonl.gz) line 12: missing or empty "_id"`;
 * `reason` is the same without the location.
 */
export class ImportError extends Error {
  readonly code: ImportErrorCode;
  readonly reason: string;
  readonly shard?: string;
  readonly path?: string;
  readonly line?: number;

  constructor(code: ImportErrorCode, reason: string, where: { shard?: string; path?: string; line?: number } = {}, cause?: unknown) {
    super(locate(where) + reason, cause === undefined ? undefined : { cause });
    this.name = 'ImportError';
    this.code = code;
    this.reason = reason;
    this.shard = where.shard;
    this.path = where.path;
    this.line = where.line;
  }
}

function locate({ shard, path, line }: { shard?: string; path?: string; line?: number }): string {
  let at = '';
  if (shard !== undefined) at += `shard "${shard}"` + (path !== undefined && path !== shard ? ` (${path})` : '');
  else if (path !== undefined) at += path;
  if (line !== undefined) at += `${at ? ' ' : ''}line ${line}`;
  return at ? `${at}: ` : '';
}

/** True for the error an AbortSignal throws (DOMException "AbortError" or the signal's own reason). */
export function isAbort(e: unknown, signal?: AbortSignal): boolean {
  return (signal?.aborted === true && e === signal.reason) || (e instanceof Error && e.name === 'AbortError');
}
