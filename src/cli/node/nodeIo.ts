/**
 * The CLI's CliIo in Node: files read by the importer's rules
 * (inputFile.ts), the process's stdout and stderr.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CliIo } from '../command.ts';
import { InputError } from '../errors.ts';
import { checkInputPath } from './checkInput.ts';
import { readFileLines, readFileLineChunks, readInputText } from './inputFile.ts';

export const nodeIo: CliIo = {
  // Strict UTF-8, 8 MiB lines, 256 MiB in all, gzip read as its text: the importer's rules (node/inputFile.ts).
  readText: readInputText,
  // Streamed, no size limit but the inflated one: a run of millions of lines (eval retrieval).
  readLines: (path) => readFileLines(path),
  readLineChunks: (path) => readFileLineChunks(path),
  sha256: (path) =>
    new Promise((resolve, reject) => {
      const hash = createHash('sha256');
      createReadStream(path)
        .on('data', (b) => hash.update(b))
        .on('error', reject)
        .on('end', () => resolve(hash.digest('hex')));
    }),
  async readBytes(path) {
    try {
      const b = await readFile(path);
      return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    } catch (error) {
      throw new InputError(`cannot read file (${(error as NodeJS.ErrnoException).code ?? 'error'})`, path);
    }
  },
  async isDirectory(path) {
    try {
      return (await stat(path)).isDirectory();
    } catch (error) {
      throw new InputError(`cannot read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, path);
    }
  },
  async listDir(path) {
    try {
      return await readdir(path);
    } catch (error) {
      throw new InputError(`cannot read directory (${(error as NodeJS.ErrnoException).code ?? 'error'})`, path);
    }
  },
  checkInput: checkInputPath,
  stdout: (text) => void process.stdout.write(text),
  isTerminal: process.stdout.isTTY === true,
  stderr: (text) => void process.stderr.write(text),
  async writeFile(path, text) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  },
};
