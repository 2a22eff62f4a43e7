/**
 * The files `make-dataset` imports: one file, or every supported file under
 * a folder (recursively, in name order, hidden files skipped), as the core
 * importer's DocumentFile (read when its turn comes).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { DocumentFile } from '../../core/documents/importDocuments.ts';
import { DOCUMENT_EXTENSIONS } from '../../core/documents/importDocuments.ts';
import { InputError } from '../errors.ts';

const supported = (name: string) => DOCUMENT_EXTENSIONS.some((e) => name.toLowerCase().endsWith(e));

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(path)));
    else if (e.isFile() && supported(e.name)) out.push(path);
  }
  return out;
}

/**
 * The document files at a path. A folder's files are named relative to it (`cvs/anna.pdf` →
 * `anna.pdf`), so messages and ids do not depend on where the folder lies.
 * @throws {InputError} for a path that does not exist, or a folder without a supported file.
 */
export async function documentFiles(path: string): Promise<DocumentFile[]> {
  let isDir: boolean;
  try {
    isDir = (await stat(path)).isDirectory();
  } catch (error) {
    throw new InputError(`cannot read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, path);
  }
  const paths = isDir ? await walk(path) : [path];
  if (isDir && paths.length === 0) throw new InputError(`no ${DOCUMENT_EXTENSIONS.join(', ')} file in this folder`, path);
  return paths.map((p) => ({
    name: isDir ? relative(path, p).split('\\').join('/') : p.split(/[\\/]/).pop()!,
    bytes: async () => new Uint8Array(await readFile(p)),
  }));
}
