import { datasetCardHints } from './datasetCard.ts';
import type { DatasetCardHints } from './datasetCard.ts';
import { hubDatasetApiUrl, hubDatasetFileUrl } from './hubDatasetRef.ts';
import type { HubDatasetRef } from './hubDatasetRef.ts';
import { HubError, hubListingFromApi } from './hubListing.ts';
import type { HubListing } from './hubListing.ts';
import { buildHubManifest } from './hubManifest.ts';
import type { HubManifestOptions } from './hubManifest.ts';
import type { Manifest } from '../formats/manifest.ts';

/** The one request a Hub read makes: `fetch` as the browser and Node have it, never with credentials. */
export type HubFetch = (url: string, init: { credentials: 'omit' }) => Promise<Response>;

/**
 * Reads what the manifest of a Hub dataset is built from, the same way in the
 * browser (storage/hubSource.ts) and the CLI (cli/node/hubDataset.ts): the API's
 * listing at the revision, then, when the dataset has one, its card
 * (README.md at that commit: the `fairground:` block, datasetCard.ts).
 * A card that cannot be fetched is read as empty: its hints are optional.
 *
 * @throws {HubError} from the listing (not found, private, unreachable);
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
  return { listing, card, manifest: buildHubManifest(ref, listing, { ...options, card }) };
}
