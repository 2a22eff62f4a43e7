/**
 * The Models view's state: the Hub address, the device/dtype override, Hub
 * ids the user typed, a picked local folder (in memory for this session
 * only), the "Try it" run and the embedding-cache counts per model.
 */
import { MODEL_REGISTRY, isHubModelId } from '../../models/registry.ts';
import { customEmbeddingEntry } from '../../models/customModel.ts';
import { CancelledError, EmbeddingRunner, type EmbeddingResult } from '../../models/embeddingRunner.ts';
import { etaSeconds, type ModelProgress } from '../../core/models/loadProgress.ts';
import type { EmbeddingModelEntry } from '../../core/models/modelSpec.ts';
import { DEFAULT_HUB_HOST, type ModelSource } from '../../core/models/modelSource.ts';
import type { DeviceProbe } from '../../core/models/device.ts';
import { EmbeddingCache } from '../../storage/embeddingCache.ts';
import { runnerOverride, type DeviceOverride } from '../settings/deviceOverride.ts';
import { settings } from './settings.svelte.ts';
import { modelSource } from '../../models/modelRefs.ts';
import { folderModel, type FolderModel, type PickedFile } from '../settings/folderModel.ts';
import { similarityRows, type SimilarityRow } from '../../core/models/similarity.ts';
import { explainHubFailure } from '../../core/hub/hubUnreachable.ts';
import { database } from './database.ts';
import { deviceState } from './device.svelte.ts';

/** A model the view can run: its entry and where its files come from. */
export interface ModelChoice {
  readonly entry: EmbeddingModelEntry;
  readonly source: ModelSource;
  /** Where it came from, for the UI. */
  readonly origin: 'registry' | 'typed' | 'folder';
}

export interface TrialProgress {
  readonly phase: 'loading' | 'embedding';
  /** 0..1, undefined while unknown. */
  readonly fraction: number | undefined;
  readonly etaSeconds: number | undefined;
  readonly detail: string;
}

export interface TrialResult {
  readonly modelId: string;
  readonly rows: readonly SimilarityRow[];
  /** The device and dtype that really ran (after any fallback). */
  readonly device: string;
  readonly dtype: string;
  readonly total: number;
  readonly computed: number;
  readonly cached: number;
  readonly fallbacks: readonly string[];
  readonly ms: number;
  readonly dims: number;
  /** The vectors, query first, as plain numbers (shown on request). */
  readonly vectors: { readonly query: number[]; readonly texts: number[][] };
}

const embeddingModels = MODEL_REGISTRY.filter((m): m is EmbeddingModelEntry => m.kind === 'embedding');

