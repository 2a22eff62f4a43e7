import { FormatError } from '../formats/formatError.ts';

/**
 * A dataset on the Hugging Face Hub as a user names it:
 * `[hf:]owner/name[@revision][:config[/split]]`.
 * `config` picks a subset of a multi-subset dataset (`en` for configs
 * `en-corpus`, `en-queries`, `en-qrels`); `split` picks the qrels split.
 */
export interface HubDatasetRef {
  /** `owner/name`. */
  readonly repo: string;
  /** A branch, tag or commit; the Hub's `main` when absent. */
  readonly revision?: string;
  readonly config?: string;
  readonly split?: string;
}

/** What marks a dataset id as a Hub dataset (the CLI's `--dataset hf:…`, the resume marker). */
export const HUB_DATASET_PREFIX = 'hf:';

/** A Hub owner or repository name: letters, digits, `-`, `_`, `.`, not starting with `-` or `.`. */
const NAME = '[A-Za-z0-9_][A-Za-z0-9._-]*';
/** Git ref names may hold `/` but never `:` (git check-ref-format), so `:` ends the revision. */
const REF = new RegExp(`^(?:hf:)?(${NAME}/${NAME})(?:@([^:\\s]+))?(?::([^/\\s]+)(?:/([^/\\s]+))?)?$`);

/**
 * Parses what a user typed for a Hub dataset (the Datasets view's field, the
 * CLI's `--dataset hf:…`).
 * @throws {FormatError} saying the expected shape.
 * @example parseHubDatasetRef('hf:mteb/scifact@b3b5335:default/test')
 *   // { repo: 'mteb/scifact', revision: 'b3b5335', config: 'default', split: 'test' }
 */
export function parseHubDatasetRef(text: string): HubDatasetRef {
  const m = REF.exec(text.trim());
  if (!m) {
    throw new FormatError(`"${text}" is not a Hub dataset id: write owner/name, optionally @revision and :config or :config/split (e.g. mteb/scifact@main:default/test)`);
  }
  const [, repo, revision, config, split] = m;
  return { repo, ...(revision ? { revision } : {}), ...(config ? { config } : {}), ...(split ? { split } : {}) };
}

/**
 * The ref written back as text (the CLI's form, `hf:` included).
 * @example hubDatasetRefText({ repo: 'mteb/scifact', revision: 'abc' }) // 'hf:mteb/scifact@abc'
 */
export function hubDatasetRefText(ref: HubDatasetRef): string {
  const at = ref.revision ? `@${ref.revision}` : '';
  const config = ref.config ? `:${ref.config}${ref.split ? `/${ref.split}` : ''}` : '';
  return `hf:${ref.repo}${at}${config}`;
}

/** The Hub address with one trailing slash. */
function base(host: string): string {
  return host.endsWith('/') ? host : `${host}/`;
}

/**
 * The Hub API address that lists a dataset's files at a revision (with sizes
 * and LFS hashes: `blobs=true`), as huggingface_hub's `dataset_info` asks it.
 * @example hubDatasetApiUrl('https://huggingface.co/', { repo: 'mteb/scifact' })
 *   // 'https://huggingface.co/api/datasets/mteb/scifact/revision/main?blobs=true'
 */
export function hubDatasetApiUrl(host: string, ref: HubDatasetRef): string {
  return `${base(host)}api/datasets/${ref.repo}/revision/${encodeURIComponent(ref.revision ?? 'main')}?blobs=true`;
}

/**
 * The download address of one file of a dataset at a commit.
 * @example hubDatasetFileUrl('https://huggingface.co', 'mteb/scifact', 'abc', 'corpus/test-00000-of-00001.parquet')
 *   // 'https://huggingface.co/datasets/mteb/scifact/resolve/abc/corpus/test-00000-of-00001.parquet'
 */
export function hubDatasetFileUrl(host: string, repo: string, revision: string, path: string): string {
  const file = path.split('/').map(encodeURIComponent).join('/');
  return `${base(host)}datasets/${repo}/resolve/${encodeURIComponent(revision)}/${file}`;
}
