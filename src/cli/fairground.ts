/**
 * Entry point of the `fairground` binary (Node). All logic is in main.ts so
 * that tests can call it with an in-memory CliIo.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { main } from './main.ts';
import type { CliIo } from './command.ts';
import { InputError } from './errors.ts';

const io: CliIo = {
  async readText(path) {
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      throw new InputError(`cannot read file (${(error as NodeJS.ErrnoException).code ?? 'error'})`, path);
    }
  },
  async listDir(path) {
    try {
      return await readdir(path);
    } catch (error) {
      throw new InputError(`cannot read directory (${(error as NodeJS.ErrnoException).code ?? 'error'})`, path);
    }
  },
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  async writeFile(path, text) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  },
};

process.exitCode = await main(process.argv.slice(2), io);
