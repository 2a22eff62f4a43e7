import type { ParsedArgs } from './args.ts';
import type { InputKind, OptionSpec } from './strictArgs.ts';
import type { LinesChunk } from '../core/formats/lineSplitter.ts';
import type { NumberedLine } from '../core/formats/lines.ts';

/** What a command may touch: the file system through `readText`, and its output. */
export interface CliIo {
  readText(path: string): Promise<string>;
  /** A file's non-blank lines, batch by batch, streamed (Node); without it a command reads the text whole. */
  readLines?(path: string): AsyncIterable<readonly NumberedLine[]>;
  /** The same lines as chunks of whole lines read in place (lineSplitter.ts), where the io streams (Node). */
  readLineChunks?(path: string): AsyncIterable<LinesChunk>;
  /** SHA-256 (hex) of a file's bytes, where the io can read bytes (Node); imported files are named by it. */
  sha256?(path: string): Promise<string>;
  /** A file's bytes, where the io can read bytes (Node); binary vector files (.npy, safetensors) need it. */
  readBytes?(path: string): Promise<Uint8Array>;
  /** Whether a path is a directory (false for a file); @throws {InputError} when it does not exist. */
  isDirectory?(path: string): Promise<boolean>;
  /**
   * Checks that an input path can be read as `kind` before a command starts (Node); absent on
   * in-memory ios. @throws {InputError} naming the path: missing, unreadable, a folder where a
   * file is wanted (or the reverse), a FIFO, socket or device.
   */
  checkInput?(path: string, kind: InputKind): Promise<void>;
  /** The file the last lines read from `path` came from: a shard, where `path` is a folder of score shards (scoreShardsIo.ts); else `path`. */
  sourceOf?(path: string): string;
  /** Lists a directory's entries (names only). */
  listDir(path: string): Promise<string[]>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** True when stdout is a terminal (Node): `compare` and `check` then print a table instead of JSON. */
  readonly isTerminal?: boolean;
  writeFile(path: string, text: string): Promise<void>;
}

/** A command's output that is a file's text (JSON Lines, CSV) rather than one JSON object. */
export class TextOutput {
  constructor(readonly text: string) {}
}

/** A command's output with the exit code the CLI ends with (`check`: 1 when a rule fails). */
export class ExitWith {
  constructor(
    readonly output: unknown,
    readonly code: 0 | 1,
  ) {}
}

/** One `fairground` (sub)command. `run` returns the JSON result to print (or a TextOutput, printed as is; either wrapped in ExitWith to end with another code). */
export interface Command {
  readonly name: string;
  readonly usage: string;
  readonly summary: string;
  /** Every option it takes (besides --out, --help, --version): anything else is refused. */
  readonly options: OptionSpec;
  /** True when `--out` is the command's own output path (a folder it writes), so the JSON result is printed; a function decides by the arguments (`export-for-scoring --shards`). */
  readonly ownsOut?: boolean | ((args: ParsedArgs) => boolean);
  run(args: ParsedArgs, io: CliIo): Promise<unknown>;
}
