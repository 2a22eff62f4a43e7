/**
 * The Datasets view's state: the stored datasets, storage use, and the one
 * import that may be running (with progress, cancel and resume).
 */
import {
  browserLocalDataEnv,
  clearPendingImport,
  defaultLocks,
  deleteAllLocalData,
  deleteDataset,
  filesSource,
  heldImportLocks,
  hubSource,
  importDataset,
  importLockFreed,
  ImportError,
  listDatasets,
  pickedFiles,
  readPendingImport,
  resumePlan,
  storageEstimate,
  urlSource,
  workerPartRunner,
  workerShardReader,
  writePendingImport,
  type DatasetSource,
  type DatasetSummary,
  type ImportProgress,
  type PendingImport,
  type PickedFile,
} from '../../storage/index.ts';
import { BUNDLED_DATASETS } from '../bundledDatasets.ts';
import { unzipPackage } from '../../core/package/zipPackage.ts';
import { blockedByPolicy, pagePolicy } from '../settings/connectPolicy.ts';
import { database } from './database.ts';
import { settings } from './settings.svelte.ts';
import { FormatError } from '../../core/formats/formatError.ts';
import { HUB_DATASET_PREFIX, parseHubDatasetRef } from '../../core/hub/hubDatasetRef.ts';
import { hubFileMapText, parseHubFileMap, parseTwinGroups, twinGroupsText } from '../../core/hub/hubFileMap.ts';
import type { HubFileMap } from '../../core/hub/hubFileMap.ts';
import { HubLayoutError } from '../../core/hub/hubLayoutError.ts';
import type { HubLayoutQuestion } from './hubMapForm.svelte.ts';

export interface ActiveImport {
  readonly label: string;
  progress: ImportProgress | undefined;
  readonly controller: AbortController;
  /** Known once the manifest is read. */
  datasetId: string | undefined;
  title: string | undefined;
  /** True while another tab imports the same dataset and this one waits for it. */
  waiting: boolean;
}

/** What the user answered for a Hub dataset's layout (the form): the files' parts and the twins groups. */
export interface HubAnswers {
  readonly map?: HubFileMap;
  readonly groups?: Record<string, string[]>;
}

/** The answers a resume marker kept; a marker that does not parse gives none (the form asks again). */
function markerAnswers(pending: { hubMap?: string; hubGroups?: string }): HubAnswers {
  try {
    return { ...(pending.hubMap ? { map: parseHubFileMap(pending.hubMap) } : {}), ...(pending.hubGroups ? { groups: parseTwinGroups(pending.hubGroups) } : {}) };
  } catch {
    return {};
  }
}

export class DatasetsState {
  list = $state<DatasetSummary[]>([]);
  estimate = $state<{ usage: number; quota: number } | undefined>(undefined);
  active = $state<ActiveImport | undefined>(undefined);
  error = $state<string | undefined>(undefined);
  notice = $state<string | undefined>(undefined);
  loaded = $state(false);
  /** Dataset ids that another tab is importing right now (their import lock is held, not by this tab). */
  elsewhere = $state<ReadonlySet<string>>(new Set());
  /** True while "Delete all local data" runs. */
  deleting = $state(false);
  /** A Hub dataset whose files (or twins groups) the user must give before it imports: the form's question. */
  hubQuestion = $state<HubLayoutQuestion | undefined>(undefined);

  readonly ready = $derived(this.list.filter((d) => d.state === 'ready'));

  /** The running import, to wait for it after a cancel. */
  #running: Promise<boolean> | undefined;
  /** Set when the page is left for good (`leavePage`): what ends an import then is the navigation, not a failure. */
  #leaving = false;
  /** The Hub id of the running import, when it is one (to ask about its layout if it fails on it). */
  #hubAsked: string | undefined;

  async refresh(): Promise<void> {
    const db = await database();
    this.list = await listDatasets(db);
    this.estimate = await storageEstimate();
    const held = await heldImportLocks();
    if (this.active?.datasetId !== undefined && !this.active.waiting) held.delete(this.active.datasetId);
    this.elsewhere = held;
    this.loaded = true;
  }

  /**
   * The page is being left for good (pagehide, not into the back/forward cache): the running import
   * stops here as a cancel does and keeps its resume marker, so the next visit resumes it. Otherwise
   * the request the navigation cuts off can reach the importer first and fail the import, and a
   * failed import is neither kept resumable nor retried (seen in an e2e run: a reload mid-import
   * that then resumed nothing).
   */
  leavePage(): void {
    this.#leaving = true;
    this.active?.controller.abort();
  }

