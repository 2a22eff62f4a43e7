/**
 * Configures transformers.js for one model source, inside a worker. Pure
 * decisions (which flags, which paths) are here; the worker applies them.
 */
import { DEFAULT_HUB_HOST, FOLDER_PREFIX, type ModelSource } from './modelSource.ts';

/** The subset of transformers.js' `env` that Fairground sets. */
export interface TransformersEnvLike {
  allowLocalModels: boolean;
  allowRemoteModels: boolean;
  localModelPath: string;
  remoteHost: string;
  useBrowserCache: boolean;
  fetch: (input: string | URL, init?: RequestInit) => Promise<Response>;
}

/** Environment flags for a source served from `origin` (the site's own origin). */
export function envForSource(source: ModelSource, origin: string): Pick<TransformersEnvLike, 'allowLocalModels' | 'allowRemoteModels' | 'localModelPath' | 'remoteHost' | 'useBrowserCache'> {
  switch (source.kind) {
    case 'bundled':
      return { allowLocalModels: true, allowRemoteModels: false, localModelPath: new URL('models/', origin).href, remoteHost: DEFAULT_HUB_HOST, useBrowserCache: false };
    case 'folder':
      return { allowLocalModels: true, allowRemoteModels: false, localModelPath: new URL(FOLDER_PREFIX, origin).href, remoteHost: DEFAULT_HUB_HOST, useBrowserCache: false };
    case 'hub':
      return { allowLocalModels: false, allowRemoteModels: true, localModelPath: new URL('models/', origin).href, remoteHost: source.host.endsWith('/') ? source.host : `${source.host}/`, useBrowserCache: true };
  }
}

/**
 * A fetch that answers requests for a picked folder's files from the Blobs
 * the user chose (no network), and passes everything else to `base`.
 */
export function folderFetch(source: ModelSource, origin: string, base: typeof fetch): (input: string | URL, init?: RequestInit) => Promise<Response> {
  if (source.kind !== 'folder') return (input, init) => base(input, init);
  const prefix = new URL(`${FOLDER_PREFIX}${source.id}/`, origin).href;
  return async (input, init) => {
    const url = typeof input === 'string' ? new URL(input, origin).href : input.href;
    if (!url.startsWith(prefix)) return base(input, init);
    const blob = source.files[decodeURIComponent(url.slice(prefix.length))];
    if (!blob) return new Response('not in the picked folder', { status: 404 });
    return new Response(blob, { status: 200, headers: { 'content-length': String(blob.size) } });
  };
}
