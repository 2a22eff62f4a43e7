import type { CliIo } from '../../../src/cli/command.ts';
import { InputError } from '../../../src/cli/errors.ts';

/** An in-memory CliIo over a map of file contents, recording stdout and stderr. */
export function memoryIo(files: Record<string, string>): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    async readText(path: string) {
      if (!(path in files)) throw new InputError('cannot read file (ENOENT)', path);
      return files[path];
    },
    async listDir() {
      return [];
    },
    stdout(text: string) {
      io.out += text;
    },
    stderr(text: string) {
      io.err += text;
    },
    async writeFile(path: string, text: string) {
      files[path] = text;
    },
  };
  return io;
}