  /**
   * On page load: resume a URL or bundled import that a reload or crash interrupted, named by
   * its own dataset. A failed import left no marker; a marker naming nothing to resume is dropped.
   */
  async resumePending(): Promise<void> {
    const heldElsewhere = (p: PendingImport) => p.datasetId !== undefined && this.elsewhere.has(p.datasetId);
    let pending = readPendingImport(localStorage);
    if (!pending || this.active) return;
    // The marker is shared by the origin's tabs: the import it names may be running in another —
    // or it was this tab's, and the page the reload replaced still holds its lock for a moment.
    // Wait for the lock, then look again: an import that ended elsewhere took its marker with it.
    if (pending.datasetId !== undefined && heldElsewhere(pending)) {
      await importLockFreed(defaultLocks(), pending.datasetId);
      await this.refresh();
      pending = readPendingImport(localStorage);
      if (!pending || this.active || heldElsewhere(pending)) return;
    }
    const plan = resumePlan(pending, this.list);
    if (!plan.resume) {
      clearPendingImport(localStorage);
      return;
    }
    this.notice = `Resuming the interrupted import of “${plan.title}”…`;
    // A Hub import's marker is its `hf:` id (pinned to the commit read first), the Hub address, and the user's map if any.
    if (pending.url.startsWith(HUB_DATASET_PREFIX)) {
      const answers = markerAnswers(pending);
      this.#hubAsked = pending.url.slice(HUB_DATASET_PREFIX.length);
      const source = hubSource(pending.hub ?? settings.hubHost, parseHubDatasetRef(pending.url), undefined, answers);
      await this.#run(source, pending.label, pending.url, pending.hub, undefined, answers);
      return;
    }
    await this.#run(urlSource(pending.url), pending.label, pending.url, pending.hub);
  }

  /**
   * Imports an MTEB-layout dataset from the Hub address of the Models view (hubSource.ts):
   * `owner/name[@revision][:config[/split]]`. The resume marker pins the commit the Hub named,
   * so a resume after a reload reads the same files even if the branch moved.
   * A layout it cannot place, or twins without groups, leaves `hubQuestion` set: the view's form
   * asks, and imports again with the answers (`map`, `groups`).
   */
  importHub(text: string, answers: HubAnswers = {}): Promise<boolean> {
    let ref;
    try {
      ref = parseHubDatasetRef(text);
    } catch (e) {
      this.error = e instanceof FormatError ? e.message : String(e);
      return Promise.resolve(false);
    }
    const host = settings.hubHost;
    const blocked = blockedByPolicy(pagePolicy(), host, location.origin);
    if (blocked) {
      this.error = blocked;
      return Promise.resolve(false);
    }
    const label = `${ref.repo}${ref.revision ? `@${ref.revision}` : ''}`;
    const resumeAs = (sha: string) => `${HUB_DATASET_PREFIX}${ref.repo}@${sha}${ref.config ? `:${ref.config}${ref.split ? `/${ref.split}` : ''}` : ref.split ? `:default/${ref.split}` : ''}`;
    this.hubQuestion = undefined;
    if (!this.active && !this.deleting) this.#hubAsked = text;
    return this.#run(hubSource(host, ref, undefined, answers), label, `${HUB_DATASET_PREFIX}${text.replace(/^hf:/, '').trim()}`, host, resumeAs, answers);
  }

  importBundled(id: string): Promise<boolean> {
    const d = BUNDLED_DATASETS.find((b) => b.id === id);
    if (!d) throw new Error(`no bundled dataset "${id}"`);
    const url = new URL(d.path, document.baseURI);
    return this.#run(urlSource(url), d.title, url.href);
  }

  importUrl(url: string): Promise<boolean> {
    let base: URL;
    try {
      base = new URL(url.endsWith('/') ? url : `${url}/`);
    } catch {
      this.error = `“${url}” is not a URL. Give the folder that holds manifest.json, e.g. https://example.org/my-dataset/`;
      return Promise.resolve(false);
    }
    // A host the site's policy does not list would fail as a bare "Failed to fetch": say why.
    const blocked = blockedByPolicy(pagePolicy(), base.href, location.origin);
    if (blocked) {
      this.error = blocked;
      return Promise.resolve(false);
    }
    return this.#run(urlSource(base), base.href, base.href);
  }

  async importFiles(files: readonly File[] | readonly PickedFile[]): Promise<boolean> {
    let picked = files.length > 0 && files[0] instanceof File ? pickedFiles(files as File[]) : (files as PickedFile[]);
    // A zipped package ("Export dataset" of Your candidates) is read as the files it holds.
    if (picked.length === 1 && /\.zip$/i.test(picked[0].path)) {
      try {
        picked = unzipPackage(new Uint8Array(await picked[0].file.arrayBuffer())).map((f) => ({ path: f.path, file: new Blob([f.bytes as BlobPart]) }));
      } catch (e) {
        this.error = `Import failed: ${picked[0].path}: ${(e as Error).message}`;
        return false;
      }
    }
    if (picked.length === 0) {
      this.error = 'No files were dropped or picked.';
      return false;
    }
    return await this.#run(filesSource(picked), `${picked.length} file${picked.length === 1 ? '' : 's'}`);
  }

  cancel(): void {
    this.active?.controller.abort(new DOMException('Import cancelled', 'AbortError'));
  }

  /** Deletes a dataset (its ready version and any staged import); cancels this tab's import of it first. */
  async remove(id: string): Promise<void> {
    if (this.active?.datasetId === id) await this.#stopActive();
    await deleteDataset(await database(), id);
    await this.refresh();
  }

