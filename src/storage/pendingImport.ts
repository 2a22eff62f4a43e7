/**
 * The marker of a URL or bundled import in progress, kept in localStorage so that an import cut
 * short by a reload or a crash resumes on the next visit. It names its dataset (once the
 * manifest is read), so the resume notice names the right one; a finished, cancelled or failed
 * import removes it, so a failure is not retried on every visit.
 */
import type { DatasetSummary } from './datasetStore.ts';

export const PENDING_IMPORT_KEY = 'fairground.pendingImport';

export interface PendingImport {
  /** The dataset folder's URL, or a Hub dataset's `hf:owner/name@commit[:config/split]`. */
  readonly url: string;
  /** For a Hub dataset: the Hub address it was imported from. */
  readonly hub?: string;
  /** For a Hub dataset whose files the user mapped: the map and the twins groups, as `--hub-map` and `--hub-groups` write them. */
  readonly hubMap?: string;
  readonly hubGroups?: string;
  /** What the user picked, for messages before the manifest is read (the bundled title, or the URL). */
  readonly label: string;
  /** Known once the manifest is read. */
  readonly datasetId?: string;
  readonly title?: string;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The marker, if any. An older version stored the bare URL; that reads as a marker without a dataset. */
export function readPendingImport(store: Pick<Storage, 'getItem'>): PendingImport | undefined {
  const raw = store.getItem(PENDING_IMPORT_KEY);
  if (raw === null) return undefined;
  if (!raw.startsWith('{')) return { url: raw, label: raw };
  try {
    const value = JSON.parse(raw) as Partial<PendingImport>;
    if (typeof value.url !== 'string') return undefined;
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return { url: value.url, label: str(value.label) ?? value.url, ...pick('hub', str(value.hub)), ...pick('hubMap', str(value.hubMap)), ...pick('hubGroups', str(value.hubGroups)), ...pick('datasetId', str(value.datasetId)), ...pick('title', str(value.title)) };
  } catch {
    return undefined;
  }
}

/** `{ [key]: value }`, or nothing when value is undefined (so a round trip adds no undefined keys). */
function pick<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

export function writePendingImport(store: KeyValueStore, pending: PendingImport): void {
  store.setItem(PENDING_IMPORT_KEY, JSON.stringify(pending));
}

export function clearPendingImport(store: KeyValueStore): void {
  store.removeItem(PENDING_IMPORT_KEY);
}

/**
 * What to do with the marker found when the Datasets view opens, given the stored datasets:
 * resume only an import that was interrupted — its dataset (or its staged newer version) still
 * `importing`, or nothing stored yet (the page went before anything was written) — and name it
 * by its own title. A failed import, or a dataset that is ready with nothing pending, is not
 * resumed (the caller drops the marker).
 */
export function resumePlan(pending: PendingImport | undefined, list: readonly DatasetSummary[]): { readonly resume: false } | { readonly resume: true; readonly title: string } {
  if (!pending) return { resume: false };
  const named = pending.title ?? pending.label;
  if (pending.datasetId === undefined) return { resume: true, title: named };
  const entry = list.find((d) => d.id === pending.datasetId);
  if (!entry) return { resume: true, title: named };
  if (entry.state === 'importing') return { resume: true, title: entry.title };
  if (entry.state === 'ready' && entry.update?.state === 'importing') return { resume: true, title: entry.update.title };
  return { resume: false };
}
