import { hubDatasetFileUrl, hubDatasetRefText } from '../core/hub/hubDatasetRef.ts';
import type { HubDatasetRef } from '../core/hub/hubDatasetRef.ts';
import { hubFileRefusal } from '../core/hub/hubListing.ts';
import type { HubListing } from '../core/hub/hubListing.ts';
import type { HubManifestOptions } from '../core/hub/hubManifest.ts';
import { readHubManifest } from '../core/hub/readHubManifest.ts';
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
 * `options`: the user's map of files to roles and twins groups (the Datasets view's form),
 * for a layout Fairground does not recognise by itself.
 *
 * readManifest throws a HubError (no such dataset, private or gated), the
 * HubLayoutError of files it cannot place (the form asks the user) or the
 * FormatError of a subset or split that is not there; the importer reports them.
 * @example await importDataset(db, hubSource('https://huggingface.co/', parseHubDatasetRef('mteb/scifact')))
 */
export function hubSource(host: string, ref: HubDatasetRef, fetchFn?: typeof fetch, options: Omit<HubManifestOptions, 'card'> = {}): DatasetSource {
  const fetchWith: typeof fetch = fetchFn ?? ((...a) => fetch(...a));
  let listing: HubListing | undefined;
  const fileUrl = (path: string) => {
    if (!listing) throw new Error('hubSource: a file was asked for before the manifest was read');
    return hubDatasetFileUrl(host, ref.repo, listing.sha, path);
  };
  return {
    label: hubDatasetRefText(ref),
    async readManifest() {
      const read = await readHubManifest(host, ref, fetchWith, options);
      listing = read.listing;
      const manifest = read.manifest;
      return { manifest, sha256: sha256Hex(new TextEncoder().encode(JSON.stringify(manifest))) };
    },
    async openShard(path, signal) {
      const response = await fetchWith(fileUrl(path), { signal, credentials: 'omit' });
      if (!response.ok) throw new Error(hubFileRefusal(response.status, path, response.headers.get('x-error-code')));
      return shardBody(response, path);
    },
    shardHandle: fetchFn ? undefined : (path) => ({ kind: 'url', url: fileUrl(path), path, hub: true }),
    async shardSize(path) {
      // The listing's size first; else the Hub's X-Linked-Size (an LFS file's, on the redirect to
      // its CDN), else the length sent, unless the body came gzip-encoded (then it is not the file's).
      const listed = listing?.files.find((f) => f.path === path)?.bytes;
      if (listed !== undefined) return listed;
      const response = await fetchWith(fileUrl(path), { method: 'HEAD', credentials: 'omit' }).catch(() => undefined);
      if (!response?.ok) return undefined;
      const linked = response.headers.get('x-linked-size');
      const length = /gzip|br|deflate/i.test(response.headers.get('content-encoding') ?? '') ? null : response.headers.get('content-length');
      const size = Number(linked ?? length ?? NaN);
      return Number.isSafeInteger(size) && size >= 0 ? size : undefined;
    },
  };
}
