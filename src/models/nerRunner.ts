/**
 * A named-entity model in its worker (workers/ner.worker.ts), with the fallback every model runner
 * shares (ModelRunner → DeviceWorker: WebGPU first, WASM in a fresh worker when WebGPU fails), and
 * the second opinion on one CV: its chunks read by the model, the entities placed and the names to
 * review chosen by core.
 */
import type * as Comlink from 'comlink';
import type { NerApi, NerLoadSpec } from '../../workers/ner.worker.ts';
import { locateEntities, nerChunks, nerSecondOpinion, type LocatedEntity, type NerNameProposal } from '../core/counterfactual/identity/index.ts';
import type { Device, DeviceProbe } from '../core/models/device.ts';
import type { ModelProgress } from '../core/models/loadProgress.ts';
import type { ModelSource } from '../core/models/modelSource.ts';
import type { FileProgress } from './deviceWorker.ts';
import { CancelledError } from './embeddingRunner.ts';
import { ModelRunner } from './modelRunner.ts';
import type { NerModelEntry } from './nerModels.ts';

const defaultWorker = () => new Worker(new URL('../../workers/ner.worker.ts', import.meta.url), { type: 'module' });

export interface NerRunnerOptions {
  readonly entry: NerModelEntry;
  readonly source: ModelSource;
  readonly probe: DeviceProbe;
  readonly onProgress?: (p: ModelProgress) => void;
  readonly createWorker?: () => Worker;
}

/** What a CV gives the second opinion: its text, and what the detector found of its name. */
export interface NerCv {
  readonly text: string;
  readonly knownName?: string;
  readonly nameSpans: readonly { readonly start: number; readonly end: number }[];
}

export class NerRunner extends ModelRunner<NerApi, void> {
  readonly #o: NerRunnerOptions;

  constructor(options: NerRunnerOptions) {
    super({ ...options, entry: { sizeMb: Object.keys(options.entry.sizeMb).length > 0 ? options.entry.sizeMb : { fp32: 0 } } }, defaultWorker);
    this.#o = options;
  }

  protected loadModel(api: Comlink.Remote<NerApi>, device: Device, onFile: (p: FileProgress) => void): Promise<void> {
    const spec: NerLoadSpec = { source: this.#o.source, device, dtype: this.dtype, threads: this.threads };
    return api.load(spec, onFile);
  }

  /** The person names of `cv` the model reads and the detector did not find (to review). */
  async secondOpinion(cv: NerCv, signal?: AbortSignal): Promise<NerNameProposal[]> {
    const chunks = nerChunks(cv.text, this.#o.entry.chunkChars);
    const placed: LocatedEntity[] = [];
    for (const chunk of chunks) {
      if (signal?.aborted) throw new CancelledError();
      const [found] = await this.worker.call((api) => api.entities([chunk.text]));
      placed.push(...locateEntities(chunk.text, found ?? [], chunk.start));
    }
    return nerSecondOpinion({ text: cv.text, entities: placed, knownName: cv.knownName, nameSpans: cv.nameSpans });
  }
}
