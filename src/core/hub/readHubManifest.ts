import { datasetCardHints } from './datasetCard.ts';
import type { DatasetCardHints } from './datasetCard.ts';
import { hubDatasetApiUrl, hubDatasetFileUrl } from './hubDatasetRef.ts';
import type { HubDatasetRef } from './hubDatasetRef.ts';
import { HubError, hubFileRefusal, hubListingFromApi } from './hubListing.ts';
import type { HubListing } from './hubListing.ts';
import { buildHubManifest } from './hubManifest.ts';
import type { HubManifestOptions } from './hubManifest.ts';
import type { Manifest } from '../formats/manifest.ts';
import { HubLayoutError } from './hubLayoutError.ts';
import { twinGroupsOfFiles } from './twinGroups.ts';

/** The one request a Hub read makes: `fetch` as the browser and Node have it, never with credentials. */
export type HubFetch = (url: string, init: { credentials: 'omit' }) => Promise<Response>;

/**
 * Reads what the manifest of a Hub dataset is built from, the same way in the
 * browser (storage/hubSource.ts) and the CLI (cli/node/hubDataset.ts): the API's
 * listing at the revision, then, when the dataset has one, its card
 * (README.md at that commit: the `fairground:` block, datasetCard.ts).
 * A card that cannot be fetched is read as empty: its hints are optional.
 * Twins whose groups neither the user nor the card gives: their files are
 * fetched and the groups read from the records (twinGroups.ts); two or more
 * are needed, else the HubLayoutError asking for them stands.
 *
 * @throws {HubError} from the listing (not found, no such revision, gated — before any file is
 *   fetched —, private, unreachable);
 *   the FormatError or HubLayoutError of buildHubManifest.
 * @example const { manifest } = await readHubManifest('https://huggingface.co/', { repo: 'mteb/scifact' }, fetch)
 */
export async function readHubManifest(
  host: string, ref: HubDatasetRef, fetchFn: HubFetch, options: Omit<HubManifestOptions, 'card'> = {},
): Promise<{ listing: HubListing; card: DatasetCardHints; manifest: Manifest }> {
  let response: Response;
  try {
    response = await fetchFn(hubDatasetApiUrl(host, ref), { credentials: 'omit' });
  } catch (e) {
    throw new HubError('http', `could not reach the Hub at ${host} (${(e as Error).message})`);
  }
  const body: unknown = response.ok ? await response.json().catch(() => undefined) : undefined;
  const listing = hubListingFromApi(ref, host, response.status, body, response.headers.get('x-error-code'));
  let card: DatasetCardHints = {};
  if (listing.files.some((f) => f.path === 'README.md')) {
    const readme = await fetchFn(hubDatasetFileUrl(host, ref.repo, listing.sha, 'README.md'), { credentials: 'omit' })
      .then((r) => (r.ok ? r.text() : ''), () => '');
    card = datasetCardHints(readme);
  }
  try {
    return { listing, card, manifest: buildHubManifest(ref, listing, { ...options, card }) };
  } catch (e) {
    if (!(e instanceof HubLayoutError) || e.gap !== 'groups') throw e;
    const recordGroups: Record<string, string[]> = {};
    for (const [attribute, paths] of Object.entries(e.twinFiles)) {
      const files = await Promise.all(paths.map(async (path) => {
        const r = await fetchFn(hubDatasetFileUrl(host, ref.repo, listing.sha, path), { credentials: 'omit' });
        if (!r.ok) throw new HubError(r.status === 401 || r.status === 403 ? 'private' : 'http', hubFileRefusal(r.status, path, r.headers.get('x-error-code')));
        return { path, bytes: new Uint8Array(await r.arrayBuffer()) };
      }));
      // A file that cannot be read gives no groups here; the import reads it again and names what is wrong.
      const groups = await twinGroupsOfFiles(files).catch(() => []);
      if (groups.length >= 2) recordGroups[attribute] = groups;
    }
    if (Object.keys(recordGroups).length === 0) throw e;
    return { listing, card, manifest: buildHubManifest(ref, listing, { ...options, card, recordGroups }) };
  }
}
