import { unzipSync, zipSync, type Zippable } from 'fflate';
import { FormatError } from '../formats/formatError.ts';

/** One file of a package: its path inside the package and its bytes. */
export interface PackageFile {
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** The time every zip entry carries (the earliest a zip can hold, local time as zip has it), so the same files give the same zip. */
const ZIP_TIME = new Date(1980, 0, 1, 0, 0, 0);

/**
 * The files in one zip archive, in the order given: `.gz` files stored (already compressed),
 * others deflated at level 9; every entry dated 1980-01-01 00:00, so identical files give a
 * byte-identical zip.
 * @throws {FormatError} a path that is empty, absolute, holds `..` or `\`, or appears twice.
 * @example zipPackage(writeDatasetPackage(input).files)
 */
export function zipPackage(files: readonly PackageFile[]): Uint8Array {
  const entries: Zippable = {};
  for (const { path, bytes } of files) {
    checkPath(path);
    if (path in entries) throw new FormatError(`"${path}" appears twice in the package`, undefined, path);
    entries[path] = [bytes, { level: /\.gz$/i.test(path) ? 0 : 9, mtime: ZIP_TIME }];
  }
  return zipSync(entries, { mtime: ZIP_TIME });
}

/**
 * The files of a zipped package, in the archive's order (folders left out). A package zipped
 * with its folder (`my-dataset/manifest.json`, …) has that one leading folder removed.
 * @throws {FormatError} bytes that are not a zip archive; an entry with an unsafe path.
 * @example unzipPackage(zipPackage(files)) // the same files
 */
export function unzipPackage(bytes: Uint8Array): PackageFile[] {
  const order: string[] = [];
  let unzipped: Record<string, Uint8Array>;
  try {
    unzipped = unzipSync(bytes, { filter: (f) => (order.push(f.name), !f.name.endsWith('/')) });
  } catch (e) {
    throw new FormatError(`not a readable zip archive: ${e instanceof Error ? e.message : String(e)}`);
  }
  const names = order.filter((n) => !n.endsWith('/'));
  names.forEach(checkPath);
  const top = names[0]?.includes('/') ? names[0].slice(0, names[0].indexOf('/') + 1) : '';
  const strip = top !== '' && names.every((n) => n.startsWith(top)) && !names.includes('manifest.json');
  return names.map((n) => ({ path: strip ? n.slice(top.length) : n, bytes: unzipped[n] }));
}

function checkPath(path: string): void {
  if (path === '' || path.startsWith('/') || path.includes('\\') || path.split('/').includes('..')) {
    throw new FormatError(`"${path}" is not a safe path inside a package (relative, no "..", no "\\")`, undefined, path);
  }
}
