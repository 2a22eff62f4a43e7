/**
 * Configures transformers.js for one model source, inside a worker. Pure
 * decisions (which flags, which paths) are here; the worker applies them.
 */
import { DEFAULT_HUB_HOST, FOLDER_PREFIX, type ModelSource } from '../core/models/modelSource.ts';

/** The subset of transformers.js' `env` that Fairground sets. */
export interface TransformersEnvLike {
  allowLocalModels: boolean;
  allowRemoteModels: boolean;
  localModelPath: string;
  remoteHost: string;
  useBrowserCache: boolean;
  fetch: (input: string | URL, init?: RequestInit) => Promise<Response>;
}

/**
 * Environment flags for a source, for a site whose root is at `sitePath`
 * (e.g. `/` or `/fairground/`). Local paths must be paths, not URLs:
 * transformers.js treats a URL as remote and skips its local look-up.
 */
export function envForSource(source: ModelSource, sitePath: string): Pick<TransformersEnvLike, 'allowLocalModels' | 'allowRemoteModels' | 'localModelPath' | 'remoteHost' | 'useBrowserCache'> {
  switch (source.kind) {
    case 'bundled':
      return { allowLocalModels: true, allowRemoteModels: false, localModelPath: `${sitePath}models/`, remoteHost: DEFAULT_HUB_HOST, useBrowserCache: false };
    case 'folder':
      return { allowLocalModels: true, allowRemoteModels: false, localModelPath: `${sitePath}${FOLDER_PREFIX.slice(1)}`, remoteHost: DEFAULT_HUB_HOST, useBrowserCache: false };
    case 'hub':
      return { allowLocalModels: false, allowRemoteModels: true, localModelPath: `${sitePath}models/`, remoteHost: source.host.endsWith('/') ? source.host : `${source.host}/`, useBrowserCache: true };
  }
}

/**
 * A fetch that answers requests for a picked folder's files from the Blobs
 * the user chose (no network), and passes everything else to `base`.
 */
export function folderFetch(source: ModelSource, sitePath: string, origin: string, fetchFn: typeof fetch): (input: string | URL, init?: RequestInit) => Promise<Response> {
  // Model files bypass the browser's HTTP cache: transformers.js probes a file
  // (a Range request) while it downloads it, and Chromium then fails the
  // download with ERR_CACHE_WRITE_FAILURE ("network error"). Hub files are
  // kept in transformers.js' own Cache Storage instead; bundled ones are local.
  const base = async (input: string | URL, init?: RequestInit) => withKnownLength(await fetchFn(input, { ...init, cache: 'no-store' }));
  if (source.kind === 'bundled') return onceEach(base);
  if (source.kind !== 'folder') return base;
  const prefix = new URL(`${sitePath}${FOLDER_PREFIX.slice(1)}${source.id}/`, origin).href;
  return async (input, init) => {
    const url = typeof input === 'string' ? new URL(input, origin).href : input.href;
    if (!url.startsWith(prefix)) return base(input, init);
    const blob = source.files[decodeURIComponent(url.slice(prefix.length))];
    if (!blob) return new Response('not in the picked folder', { status: 404 });
    return new Response(blob, { status: 200, headers: { 'content-length': String(blob.size) } });
  };
}

/**
 * A whole response whose length the body will not match: one with no Content-Length (a host that
 * compresses on the fly sends it chunked), or a compressed one (its length is the compressed size).
 * transformers.js reads a model file into a buffer of the announced length and, past it, into a
 * new buffer one chunk larger for every chunk — for a 10 MB file some 160 buffers and a gigabyte
 * copied, each buffer 15–100 µs to allocate in Chromium — so such a body is read here in one go
 * and handed on with its length. A response with a true length is passed as it is (its download
 * progress still streams).
 */
export async function withKnownLength(response: Response): Promise<Response> {
  if (response.status !== 200 || !response.body) return response;
  const encoding = response.headers.get('content-encoding');
  if (response.headers.get('content-length') !== null && (encoding === null || encoding === 'identity')) return response;
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.set('content-length', String(body.byteLength));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A fetch that downloads each URL once and answers every later GET of it from the bytes kept, for
 * a bundled model's files (a few MB, on the site itself). transformers.js asks for a local model
 * file twice — once for its size (a whole GET whose body it never reads, `get_file_metadata`), once
 * to read it — and the tokenizer's files once per loader, so without this the demo's GloVe model
 * crossed the wire twice (2 × 10 MB) in each worker. `keep(url)` says which URLs are kept (all by
 * default). Requests with a Range header, and failed ones, are not kept.
 */
export function onceEach(fetchFn: (input: string | URL, init?: RequestInit) => Promise<Response>, keep: (url: string) => boolean = () => true): (input: string | URL, init?: RequestInit) => Promise<Response> {
  const kept = new Map<string, Promise<{ blob: Blob; type: string | null } | Response>>();
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input.href;
    const method = init?.method ?? 'GET';
    if (!keep(url) || method !== 'GET' || new Headers(init?.headers).has('range')) return fetchFn(input, init);
    let file = kept.get(url);
    if (!file) {
      // Kept at once, so that a second call before the first answer waits for it instead of fetching again.
      file = fetchFn(input, init).then((response) => (response.status === 200 ? response.blob().then((blob) => ({ blob, type: response.headers.get('content-type') })) : response));
      kept.set(url, file);
      void file.then(
        (f) => f instanceof Response && kept.delete(url),
        () => kept.delete(url),
      );
    }
    const got = await file;
    if (got instanceof Response) return got;
    const headers = new Headers({ 'content-length': String(got.blob.size) });
    if (got.type) headers.set('content-type', got.type);
    return new Response(got.blob, { status: 200, headers });
  };
}

/**
 * `fetchFn` with `urls` fetched from now on, once (onceEach), and answered from what came: for
 * files a library will ask for later in the load (ONNX Runtime's binary, onnxEnv.ts
 * `onnxRuntimeFiles`), so they download beside the model's instead of after them.
 */
export function prefetching(fetchFn: (input: string | URL, init?: RequestInit) => Promise<Response>, urls: readonly string[]): (input: string | URL, init?: RequestInit) => Promise<Response> {
  const wanted = new Set(urls);
  const once = onceEach(fetchFn, (url) => wanted.has(url));
  for (const url of urls) void once(url).catch(() => undefined);
  return once;
}