  /**
   * Deletes everything Fairground keeps in this browser (storage/localData.ts), after
   * cancelling this tab's import. An import in another tab stops at its next write.
   */
  async deleteAll(): Promise<void> {
    this.deleting = true;
    this.error = undefined;
    try {
      await this.#stopActive();
      const d = await deleteAllLocalData(await database(), browserLocalDataEnv());
      const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
      this.notice =
        `All local data is deleted: ${plural(d.rows, 'stored row')} (datasets, runs, results, embeddings), ` +
        `${plural(d.caches, 'cache')}, ${plural(d.serviceWorkers, 'service worker')} and ${plural(d.settings, 'setting')}.`;
    } catch (e) {
      this.error = `Could not delete all local data: ${e instanceof Error ? e.message : String(e)}. Reload the page and try again.`;
    } finally {
      this.deleting = false;
      await this.refresh();
    }
  }

  async #stopActive(): Promise<void> {
    if (!this.active) return;
    this.cancel();
    await this.#running;
  }

  #run(source: DatasetSource, label: string, resumeFrom?: string, hub?: string, resumeAs?: (version: string) => string, answers?: HubAnswers): Promise<boolean> {
    if (this.active || this.deleting) {
      this.error = this.deleting ? 'Local data is being deleted; import again once it is done.' : 'Another import is running; wait for it or cancel it first.';
      return Promise.resolve(false);
    }
    const running = this.#import(source, label, resumeFrom, hub, resumeAs, answers);
    this.#running = running;
    return running;
  }

  async #import(source: DatasetSource, label: string, resumeFrom: string | undefined, hub?: string, resumeAs?: (version: string) => string, answers: HubAnswers = {}): Promise<boolean> {
    this.error = undefined;
    const controller = new AbortController();
    const active: ActiveImport = $state({ label, progress: undefined, controller, datasetId: undefined, title: undefined, waiting: false });
    this.active = active;
    const onHub = {
      ...(hub === undefined ? {} : { hub }),
      ...(answers.map ? { hubMap: hubFileMapText(answers.map) } : {}),
      ...(answers.groups && Object.keys(answers.groups).length > 0 ? { hubGroups: twinGroupsText(answers.groups) } : {}),
    };
    if (resumeFrom) writePendingImport(localStorage, { url: resumeFrom, label, ...onHub });
    // Parts are imported whole (read, hash, gunzip, parse, write) by a pool of import workers,
    // one per core (navigator.hardwareConcurrency); a part no worker can take is imported here,
    // its hashing and gunzip in the inflate worker.
    const reader = workerShardReader();
    let listed = false;
    try {
      const db = await database();
      const result = await importDataset(db, source, {
        signal: controller.signal,
        shardReader: reader.read,
        partRunner: () => workerPartRunner(),
        onManifest: (m) => {
          active.datasetId = m.id;
          active.title = m.title;
          // From now on a resume after a reload names this dataset.
          if (resumeFrom) writePendingImport(localStorage, { url: resumeAs?.(m.version) ?? resumeFrom, label, datasetId: m.id, title: m.title, ...onHub });
        },
        onWaiting: () => {
          active.waiting = true;
          this.notice = `“${active.title ?? label}” is being imported in another tab; this tab waits for it to finish (Cancel to stop waiting).`;
        },
        onProgress: (p) => {
          active.waiting = false;
          active.progress = p;
          // The first report comes once the import is staged: show it in the list (the stored version stays ready).
          if (!listed) {
            listed = true;
            void this.refresh();
          }
        },
      });
      const unknown = result.unknownQrels > 0 ? ` ${result.unknownQrels} relevance judgments name ids that are not in the dataset; they were kept and are ignored by audits.` : '';
      this.notice = result.skipped ? `“${result.datasetId}” is already imported.` : `Imported “${result.datasetId}”.${unknown}`;
      return true;
    } catch (e) {
      if (controller.signal.aborted) {
        this.notice = 'Import cancelled. What was finished is kept; import again to resume.';
      } else {
        this.notice = undefined;
        this.error = e instanceof ImportError ? `Import failed: ${e.message}` : `Import failed: ${e instanceof Error ? e.message : String(e)}`;
        const layout = e instanceof ImportError && e.cause instanceof HubLayoutError ? e.cause : undefined;
        if (layout && this.#hubAsked !== undefined) {
          this.hubQuestion = { text: this.#hubAsked, gap: layout.gap, files: layout.files, suggested: layout.suggested, missingGroups: layout.missingGroups };
        }
      }
      return false;
    } finally {
      // Finished, cancelled or failed: nothing to resume on the next visit (a failure is not retried by
      // itself). Stopped because the page is being left: resumed on the next visit.
      if (resumeFrom && !this.#leaving) clearPendingImport(localStorage);
      reader.dispose();
      this.active = undefined;
      this.#running = undefined;
      this.#hubAsked = undefined;
      await this.refresh();
    }
  }
}

export const datasetsState = new DatasetsState();
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', (e) => {
    if (!e.persisted) datasetsState.leavePage();
  });
}
