import type { CliIo } from '../command.ts';
import { InputError } from '../errors.ts';
import { FormatError } from '../../core/formats/formatError.ts';

/**
 * Reads `file` through the CLI's io and parses it, turning a core FormatError
 * into an InputError that names the file and line (exit code 2).
 */
export async function parseInput<T>(io: CliIo, file: string, parse: (text: string) => T): Promise<T> {
  const text = await io.readText(file);
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof FormatError) throw new InputError(error.message, file, error.line);
    throw error;
  }
}
