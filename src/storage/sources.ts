import { FormatError } from '../core/formats/formatError.ts';
import { parseManifest } from '../core/formats/manifest.ts';
import type { Manifest } from '../core/formats/manifest.ts';
import { buildMtebManifest } from '../core/formats/mteb.ts';
import { hubFileRefusal } from '../core/hub/hubListing.ts';
import { sha256Hex } from '../core/sha256.ts';
import { shardUrl } from './shardUrl.ts';

/** A manifest with the SHA-256 of the bytes it was read from. */
export interface SourceManifest {
  readonly manifest: Manifest;
  readonly sha256: string;
}

/** Where a dataset's files come from: a base URL or files the user picked. */
export interface DatasetSource {
  /** The URL or folder name, for messages. */
  readonly label: string;
  /** @throws {FormatError} for a missing or invalid manifest. */
  readManifest(): Promise<SourceManifest>;
  /** The raw bytes of a shard file (still gzipped for .gz). */
  openShard(path: string, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>>;
  /** The file's size in bytes, when it can be known without reading it. */
  shardSize(path: string): Promise<number | undefined>;
  /**
   * A structured-cloneable way to open the same file in another thread (the
   * inflate worker), or undefined when there is none (a custom fetch).
   */
  shardHandle?(path: string): ShardHandle | undefined;
}

/** A part file another thread can open with `openShardHandle`: an absolute URL, or the picked file itself. */
export type ShardHandle =
  | { readonly kind: 'url'; readonly url: string; readonly path: string; /** A file of a Hub dataset: refusals are worded for the Hub. */ readonly hub?: true }
  | { readonly kind: 'blob'; readonly blob: Blob };

/** The raw bytes of a shard from its handle, as the source's `openShard` gives them. */
export async function openShardHandle(handle: ShardHandle, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  if (handle.kind === 'blob') return handle.blob.stream() as ReadableStream<Uint8Array>;
  const response = await fetch(handle.url, { signal });
  if (!response.ok && handle.hub) throw new Error(hubFileRefusal(response.status, handle.path));
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText} for ${handle.url}`);
  return shardBody(response, handle.path);
}

/** A shard's response body, refused when the browser has already unzipped a .gz file. */
export function shardBody(response: Response, path: string): ReadableStream<Uint8Array> {
  if (!response.body) throw new Error(`empty response for ${path}`);
  if (path.endsWith('.gz') && /gzip/i.test(response.headers.get('content-encoding') ?? '')) {
    // fetch() has already unzipped it, so the bytes (and their SHA-256) are not the file's.
    throw new Error(
      `the server sent ${path} with "Content-Encoding: gzip", so the browser unzipped it; serve .gz files as application/gzip without a Content-Encoding header`,
    );
  }
  return response.body;
}

function manifestFromBytes(bytes: Uint8Array): SourceManifest {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (e) {
    throw new FormatError(`manifest.json is not valid JSON: ${(e as Error).message}`);
  }
  return { manifest: parseManifest(json), sha256: sha256Hex(bytes) };
}

/**
 * A dataset served over HTTP: `<base>/manifest.json` and `<base>/<path>`.
 * A relative base (e.g. `datasets/freelance-twins/`, the bundled datasets)
 * resolves against the page address. Every shard path must stay inside the
 * base folder on its origin (`shardUrl`): the manifest is refused, before any
 * shard is requested, when one does not.
 */
export function urlSource(base: string | URL, fetchFn?: typeof fetch): DatasetSource {
  const fetchWith: typeof fetch = fetchFn ?? ((...a) => fetch(...a));
  const href = String(base);
  const root = new URL(href.endsWith('/') ? href : href + '/', (globalThis as { location?: { href: string } }).location?.href);
  const get = async (url: URL, init?: RequestInit) => {
    const response = await fetchWith(url, init);
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText} for ${url.href}`);
    return response;
  };
  return {
    label: root.href,
    async readManifest() {
      let response: Response;
      try {
        response = await get(new URL('manifest.json', root));
      } catch (e) {
        throw new FormatError(`could not fetch manifest.json: ${(e as Error).message}`);
      }
      const read = manifestFromBytes(new Uint8Array(await response.arrayBuffer()));
      read.manifest.shards.forEach((s, i) => {
        try {
          shardUrl(s.path, root);
        } catch (e) {
          throw new FormatError(`manifest: shards[${i}].${(e as Error).message}`);
        }
      });
      return read;
    },
    async openShard(path, signal) {
      return shardBody(await get(shardUrl(path, root), { signal }), path);
    },
    // Another thread can fetch the same URL, unless a custom fetch must be used.
    shardHandle: fetchFn ? undefined : (path) => ({ kind: 'url', url: shardUrl(path, root).href, path }),
    async shardSize(path) {
      try {
        const length = (await get(shardUrl(path, root), { method: 'HEAD' })).headers.get('content-length');
        return length === null ? undefined : Number(length);
      } catch {
        return undefined;
      }
    },
  };
}

/** A picked or dropped file with its path inside the picked folder. */
export interface PickedFile {
  readonly path: string;
  readonly file: Blob & { readonly lastModified?: number };
}

/** Picker files as PickedFiles: the path is `webkitRelativePath` for a folder pick, else the name. */
export function pickedFiles(files: Iterable<File>): PickedFile[] {
  return [...files].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
}

/**
 * A dataset from picked files. With a manifest.json (the shallowest one),
 * shard paths are relative to its folder. Without one, the files must form a
 * plain MTEB folder and `buildMtebManifest` writes the manifest; its id is
 * the slug of the picked folder's name (or of `name`).
 * @throws {FormatError} (from readManifest) when neither applies.
 */
export function filesSource(files: readonly PickedFile[], name?: string): DatasetSource {
  const clean = files.map((f) => ({ ...f, path: f.path.replace(/\\/g, '/').replace(/^(\.\/)+|^\/+/, '') }));
  const manifests = clean.filter((f) => f.path === 'manifest.json' || f.path.endsWith('/manifest.json'));
  manifests.sort((a, b) => a.path.split('/').length - b.path.split('/').length);
  const manifestFile = manifests[0];
  let root: string;
  if (manifestFile) {
    root = manifestFile.path.slice(0, -'manifest.json'.length);
  } else {
    const tops = new Set(clean.map((f) => (f.path.includes('/') ? f.path.split('/')[0] : '')));
    root = tops.size === 1 && !tops.has('') ? `${[...tops][0]}/` : '';
  }
  const byPath = new Map(clean.filter((f) => f.path.startsWith(root)).map((f) => [f.path.slice(root.length), f.file]));
  const folderName = name ?? (root ? root.slice(0, -1).split('/').pop()! : 'mteb-dataset');
  const fileAt = (path: string) => {
    const file = byPath.get(path);
    if (!file) throw new Error(`file "${path}" is not among the picked files`);
    return file;
  };
  return {
    label: folderName,
    async readManifest() {
      if (manifestFile) return manifestFromBytes(new Uint8Array(await manifestFile.file.arrayBuffer()));
      const listing = [...byPath].map(([path, f]) => ({ path, bytes: f.size, lastModified: f.lastModified }));
      const manifest = buildMtebManifest(listing, folderName);
      return { manifest, sha256: sha256Hex(new TextEncoder().encode(JSON.stringify(manifest))) };
    },
    async openShard(path) {
      return fileAt(path).stream() as ReadableStream<Uint8Array>;
    },
    shardHandle: (path) => ({ kind: 'blob', blob: fileAt(path) }),
    async shardSize(path) {
      return byPath.get(path)?.size;
    },
  };
}
