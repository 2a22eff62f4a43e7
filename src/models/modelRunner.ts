/**
 * What every browser model runner is (EmbeddingRunner, DecisionRunner): a model in its
 * DeviceWorker, on the device and dtype chosen for it (runnerWorker: selectDevice over the
 * entry's dtypes), loaded with the spec the runner builds for a device, with the WASM threads
 * this page can give it.
 */
import type * as Comlink from 'comlink';
import { runnerWorker, type DeviceWorker, type DeviceWorkerApi, type FileProgress, type RunnerWorkerOptions } from './deviceWorker.ts';
import type { Device, Dtype } from '../core/models/device.ts';
import { wasmThreads } from './onnxEnv.ts';

/** What a runner's options give its worker: the entry's dtypes, the probe, the user's override, progress and test hooks. */
export type ModelRunnerOptions = Omit<RunnerWorkerOptions<unknown, unknown>, 'createWorker' | 'load' | 'override'> & {
  readonly override?: { device?: Device; dtype?: Dtype; threads?: number };
  /** Creates the worker (tests may inject one). */
  readonly createWorker?: () => Worker;
};

export abstract class ModelRunner<Api extends DeviceWorkerApi, Loaded> {
  readonly #worker: DeviceWorker<Api, Loaded>;
  readonly #dtype: Dtype;
  readonly #threads: number | undefined;

  /** Chooses the device and dtype and makes the worker (`defaultWorker` unless the options inject one); nothing loads yet. */
  protected constructor(options: ModelRunnerOptions, defaultWorker: () => Worker) {
    const { worker, dtype } = runnerWorker<Api, Loaded>({
      ...options,
      createWorker: options.createWorker ?? defaultWorker,
      load: (api, device, onFile) => this.loadModel(api, device, onFile),
    });
    this.#worker = worker;
    this.#dtype = dtype;
    this.#threads = options.override?.threads;
  }

  /** Loads the model in a fresh worker on `device` (the runner's spec for it), reporting files through `onFile`. */
  protected abstract loadModel(api: Comlink.Remote<Api>, device: Device, onFile: (p: FileProgress) => void): Promise<Loaded>;

  /** The model's worker, with its fallback. */
  protected get worker(): DeviceWorker<Api, Loaded> {
    return this.#worker;
  }

  /** WASM threads for the model: what this page allows (cross-origin isolation, cores), or the user's override. */
  protected get threads(): number {
    return wasmThreads(globalThis.crossOriginIsolated === true, globalThis.navigator?.hardwareConcurrency ?? 1, this.#threads);
  }

  /** The device that runs (after any fallback). */
  get device(): Device {
    return this.#worker.device;
  }

  /** The dtype chosen for the model; a fallback keeps it, so results stay comparable. */
  get dtype(): Dtype {
    return this.#dtype;
  }

  /** Stops the model's worker. */
  dispose(): void {
    this.#worker.stop();
  }
}
