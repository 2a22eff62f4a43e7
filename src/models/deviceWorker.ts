/**
 * One model worker on one device, with the fallback every model runner
 * shares (embedding and decision models alike):
 * - a WebGPU start that fails is given up with its worker, and a fresh WASM
 *   worker loads the model (a failed WebGPU start leaves ONNX Runtime unable
 *   to start WASM in the same worker);
 * - a call that fails on WebGPU (e.g. the device was lost) is retried once on
 *   a fresh WASM worker, so a run resumes at the batch that failed;
 * - a failed load never leaves a worker behind that would pass for loaded;
 * - a worker that dies (an uncaught error, or it is terminated) fails the
 *   call in flight at once instead of leaving it pending for ever.
 * File progress from the worker becomes the runner's ModelProgress, with one
 * monotone total across files.
 */
import * as Comlink from 'comlink';
import { selectDevice, type Device, type DeviceProbe, type Dtype } from '../core/models/device.ts';
import { LoadProgressTracker, type ModelProgress } from '../core/models/loadProgress.ts';

/** What a model worker reports while it loads files. */
export type FileProgress = { file: string; status: 'initiate' | 'download' | 'progress' | 'done'; loaded: number; total: number };

/** The part of a model worker's API this module needs. */
export interface DeviceWorkerApi {
  loseDevice(): Promise<boolean>;
}

export interface DeviceWorkerOptions<Api, Loaded> {
  readonly createWorker: () => Worker;
  readonly device: Device;
  readonly dtype: Dtype;
  /** Loads the model in a fresh worker on `device`, reporting files through `onFile`. */
  readonly load: (api: Comlink.Remote<Api>, device: Device, onFile: (p: FileProgress) => void) => Promise<Loaded>;
  readonly onProgress?: (p: ModelProgress) => void;
  /** Destroys the GPU device after this many calls (tests of the fallback). */
  readonly simulateDeviceLossAfterCall?: number;
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

export class DeviceWorker<Api extends DeviceWorkerApi, Loaded> {
  readonly #o: DeviceWorkerOptions<Api, Loaded>;
  #worker: Worker | undefined;
  #api: Comlink.Remote<Api> | undefined;
  #device: Device;
  #calls = 0;
  #generation = 0;
  #loaded: Loaded | undefined;
  /** Rejects when the current worker dies; every call in flight races it. */
  #death: { promise: Promise<never>; reject: (e: Error) => void } | undefined;
  readonly fallbacks: string[] = [];

  constructor(options: DeviceWorkerOptions<Api, Loaded>) {
    this.#o = options;
    this.#device = options.device;
  }

  /** The device that runs (after any fallback). */
  get device(): Device {
    return this.#device;
  }

  /** Counts the workers started: a new one (a fallback, a reload) has a new generation. */
  get generation(): number {
    return this.#generation;
  }

  /** What the last successful load returned. */
  get loaded(): Loaded | undefined {
    return this.#loaded;
  }

  async #start(device: Device): Promise<void> {
    this.stop();
    this.#generation++;
    const worker = this.#o.createWorker();
    const api = Comlink.wrap<Api>(worker);
    this.#worker = worker;
    this.#api = api;
    let reject!: (e: Error) => void;
    const promise = new Promise<never>((_, r) => (reject = r));
    promise.catch(() => undefined); // observed by the calls that race it
    this.#death = { promise, reject };
    const died = (e: Event) => reject(new WorkerDiedError((e as ErrorEvent).message || 'the worker stopped (it crashed or ran out of memory)'));
    worker.addEventListener?.('error', died);
    worker.addEventListener?.('messageerror', died);
    const tracker = new LoadProgressTracker();
    const report = this.#o.onProgress;
    const onFile = Comlink.proxy((p: FileProgress) => {
      if (p.status === 'initiate') report?.({ status: 'initiate', file: p.file });
      else if (p.status === 'progress' || p.status === 'download') {
        report?.({ status: 'download', file: p.file, loaded: p.loaded, total: p.total });
        report?.({ status: 'progress', ...tracker.update(p.file, p.loaded, p.total) });
      }
    });
    try {
      this.#loaded = await this.#o.load(api, device, onFile);
    } catch (error) {
      this.stop();
      throw error;
    }
    report?.({ status: 'progress', ...tracker.finish() });
    this.#device = device;
    report?.({ status: 'ready', device, dtype: this.#o.dtype });
  }

  async #fallBack(why: string): Promise<void> {
    this.fallbacks.push(`webgpu → wasm: ${why}`);
    this.#o.onProgress?.({ status: 'fallback', from: 'webgpu', to: 'wasm', reason: why });
    await this.#start('wasm');
  }

