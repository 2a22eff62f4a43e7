/**
 * The provenance line of a file exported for scoring and, optionally, of
 * the scores that come back: `# fairground-dataset: <id>@<version> sha256:<hex>`.
 * A score file that carries it is refused when it names another dataset or
 * version; one without it is matched by its ids alone. A shard of a sharded
 * export (`export-for-scoring --shards N`) ends the line with ` shard:<i>/<N>`,
 * so the shards that come back can be checked to be all there, once each.
 */
import { FormatError } from '../../formats/formatError.ts';

export interface DatasetIdentity {
  readonly id: string;
  readonly version: string;
  readonly manifestSha256: string;
}

const PREFIX = '# fairground-dataset:';
const LINE = /^# fairground-dataset:\s*(\S+)@(\S+)\s+sha256:([0-9a-f]{64})(?:\s+shard:([1-9]\d*)\/([1-9]\d*))?\s*$/;

/** Which of a sharded export's files this is: `index` of `of`, counted from 1. */
export interface ShardPosition {
  readonly index: number;
  readonly of: number;
}

/**
 * The provenance line of `dataset` (of one shard of it, given `shard`).
 * @example scoreFileHeader({ id: 'x', version: '1', manifestSha256: 'ab…' }) // '# fairground-dataset: x@1 sha256:ab…'
 * @example scoreFileHeader(identity, { index: 2, of: 8 }) // '# fairground-dataset: x@1 sha256:ab… shard:2/8'
 */
export function scoreFileHeader(dataset: DatasetIdentity, shard?: ShardPosition): string {
  return `${PREFIX} ${dataset.id}@${dataset.version} sha256:${dataset.manifestSha256}${shard ? ` shard:${shard.index}/${shard.of}` : ''}`;
}

/** A provenance line read: the dataset it names and, for a shard, its position. */
export interface Provenance {
  readonly dataset: DatasetIdentity;
  readonly shard?: ShardPosition;
}

/**
 * Reads a provenance line; undefined for any other line (a `#` comment or data).
 * @throws {FormatError} (no line: the caller knows it) for a line that starts like one but is malformed.
 * @example readProvenance('# fairground-dataset: x@1 sha256:' + 'a'.repeat(64) + ' shard:2/8')?.shard // { index: 2, of: 8 }
 */
export function readProvenance(line: string): Provenance | undefined {
  const text = line.replace(/\r$/, '');
  if (!text.startsWith(PREFIX)) return undefined;
  const m = LINE.exec(text);
  if (!m) throw new FormatError(`malformed provenance line; expected "${PREFIX} <id>@<version> sha256:<64 hex>[ shard:<i>/<N>]"`);
  const [, id, version, manifestSha256, index, of] = m;
  const shard = index === undefined ? undefined : { index: Number(index), of: Number(of) };
  if (shard && shard.index > shard.of) throw new FormatError(`provenance line names shard ${shard.index} of ${shard.of}`);
  return { dataset: { id, version, manifestSha256 }, ...(shard ? { shard } : {}) };
}

/**
 * Checks a score file's provenance lines against `dataset` and blanks every
 * `#` comment line (line numbers are kept for the parser's messages).
 * @throws {FormatError} naming the line of a provenance line for another dataset or version.
 */
export function stripScoreFileHeader(text: string, dataset: DatasetIdentity): string {
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (!line.startsWith('#')) return;
    if (line.startsWith(PREFIX)) {
      let provenance: Provenance | undefined;
      try {
        provenance = readProvenance(line);
      } catch (e) {
        throw e instanceof FormatError ? new FormatError(e.message, i + 1) : e;
      }
      const { id, version, manifestSha256: sha } = provenance!.dataset;
      if (id !== dataset.id || version !== dataset.version || sha !== dataset.manifestSha256) {
        throw new FormatError(
          `these scores are for ${id}@${version} (sha256 ${sha.slice(0, 12)}…), not the stored ${dataset.id}@${dataset.version} (sha256 ${dataset.manifestSha256.slice(0, 12)}…): export the inputs again and score them`,
          i + 1,
        );
      }
    }
    lines[i] = '';
  });
  return lines.join('\n');
}
