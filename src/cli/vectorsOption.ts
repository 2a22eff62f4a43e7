/**
 * `run --vectors NAME[@REVISION]=FILE|DIR`: embeddings computed elsewhere,
 * read from a vector file or a folder of them (core/audit/imported/vectorFiles.ts
 * names the files), each file's SHA-256 recorded in the results.
 */
import { readVectorFiles, type ImportedVectors, type VectorFileBytes, type VectorTable } from '../core/audit/imported/index.ts';
import { sha256Hex } from '../core/sha256.ts';
import type { ParsedArgs } from './args.ts';
import type { CliIo } from './command.ts';
import { InputError } from './errors.ts';

/** One `--vectors` value, read: what the results name, and the table of vectors by id. */
export interface VectorsArgument {
  readonly vectors: ImportedVectors;
  readonly table: VectorTable;
}

async function bytesOf(io: CliIo, path: string): Promise<Uint8Array> {
  if (io.readBytes) return io.readBytes(path);
  return new TextEncoder().encode(await io.readText(path));
}

/**
 * Reads every `--vectors` value. NAME is what the results call the model; an optional
 * `@REVISION` is recorded as its revision (else the files' SHA-256).
 * @throws {InputError} for a value that is not NAME=PATH, a name given twice, an unreadable path.
 * @throws {FormatError|AuditInputError} from readVectorFiles for a bad file (run.ts names them).
 */
export async function vectorsOption(args: ParsedArgs, io: CliIo): Promise<VectorsArgument[]> {
  const values = args.repeated?.get('vectors') ?? (args.options.has('vectors') ? [args.options.get('vectors')!] : []);
  const out: VectorsArgument[] = [];
  for (const v of values) {
    if (v === true) throw new InputError('--vectors needs a value: NAME=FILE or NAME=DIR');
    const at = v.indexOf('=');
    if (at <= 0 || at === v.length - 1) throw new InputError(`--vectors must be NAME[@REVISION]=FILE or NAME[@REVISION]=DIR, got "${v}"`);
    const [name, revision] = v.slice(0, at).trim().split(/@(.*)/s, 2);
    if (name === '' || revision === '') throw new InputError(`--vectors: empty name or revision in "${v.slice(0, at)}"`);
    if (out.some((s) => s.vectors.name === name)) throw new InputError(`--vectors names "${name}" twice`);
    const path = v.slice(at + 1).trim();
    const isDir = (await io.isDirectory?.(path)) ?? false;
    const paths = isDir ? (await io.listDir(path)).sort().filter((f) => !f.startsWith('.')).map((f) => ({ file: f, path: `${path.replace(/\/+$/, '')}/${f}` })) : [{ file: path.split(/[\\/]/).pop()!, path }];
    if (isDir && paths.length === 0) throw new InputError('the vectors folder is empty', path);
    const files: VectorFileBytes[] = [];
    for (const p of paths) files.push({ file: p.file, bytes: await bytesOf(io, p.path) });
    const table = readVectorFiles(files);
    out.push({ vectors: { name, ...(revision !== undefined ? { revision } : {}), files: files.map((f) => ({ file: f.file, sha256: sha256Hex(f.bytes) })) }, table });
  }
  return out;
}