  /** Loads the model on the chosen device, falling back to WASM in a fresh worker. */
  async load(): Promise<void> {
    if (this.#api) return;
    try {
      await this.#start(this.#device);
    } catch (error) {
      if (this.#device !== 'webgpu') throw error;
      await this.#fallBack(`WebGPU start failed: ${reason(error)}`);
    }
  }

  /** `fn` on the current worker, failing as soon as that worker dies. */
  #run<R>(fn: (api: Comlink.Remote<Api>) => Promise<R>): Promise<R> {
    const death = this.#death?.promise;
    return death ? Promise.race([fn(this.#api!), death]) : fn(this.#api!);
  }

  /** Runs one call on the loaded worker; a failure on WebGPU is retried once on WASM. */
  async call<R>(fn: (api: Comlink.Remote<Api>) => Promise<R>): Promise<R> {
    await this.load();
    try {
      const out = await this.#run(fn);
      this.#calls++;
      if (this.#device === 'webgpu' && this.#o.simulateDeviceLossAfterCall === this.#calls) await this.#api!.loseDevice();
      return out;
    } catch (error) {
      if (this.#device !== 'webgpu') throw error;
      await this.#fallBack(`batch failed on WebGPU: ${reason(error)}`);
      const out = await this.#run(fn);
      this.#calls++;
      return out;
    }
  }

  /** Terminates the worker as a crash would (tests): the call in flight fails with `why`. */
  kill(why: string): void {
    this.#death?.reject(new WorkerDiedError(why));
    this.stop();
  }

  stop(): void {
    this.#death?.reject(new WorkerDiedError('the worker was stopped'));
    this.#death = undefined;
    this.#api?.[Comlink.releaseProxy]();
    this.#worker?.terminate();
    this.#api = undefined;
    this.#worker = undefined;
  }
}

/** The model's worker died while a call was in flight. */
export class WorkerDiedError extends Error {
  constructor(why: string) {
    super(`the model worker stopped: ${why}`);
    this.name = 'WorkerDiedError';
  }
}

/** What a runner knows when it starts its worker: the entry's dtypes, the probe, the user's override. */
export interface RunnerWorkerOptions<Api, Loaded> {
  readonly entry: { readonly sizeMb: Partial<Record<Dtype, number>> };
  readonly probe: DeviceProbe;
  readonly override?: { device?: Device; dtype?: Dtype };
  readonly createWorker: () => Worker;
  readonly onProgress?: (p: ModelProgress) => void;
  readonly simulateDeviceLossAfterBatch?: number;
  readonly load: DeviceWorkerOptions<Api, Loaded>['load'];
}

/**
 * The device and dtype a model runs with (selectDevice over the entry's
 * dtypes) and its DeviceWorker: how every model runner starts.
 */
export function runnerWorker<Api extends DeviceWorkerApi, Loaded>(o: RunnerWorkerOptions<Api, Loaded>): { worker: DeviceWorker<Api, Loaded>; dtype: Dtype } {
  const choice = selectDevice(o.probe, o.override, Object.keys(o.entry.sizeMb) as Dtype[]);
  const worker = new DeviceWorker<Api, Loaded>({
    createWorker: o.createWorker,
    device: choice.device,
    dtype: choice.dtype,
    onProgress: o.onProgress,
    simulateDeviceLossAfterCall: o.simulateDeviceLossAfterBatch,
    load: o.load,
  });
  return { worker, dtype: choice.dtype };
}
