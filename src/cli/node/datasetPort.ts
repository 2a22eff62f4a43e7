/**
 * The dataset port of a Node run (core/audit/run/ports.ts): a dataset
 * package folder on disk.
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DatasetPort } from '../../core/audit/common/index.ts';
import { unzipPackage } from '../../core/package/zipPackage.ts';
import { InputError } from '../errors.ts';
import { openDatasetFolder, readShard } from './datasetFolder.ts';

/**
 * A zipped package (the browser's "Export dataset") unpacked into a temporary folder, removed
 * when the process exits; the folder is then read like any other.
 * @throws {InputError} for a file that is not a readable zip.
 */
async function unzipToTemp(zip: string): Promise<string> {
  let files;
  try {
    files = unzipPackage(new Uint8Array(await readFile(zip)));
  } catch (e) {
    throw new InputError(`not a readable zip of a dataset package: ${(e as Error).message}`, zip);
  }
  const dir = await mkdtemp(join(tmpdir(), 'fairground-zip-'));
  process.once('exit', () => void rm(dir, { recursive: true, force: true }));
  for (const f of files) {
    const path = join(dir, f.path);
    if (!path.startsWith(dir)) throw new InputError(`zip entry "${f.path}" lies outside the package`, zip);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, f.bytes);
  }
  return dir;
}

/** @throws {InputError} for a missing folder or an invalid manifest. */
export async function folderDataset(dir: string): Promise<DatasetPort> {
  const folder = await openDatasetFolder(dir.toLowerCase().endsWith('.zip') ? await unzipToTemp(dir) : dir);
  return { manifest: folder.manifest, manifestSha256: folder.manifestSha256, read: (name, kind) => readShard(folder, name, kind) };
}

/** Node's environment line of a results object. */
export function nodeEnvironment() {
  return { runtime: 'node', userAgent: `Node.js ${process.version} (${process.platform}; ${process.arch})` } as const;
}
