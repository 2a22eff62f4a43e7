import type { CliIo } from '../command.ts';
import { InputError } from '../errors.ts';
import { RunColumnsBuilder, runColumnsOf, type RunColumns } from '../../core/formats/runColumns.ts';
import { numberedLines } from '../../core/formats/lines.ts';
import { FormatError } from '../../core/formats/formatError.ts';

/**
 * The run file as columns, streamed line by line where the io can (Node): no whole-file text and
 * no object per line, so a run of 10 million lines fits in a few hundred MB.
 * @throws {InputError} naming the file and line.
 */
export async function readRun(io: CliIo, file: string): Promise<RunColumns> {
  try {
    if (!io.readLines) return runColumnsOf(numberedLines(await io.readText(file)));
    const builder = new RunColumnsBuilder();
    for await (const batch of io.readLines(file)) for (const l of batch) builder.add(l.text, l.line);
    return builder.finish();
  } catch (error) {
    if (error instanceof FormatError) throw new InputError(error.message, io.sourceOf?.(file) ?? file, error.line);
    throw error;
  }
}

