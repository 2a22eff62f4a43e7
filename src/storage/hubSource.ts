import { hubDatasetApiUrl, hubDatasetFileUrl, hubDatasetRefText } from '../core/hub/hubDatasetRef.ts';
import type { HubDatasetRef } from '../core/hub/hubDatasetRef.ts';
import { HubError, hubFileRefusal, hubListingFromApi } from '../core/hub/hubListing.ts';
import type { HubListing } from '../core/hub/hubListing.ts';
import { buildHubManifest } from '../core/hub/hubManifest.ts';
import { sha256Hex } from '../core/sha256.ts';
import { shardBody } from './sources.ts';
import type { DatasetSource } from './sources.ts';

/**
 * An MTEB-layout dataset on the Hugging Face Hub (or a mirror at `host`, the
 * address models come from) as a DatasetSource: the manifest is built from the
 * Hub API's file listing (buildHubManifest), and every file is then fetched at
 * the commit the API named, so a revision such as `main` that moves meanwhile
 * cannot mix two commits. No token is ever sent.
 *
 * readManifest throws a HubError (no such dataset, private or gated) or the
 * FormatError of a layout that is not MTEB's; the importer reports both.
 * @example await importDataset(db, hubSource('https://huggingface.co/', parseHubDatasetRef('mteb/scifact')))
 */
export function hubSource(host: string, ref: HubDatasetRef, fetchFn?: typeof fetch): DatasetSource {
  const fetchWith: typeof fetch = fetchFn ?? ((...a) => fetch(...a));
  let listing: HubListing | undefined;
  const fileUrl = (path: string) => {
    if (!listing) throw new Error('hubSource: a file was asked for before the manifest was read');
    return hubDatasetFileUrl(host, ref.repo, listing.sha, path);
  };
  return {
    label: hubDatasetRefText(ref),
    async readManifest() {
      let response: Response;
      try {
        response = await fetchWith(hubDatasetApiUrl(host, ref), { credentials: 'omit' });
      } catch (e) {
        throw new HubError('http', `could not reach the Hub at ${host} (${(e as Error).message})`);
      }
      const body: unknown = response.ok ? await response.json().catch(() => undefined) : undefined;
      listing = hubListingFromApi(ref, host, response.status, body, response.headers.get('x-error-code'));
      const manifest = buildHubManifest(ref, listing);
      return { manifest, sha256: sha256Hex(new TextEncoder().encode(JSON.stringify(manifest))) };
    },
    async openShard(path, signal) {
      const response = await fetchWith(fileUrl(path), { signal, credentials: 'omit' });
      if (!response.ok) throw new Error(hubFileRefusal(response.status, path));
      return shardBody(response, path);
    },
    shardHandle: fetchFn ? undefined : (path) => ({ kind: 'url', url: fileUrl(path), path, hub: true }),
    async shardSize(path) {
      const response = await fetchWith(fileUrl(path), { method: 'HEAD', credentials: 'omit' }).catch(() => undefined);
      const length = response?.ok ? response.headers.get('content-length') : null;
      return length === null || length === undefined ? undefined : Number(length);
    },
  };
}
