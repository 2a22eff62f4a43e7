/**
 * The Datasets view's state: the stored datasets, storage use, and the one
 * import that may be running (with progress, cancel and resume).
 */
import {
  deleteDataset,
  filesSource,
  importDataset,
  ImportError,
  listDatasets,
  pickedFiles,
  storageEstimate,
  urlSource,
  workerShardReader,
  type DatasetSource,
  type DatasetSummary,
  type ImportProgress,
  type PickedFile,
} from '../../storage/index.ts';
import { BUNDLED_DATASETS } from '../bundledDatasets.ts';
import { database } from './database.ts';

/** Where an interrupted import can be resumed from after a reload (bundled or URL only). */
const RESUME_KEY = 'fairground.pendingImport';

export interface ActiveImport {
  readonly label: string;
  progress: ImportProgress | undefined;
  readonly controller: AbortController;
}

export class DatasetsState {
  list = $state<DatasetSummary[]>([]);
  estimate = $state<{ usage: number; quota: number } | undefined>(undefined);
  active = $state<ActiveImport | undefined>(undefined);
  error = $state<string | undefined>(undefined);
  notice = $state<string | undefined>(undefined);
  loaded = $state(false);

  readonly ready = $derived(this.list.filter((d) => d.state === 'ready'));

  async refresh(): Promise<void> {
    const db = await database();
    this.list = await listDatasets(db);
    this.estimate = await storageEstimate();
    this.loaded = true;
  }

  /** On page load: resume an import that a reload or crash interrupted, when its source is a URL. */
  async resumePending(): Promise<void> {
    const pending = localStorage.getItem(RESUME_KEY);
    if (!pending || this.active) return;
    const entry = this.list.find((d) => d.state === 'importing' || d.state === 'failed');
    if (!entry) {
      localStorage.removeItem(RESUME_KEY);
      return;
    }
    this.notice = `Resuming the interrupted import of “${entry.title}”…`;
    await this.#run(urlSource(pending), pending, pending);
  }

  importBundled(id: string): Promise<boolean> {
    const d = BUNDLED_DATASETS.find((b) => b.id === id);
    if (!d) throw new Error(`no bundled dataset "${id}"`);
    return this.#run(urlSource(new URL(d.path, document.baseURI)), d.title, new URL(d.path, document.baseURI).href);
  }

  importUrl(url: string): Promise<boolean> {
    let base: URL;
    try {
      base = new URL(url.endsWith('/') ? url : `${url}/`);
    } catch {
      this.error = `“${url}” is not a URL. Give the folder that holds manifest.json, e.g. https://example.org/my-dataset/`;
      return Promise.resolve(false);
    }
    return this.#run(urlSource(base), base.href, base.href);
  }

  importFiles(files: readonly File[] | readonly PickedFile[]): Promise<boolean> {
    const picked = files.length > 0 && files[0] instanceof File ? pickedFiles(files as File[]) : (files as PickedFile[]);
    if (picked.length === 0) {
      this.error = 'No files were dropped or picked.';
      return Promise.resolve(false);
    }
    return this.#run(filesSource(picked), `${picked.length} file${picked.length === 1 ? '' : 's'}`);
  }

  cancel(): void {
    this.active?.controller.abort(new DOMException('Import cancelled', 'AbortError'));
  }

  async remove(id: string): Promise<void> {
    await deleteDataset(await database(), id);
    await this.refresh();
  }

  async #run(source: DatasetSource, label: string, resumeFrom?: string): Promise<boolean> {
    if (this.active) {
      this.error = 'Another import is running; wait for it or cancel it first.';
      return false;
    }
    this.error = undefined;
    const controller = new AbortController();
    const active: ActiveImport = $state({ label, progress: undefined, controller });
    this.active = active;
    if (resumeFrom) localStorage.setItem(RESUME_KEY, resumeFrom);
    // Hashing and gunzip run in a worker, beside the parsing and writing done here.
    const reader = workerShardReader();
    try {
      const db = await database();
      const result = await importDataset(db, source, {
        signal: controller.signal,
        onProgress: (p) => (active.progress = p),
        shardReader: reader.read,
      });
      localStorage.removeItem(RESUME_KEY);
      const unknown = result.unknownQrels > 0 ? ` ${result.unknownQrels} relevance judgments name ids that are not in the dataset; they were kept and are ignored by audits.` : '';
      this.notice = result.skipped ? `“${result.datasetId}” is already imported.` : `Imported “${result.datasetId}”.${unknown}`;
      return true;
    } catch (e) {
      if (controller.signal.aborted) {
        localStorage.removeItem(RESUME_KEY);
        this.notice = 'Import cancelled. What was finished is kept; import again to resume.';
      } else {
        this.error = e instanceof ImportError ? `Import failed: ${e.message}` : `Import failed: ${e instanceof Error ? e.message : String(e)}`;
      }
      return false;
    } finally {
      reader.dispose();
      this.active = undefined;
      await this.refresh();
    }
  }
}

export const datasetsState = new DatasetsState();
