/**
 * Reads a dataset package folder in Node (DESIGN.md, "Dataset package"):
 * manifest.json (or a plain MTEB folder without one) and its shards, gzipped
 * or not, each checked against the manifest's sha256, size and record count,
 * and every line checked by the importer's record validation (records.ts).
 * Errors are InputErrors naming the file and line (exit code 2).
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { FormatError } from '../../core/formats/formatError.ts';
import { parseManifest, partsOf, type Manifest, type ShardKind } from '../../core/formats/manifest.ts';
import { buildMtebManifest, type FolderFile } from '../../core/formats/mteb.ts';
import { parquetRecordLines } from '../../core/formats/parquetRecords.ts';
import { lineFormatOf, parseRecordLine, type RecordOfKind } from '../../core/formats/records.ts';
import { sha256Hex } from '../../core/sha256.ts';
import { readFileLines } from './inputFile.ts';
import { InputError } from '../errors.ts';

/** A dataset folder with its manifest and the SHA-256 of the manifest's bytes. */
export interface DatasetFolder {
  readonly dir: string;
  readonly manifest: Manifest;
  readonly manifestSha256: string;
}

async function listFiles(dir: string): Promise<FolderFile[]> {
  const out: FolderFile[] = [];
  const walk = async (d: string, depth: number): Promise<void> => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory() && depth < 2) await walk(full, depth + 1);
      else if (entry.isFile()) {
        const s = await stat(full);
        out.push({ path: relative(dir, full).split('\\').join('/'), bytes: s.size, lastModified: s.mtimeMs });
      }
    }
  };
  await walk(dir, 0);
  return out;
}

/**
 * Opens a dataset folder: parses manifest.json (its SHA-256 is the hash of
 * its bytes, as in the browser), or builds the manifest of a plain MTEB
 * folder (its SHA-256 is the hash of that manifest's JSON, as sources.ts does).
 * @throws {InputError} for a missing folder or an invalid manifest.
 */
export async function openDatasetFolder(dir: string): Promise<DatasetFolder> {
  let files: FolderFile[];
  try {
    files = await listFiles(dir);
  } catch (e) {
    throw new InputError(`cannot read dataset folder (${(e as NodeJS.ErrnoException).code ?? 'error'})`, dir);
  }
  const manifestPath = join(dir, 'manifest.json');
  try {
    if (files.some((f) => f.path === 'manifest.json')) {
      const bytes = new Uint8Array(await readFile(manifestPath));
      let json: unknown;
      try {
        json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch (e) {
        throw new FormatError(`not valid JSON: ${(e as Error).message}`);
      }
      return { dir, manifest: parseManifest(json), manifestSha256: sha256Hex(bytes) };
    }
    const manifest = buildMtebManifest(files, basename(dir));
    return { dir, manifest, manifestSha256: sha256Hex(new TextEncoder().encode(JSON.stringify(manifest))) };
  } catch (e) {
    if (e instanceof FormatError) throw new InputError(e.message, files.some((f) => f.path === 'manifest.json') ? manifestPath : dir, e.line);
    throw e;
  }
}

/**
 * Reads every part of shard `name` and returns its validated records, in
 * manifest order then line order.
 * @throws {InputError} naming the part's file: unreadable, SHA-256, size or
 *   record-count mismatch, corrupt gzip, a bad line, or a duplicate identifier.
 */
export async function readShard<K extends ShardKind>(folder: DatasetFolder, name: string, kind: K): Promise<RecordOfKind[K][]> {
  const parts = partsOf(folder.manifest, name);
  if (parts.length === 0) throw new InputError(`the manifest has no shard "${name}"`, join(folder.dir, 'manifest.json'));
  const records: RecordOfKind[K][] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    const file = join(folder.dir, part.path);
    if (part.kind !== kind) throw new InputError(`shard "${name}" is of kind ${part.kind}, expected ${kind}`, file);
    let size: number;
    let sha: string;
    try {
      const st = await stat(file);
      if (!st.isFile()) throw new InputError(`shard "${name}" is not a regular file (a folder, FIFO or device)`, file);
      size = st.size;
      sha = await fileSha256(file);
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError(`cannot read shard "${name}" (${(e as NodeJS.ErrnoException).code ?? 'error'})`, file);
    }
    if (part.sha256 !== undefined && sha !== part.sha256) {
      throw new InputError(`SHA-256 mismatch for shard "${name}": the manifest says ${part.sha256}, the file has ${sha}`, file);
    }
    if (part.bytes !== undefined && part.bytes > 0 && size !== part.bytes) {
      throw new InputError(`size mismatch for shard "${name}": the manifest says ${part.bytes} bytes, the file has ${size}`, file);
    }
    const format = lineFormatOf(part.path);
    let count = 0;
    // The browser importer's reader: strict UTF-8, 8 MiB lines, bounded inflation (inputFile.ts);
    // a Parquet part, as the browser's inflate stage gives it: JSON Lines of its records.
    for await (const batch of part.path.endsWith('.parquet') ? parquetLines(file, kind) : readFileLines(file)) {
      for (const { line, text: t } of batch) {
        let record;
        try {
          record = parseRecordLine(kind, format, t, line);
        } catch (e) {
          if (e instanceof FormatError) throw new InputError(e.message, file, e.line ?? line);
          throw e;
        }
        if (!record) continue;
        if (seen.has(record.id)) throw new InputError(`duplicate identifier "${record.id.replace('\t', '" / "')}"`, file, line);
        seen.add(record.id);
        records.push(record.data as RecordOfKind[K]);
        count++;
      }
    }
    if (count === 0) throw new InputError(`empty shard "${name}": no records`, file);
    if (part.records !== undefined && part.records > 0 && count !== part.records) {
      throw new InputError(`record count mismatch for shard "${name}": the manifest says ${part.records}, found ${count}`, file);
    }
  }
  return records;
}

/** The records of a Parquet part as numbered JSON Lines, one batch per row group. @throws {InputError} naming the file. */
async function* parquetLines(file: string, kind: ShardKind): AsyncGenerator<{ line: number; text: string }[]> {
  const bytes = await readFile(file);
  let line = 0;
  try {
    for await (const lines of parquetRecordLines(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length), kind)) {
      yield lines.map((text) => ({ line: ++line, text }));
    }
  } catch (e) {
    if (e instanceof FormatError) throw new InputError(e.message, file, e.line);
    throw e;
  }
}

/** SHA-256 of a file's bytes as hex, streamed (node:crypto). */
function fileSha256(path: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (b) => hash.update(b))
      .on('error', reject)
      .on('end', () => resolvePromise(hash.digest('hex')));
  });
}
