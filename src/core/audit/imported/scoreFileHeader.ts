/**
 * The provenance line of a file exported for scoring and, optionally, of
 * the scores that come back: `# fairground-dataset: <id>@<version> sha256:<hex>`.
 * A score file that carries it is refused when it names another dataset or
 * version; one without it is matched by its ids alone.
 */
import { FormatError } from '../../formats/formatError.ts';

export interface DatasetIdentity {
  readonly id: string;
  readonly version: string;
  readonly manifestSha256: string;
}

const PREFIX = '# fairground-dataset:';
const LINE = /^# fairground-dataset:\s*(\S+)@(\S+)\s+sha256:([0-9a-f]{64})\s*$/;

/** The provenance line of `dataset`. @example scoreFileHeader({ id: 'x', version: '1', manifestSha256: 'ab…' }) */
export function scoreFileHeader(dataset: DatasetIdentity): string {
  return `${PREFIX} ${dataset.id}@${dataset.version} sha256:${dataset.manifestSha256}`;
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
      const m = LINE.exec(line);
      if (!m) throw new FormatError(`malformed provenance line; expected "${PREFIX} <id>@<version> sha256:<64 hex>"`, i + 1);
      const [, id, version, sha] = m;
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