/** Resolves when `signal` aborts: a cancelled load (which has no batch boundary) stops waiting at once. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(new CancelledError());
    signal.addEventListener('abort', () => reject(new CancelledError()), { once: true });
  });
}

export class ModelsState {
  /** The Hub address and device override live in the settings (the Run view reads them too). */
  get hubHost(): string {
    return settings.hubHost;
  }
  get override(): DeviceOverride {
    return settings.override;
  }
  typedIds = $state<string[]>([]);
  folder = $state.raw<FolderModel | undefined>(undefined);
  error = $state<string | undefined>(undefined);
  notice = $state<string | undefined>(undefined);
  /** Cached vectors per model id (undefined until counted). */
  cacheCounts = $state<Record<string, number>>({});
  trialRunning = $state(false);
  trialProgress = $state.raw<TrialProgress | undefined>(undefined);
  trialResult = $state.raw<TrialResult | undefined>(undefined);
  #controller: AbortController | undefined;
  #cache: Promise<EmbeddingCache> | undefined;

  /** Every model the view offers: registry embeddings, typed Hub ids, then the picked folder. */
  choices = $derived.by((): ModelChoice[] => {
    const host = this.hubHost;
    const fromRegistry = embeddingModels.map((entry): ModelChoice => ({ entry, source: modelSource(entry, host), origin: 'registry' }));
    const typed = this.typedIds.map((id): ModelChoice => {
      const entry = customEmbeddingEntry(id, 'hub');
      return { entry, source: modelSource(entry, host), origin: 'typed' };
    });
    const folder = this.folder ? [{ ...this.folder, origin: 'folder' as const }] : [];
    return [...fromRegistry, ...typed, ...folder];
  });

  choice(id: string): ModelChoice | undefined {
    return this.choices.find((c) => c.entry.id === id);
  }

  /** Saves the Hub address (the Run view reads it too). @returns false when it is not an http(s) URL. */
  setHubHost(value: string): boolean {
    if (!settings.setHubHost(value)) {
      this.error = `“${value.trim()}” is not an http(s) address.`;
      return false;
    }
    this.error = undefined;
    return true;
  }

  setOverride(o: DeviceOverride): void {
    settings.setOverride(o);
  }

  /** Adds a Hub id typed by the user. @returns false (with an error) when it is not `org/name`. */
  addHubId(value: string): boolean {
    const id = value.trim();
    if (!isHubModelId(id)) {
      this.error = `“${id}” is not a Hugging Face model id (organisation/name).`;
      return false;
    }
    this.error = undefined;
    if (!this.choice(id)) this.typedIds = [...this.typedIds, id];
    this.notice = `${id} added. Its files download only when you try it or run it.`;
    return true;
  }

  /** Makes a picked folder usable for this session. Nothing is read until a model runs. */
  pickFolder(files: readonly PickedFile[]): boolean {
    try {
      this.folder = folderModel(files);
      this.error = undefined;
      this.notice = `Folder “${this.folder.source.id}” is ready. It stays in this tab only: pick it again after a reload.`;
      void this.refreshCache();
      return true;
    } catch (e) {
      this.error = `That folder cannot be loaded as a model: ${e instanceof Error ? e.message : String(e)}.`;
      return false;
    }
  }

  #probe(): Promise<DeviceProbe> {
    return deviceState.probe ? Promise.resolve(deviceState.probe) : deviceState.start();
  }

  #embeddingCache(): Promise<EmbeddingCache> {
    this.#cache ??= database().then((db) => new EmbeddingCache(db));
    return this.#cache;
  }

  /** The runner's modelKey (the cache groups vectors by it). Building a runner starts no worker. */
  #modelKey(c: ModelChoice, probe: DeviceProbe): string {
    return new EmbeddingRunner({ entry: c.entry, source: c.source, probe }).modelKey;
  }

  async refreshCache(): Promise<void> {
    try {
      const [cache, probe] = await Promise.all([this.#embeddingCache(), this.#probe()]);
      const choices = this.choices;
      const counts = await Promise.all(choices.map((c) => cache.count(this.#modelKey(c, probe))));
      this.cacheCounts = Object.fromEntries(choices.map((c, i) => [c.entry.id, counts[i]]));
    } catch (e) {
      this.error = `Could not read the embedding cache: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  async clearCache(id: string): Promise<void> {
    const c = this.choice(id);
    if (!c) return;
    const [cache, probe] = await Promise.all([this.#embeddingCache(), this.#probe()]);
    const n = await cache.clear(this.#modelKey(c, probe));
    this.notice = `Removed ${n} cached vector${n === 1 ? '' : 's'} of ${c.entry.label}.`;
    await this.refreshCache();
  }

  /** Embeds `query` (query role) and `texts` (document role) with model `id` and ranks the texts by cosine. */
  async tryModel(id: string, query: string, texts: readonly string[], useCache: boolean): Promise<void> {
    const c = this.choice(id);
    if (!c || this.trialRunning) return;
    if (query.trim() === '' || texts.length === 0) {
      this.error = 'Type a query and at least one text.';
      return;
    }
    this.error = undefined;
    this.trialResult = undefined;
    this.trialRunning = true;
    this.trialProgress = { phase: 'loading', fraction: undefined, etaSeconds: undefined, detail: 'starting…' };
    const controller = new AbortController();
    this.#controller = controller;
    const loadStart = performance.now();
    const total = 1 + texts.length;
    let docsDoneBefore = 0;
    const onProgress = (p: ModelProgress) => {
      if (p.status === 'progress') {
        const fraction = p.total > 0 ? p.loaded / p.total : undefined;
        const eta = fraction !== undefined && fraction < 1 ? etaSeconds(p.loaded, p.total, performance.now() - loadStart) : undefined;
        this.trialProgress = { phase: 'loading', fraction, etaSeconds: eta, detail: `loading model files · ${(p.loaded / 1e6).toFixed(1)} of ${(p.total / 1e6).toFixed(1)} MB` };
      } else if (p.status === 'ready') {
        this.trialProgress = { phase: 'embedding', fraction: 0, etaSeconds: undefined, detail: `model ready on ${p.device} · ${p.dtype}` };
      } else if (p.status === 'batch') {
        const done = docsDoneBefore + p.cached + p.done;
        this.trialProgress = { phase: 'embedding', fraction: done / total, etaSeconds: p.etaSeconds, detail: `${done} of ${total} texts (${p.cached} from the cache)` };
      } else if (p.status === 'fallback') {
        this.trialProgress = { phase: 'loading', fraction: undefined, etaSeconds: undefined, detail: `falling back to ${p.to}: ${p.reason}` };
      }
    };
    let runner: EmbeddingRunner | undefined;
    try {
      const probe = await this.#probe();
      const cache = useCache ? await this.#embeddingCache() : undefined;
      runner = new EmbeddingRunner({ entry: c.entry, source: c.source, probe, override: runnerOverride(this.override), cache, onProgress });
      const stop = aborted(controller.signal);
      const q: EmbeddingResult = await Promise.race([runner.embed([query], 'query', controller.signal), stop]);
      docsDoneBefore = 1;
      const d: EmbeddingResult = await Promise.race([runner.embed(texts, 'document', controller.signal), stop]);
      this.trialResult = {
        modelId: id,
        rows: similarityRows(q.vectors[0], texts, d.vectors),
        device: d.device,
        dtype: d.dtype,
        total,
        computed: q.computed + d.computed,
        cached: q.cached + d.cached,
        fallbacks: [...new Set([...q.fallbacks, ...d.fallbacks])],
        ms: q.ms + d.ms,
        dims: d.dims,
        vectors: { query: Array.from(q.vectors[0]), texts: d.vectors.map((v) => Array.from(v)) },
      };
    } catch (e) {
      if (e instanceof CancelledError) this.notice = 'Cancelled. Texts embedded before the cancel are cached.';
      else {
        const why = c.source.kind === 'hub' ? explainHubFailure(e, c.source, 'browser') : e;
        this.error = `${c.entry.label} failed: ${why instanceof Error ? why.message : String(why)}`;
      }
    } finally {
      runner?.dispose();
      this.#controller = undefined;
      this.trialRunning = false;
      this.trialProgress = undefined;
    }
    if (useCache) await this.refreshCache();
  }

  cancel(): void {
    this.#controller?.abort();
  }
}

export const modelsState = new ModelsState();
