/**
 * A CliIo through which a score or run path may also be a folder of score shards (what an
 * outside job writes for `export-for-scoring --shards N`): its files, in name order, joined and
 * checked by core (ScoreShardJoin: every item in exactly one shard, every shard of the export
 * there once). Names starting with `.` or `_` are left out, as Hadoop and Spark do (`_SUCCESS`,
 * `.part-00000.crc`). Each file may be gzip'd (the io reads it as its text). A plain file
 * passes through unchanged.
 */
import type { CliIo } from './command.ts';
import { InputError } from './errors.ts';
import { FormatError } from '../core/formats/formatError.ts';
import type { NumberedLine } from '../core/formats/lines.ts';
import { sha256Hex } from '../core/sha256.ts';
import { joinScoreShards, ScoreShardJoin, type ScoreShardKind } from '../core/audit/imported/index.ts';

/** A folder's shard files, in name order (code-unit order, so `part-00010` follows `part-00009`). */
export async function shardFiles(io: CliIo, dir: string): Promise<string[]> {
  const names = (await io.listDir(dir)).filter((n) => !n.startsWith('.') && !n.startsWith('_')).sort();
  if (names.length === 0) throw new InputError('the folder holds no score shards (names starting with . or _ are left out)', dir);
  return names.map((n) => `${dir.replace(/\/+$/, '')}/${n}`);
}

/** A core FormatError as the CLI's one-line InputError, naming the shard it came from. */
function named(e: unknown, dir: string, files: readonly string[]): unknown {
  if (!(e instanceof FormatError)) return e;
  return new InputError(e.message, e.file ? (files.find((f) => f.endsWith(`/${e.file}`)) ?? `${dir}/${e.file}`) : dir, e.line);
}

/**
 * `io` with folders of score shards read as one file of `kind`; `provenance: false` leaves the
 * shards' provenance line out of the joined text (eval reads bare runs).
 * @example
 * const shardIo = withScoreShards(nodeIo, 'run');
 * await shardIo.readText('scored/'); // the shards' lines, joined and checked
 */
export function withScoreShards(io: CliIo, kind: ScoreShardKind, { provenance = true } = {}): CliIo {
  const joined = new Map<string, Promise<string>>();
  /** Whether `path` is a folder (false where the io cannot tell: an in-memory io of files). */
  const isFolder = async (path: string) => (io.isDirectory ? io.isDirectory(path) : false);
  const joinedText = (dir: string) => {
    let text = joined.get(dir);
    if (!text) {
      text = (async () => {
        const files = await shardFiles(io, dir);
        const shards = [];
        for (const f of files) shards.push({ file: f.slice(f.lastIndexOf('/') + 1), text: await io.readText(f) });
        try {
          return joinScoreShards(shards, kind, provenance);
        } catch (e) {
          throw named(e, dir, files);
        }
      })();
      joined.set(dir, text);
    }
    return text;
  };
  let source: { path: string; file: string } | undefined;
  const streamed = io.readLines
    ? async function* (dir: string): AsyncGenerator<readonly NumberedLine[]> {
        const files = await shardFiles(io, dir);
        const join = new ScoreShardJoin(kind);
        try {
          for (const f of files) {
            join.startShard(f.slice(f.lastIndexOf('/') + 1));
            source = { path: dir, file: f };
            for await (const batch of io.readLines!(f)) {
              const kept: NumberedLine[] = [];
              for (const l of batch) {
                const text = join.line(l.text, l.line);
                if (text !== undefined) kept.push(text === l.text ? l : { line: l.line, text });
              }
              if (kept.length > 0) yield kept;
            }
          }
          join.finish();
        } catch (e) {
          throw named(e, dir, files);
        }
      }
    : undefined;
  return {
    ...io,
    async readText(path) {
      return (await isFolder(path)) ? joinedText(path) : io.readText(path);
    },
    ...(streamed
      ? {
          async *readLines(path: string) {
            if (await isFolder(path)) yield* streamed(path);
            else yield* io.readLines!(path);
          },
        }
      : {}),
    // A folder's lines come from the shard join above, each line a chunk of its own.
    ...(streamed && io.readLineChunks
      ? {
          async *readLineChunks(path: string) {
            if (!(await isFolder(path))) return yield* io.readLineChunks!(path);
            for await (const batch of streamed(path)) for (const l of batch) yield { text: l.text, line: l.line, count: 1 };
          },
        }
      : { readLineChunks: undefined }),
    async sha256(path) {
      if (await isFolder(path)) return sha256Hex(new TextEncoder().encode(await joinedText(path)));
      if (io.sha256) return io.sha256(path);
      return sha256Hex(new TextEncoder().encode(await io.readText(path)));
    },
    sourceOf(path) {
      return source?.path === path ? source.file : path;
    },
  };
}
