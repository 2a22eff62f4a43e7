/**
 * The CLI's check of an input path before a command reads it (main.ts): the
 * commonest mistakes — a missing file, a folder given for a file, a file
 * without read permission, a FIFO that would block forever — become one line
 * on stderr and exit 2, instead of a stream error's stack trace.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import type { InputKind } from '../strictArgs.ts';
import { InputError } from '../errors.ts';

/** What a path that is neither a regular file nor a folder is, in words. */
function specialKind(s: Stats): string | undefined {
  if (s.isFIFO()) return 'a FIFO (named pipe)';
  if (s.isSocket()) return 'a socket';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  return undefined;
}

const REASONS: Readonly<Record<string, string>> = Object.freeze({
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the path is too long',
});

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  return `cannot read (${REASONS[code] ? `${REASONS[code]}, ${code}` : code})`;
}

/**
 * Resolves when `path` is a readable regular file (kind 'file'), a readable folder ('folder'),
 * or either ('file-or-folder'); symbolic links are followed.
 * @throws {InputError} naming the path and what is wrong with it.
 */
export async function checkInputPath(path: string, kind: InputKind): Promise<void> {
  let s: Stats;
  try {
    s = await stat(path);
  } catch (error) {
    throw new InputError(reason(error), path);
  }
  const special = specialKind(s);
  if (special) throw new InputError(`is ${special}, not a ${kind === 'folder' ? 'folder' : 'regular file'}: give a file on disk`, path);
  if (s.isDirectory() && kind === 'file') throw new InputError('is a folder; give a file', path);
  if (!s.isDirectory() && kind === 'folder') throw new InputError('is a file; give a folder', path);
  try {
    await access(path, s.isDirectory() ? constants.R_OK | constants.X_OK : constants.R_OK);
  } catch (error) {
    throw new InputError(reason(error), path);
  }
}
