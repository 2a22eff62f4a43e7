import type { HubDatasetRef } from './hubDatasetRef.ts';

/** One file of a Hub dataset at a commit: its path, and its size and SHA-256 when the API gives them. */
export interface HubFile {
  readonly path: string;
  readonly bytes?: number;
  /** Of the file as stored; the Hub knows it for LFS files (Parquet, large JSONL) only. */
  readonly sha256?: string;
}

/** What the Hub API says of a dataset at a revision: the commit it resolved to, and the files. */
export interface HubListing {
  readonly repo: string;
  /** The commit SHA (40 hex digits) the revision resolved to. */
  readonly sha: string;
  readonly files: readonly HubFile[];
}

/**
 * Why a Hub request failed: `not-found` (no such dataset, or one the Hub will not name: it answers
 * a private one the same way), `no-revision`, `gated` (its authors must grant access), `private`,
 * else `http`/`response`.
 */
export type HubErrorCode = 'not-found' | 'no-revision' | 'gated' | 'private' | 'http' | 'response';

/** A Hub request that failed, with a message a user can act on. */
export class HubError extends Error {
  override readonly name = 'HubError';
  constructor(
    readonly code: HubErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const NO_TOKEN = 'Fairground sends no token, so it reads only public datasets; download the files yourself and import the folder';

/**
 * The listing in the Hub's answer to `GET api/datasets/{repo}/revision/{rev}`
 * (`sha`, `siblings[].rfilename`, with `blobs=true` also `size` and
 * `lfs.sha256`; `gated`), or the HubError its status means. Without a token
 * the Hub answers 401 with `X-Error-Code: RepoNotFound` both for a dataset
 * that does not exist and for a private one (so as not to say which), 404
 * `RevisionNotFound` for a revision the dataset lacks; a gated dataset is
 * listed (`"gated": "auto"` or `"manual"`) but its files are refused, so it is
 * refused here, before any file is fetched.
 *
 * @param errorCode the response's `X-Error-Code` header (`RepoNotFound`, `GatedRepo`, `RevisionNotFound`), when present.
 * @throws {HubError} for a status other than 200, a gated dataset, or a body without `sha` and `siblings`.
 * @example hubListingFromApi({ repo: 'o/d' }, 'https://huggingface.co/', 200, { sha: 'a'.repeat(40), siblings: [{ rfilename: 'corpus.jsonl', size: 9 }] })
 *   // { repo: 'o/d', sha: 'aaaa…', files: [{ path: 'corpus.jsonl', bytes: 9 }] }
 */
export function hubListingFromApi(ref: HubDatasetRef, host: string, status: number, body: unknown, errorCode?: string | null): HubListing {
  const at = ref.revision ? ` at revision "${ref.revision}"` : '';
  if (errorCode === 'RevisionNotFound') return fail('no-revision', `"${ref.repo}" has no revision "${ref.revision ?? 'main'}" on the Hub at ${host}`);
  if (errorCode === 'RepoNotFound' && status === 401) {
    return fail('not-found', `no dataset "${ref.repo}" on the Hub at ${host}, or it is private (the Hub answers both alike). ${NO_TOKEN}`);
  }
  if (status === 404 || errorCode === 'RepoNotFound') {
    const which = status === 404 && ref.revision ? ` (or it has no revision "${ref.revision}")` : '';
    return fail('not-found', `no dataset "${ref.repo}" on the Hub at ${host}${which}`);
  }
  if (errorCode === 'GatedRepo') return fail('gated', gatedMessage(ref.repo, `HTTP ${status}`));
  if (status === 401 || status === 403) return fail('private', `the Hub refused "${ref.repo}"${at} (HTTP ${status}): the dataset is private or gated. ${NO_TOKEN}`);
  if (status !== 200) return fail('http', `the Hub answered HTTP ${status} for "${ref.repo}"${at}`);
  const b = (body ?? {}) as { sha?: unknown; siblings?: unknown; gated?: unknown };
  if (typeof b.sha !== 'string' || !/^[0-9a-f]{40}$/.test(b.sha) || !Array.isArray(b.siblings)) {
    return fail('response', `the Hub's answer for "${ref.repo}" has no commit sha and file list (is ${host} a Hub?)`);
  }
  if (b.gated !== undefined && b.gated !== false && b.gated !== null && b.gated !== 'false') {
    return fail('gated', gatedMessage(ref.repo, typeof b.gated === 'string' ? `access "${b.gated}"` : 'gated'));
  }
  const files = b.siblings.flatMap((s: { rfilename?: unknown; size?: unknown; lfs?: { sha256?: unknown } }): HubFile[] => {
    if (typeof s?.rfilename !== 'string') return [];
    const bytes = typeof s.size === 'number' && Number.isSafeInteger(s.size) && s.size > 0 ? s.size : undefined;
    const sha256 = typeof s.lfs?.sha256 === 'string' && /^[0-9a-f]{64}$/.test(s.lfs.sha256) ? s.lfs.sha256 : undefined;
    return [{ path: s.rfilename, ...(bytes !== undefined ? { bytes } : {}), ...(sha256 !== undefined ? { sha256 } : {}) }];
  });
  return { repo: ref.repo, sha: b.sha, files };
}

/** A gated dataset, named as such: its files are refused to anyone its authors have not let in. */
function gatedMessage(repo: string, how: string): string {
  return `"${repo}" is a gated dataset on the Hub (${how}): its files are given only to signed-in users its authors let in. ${NO_TOKEN}`;
}

/**
 * The message for a file download the Hub refused (`errorCode`: the response's `X-Error-Code`).
 * @example hubFileRefusal(401, 'corpus.parquet') // 'the Hub refused corpus.parquet (HTTP 401): the dataset is private or gated. Fairground sends no token, …'
 */
export function hubFileRefusal(status: number, path: string, errorCode?: string | null): string {
  if (errorCode === 'GatedRepo') return `the Hub refused ${path} (HTTP ${status}): the dataset is gated. ${NO_TOKEN}`;
  if (status === 401 || status === 403) return `the Hub refused ${path} (HTTP ${status}): the dataset is private or gated. ${NO_TOKEN}`;
  if (status === 404) return `the Hub has no file ${path} at this commit (HTTP 404)`;
  return `the Hub answered HTTP ${status} for ${path}`;
}

function fail(code: HubErrorCode, message: string): never {
  throw new HubError(code, message);
}
