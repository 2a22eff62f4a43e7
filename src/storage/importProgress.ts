/** Progress of a dataset import, as given to `onProgress`. */
export interface ImportProgress {
  readonly datasetId: string;
  /** The shard name being read. */
  readonly shard: string;
  /** Raw file bytes read so far in this import, of `bytesTotal` (shards already done before a resume are not counted). */
  readonly bytesDone: number;
  readonly bytesTotal: number;
  /** Records written so far in this import. */
  readonly recordsDone: number;
  /** Bytes per second since the import started. */
  readonly rate: number;
  /** Seconds left at that rate; undefined until there is a rate. */
  readonly etaSeconds: number | undefined;
}

/**
 * Counts bytes and records and reports at most once per `intervalMs`
 * (and always when `flush` is called, e.g. at the end of each shard), so a
 * fast import does not flood the UI. bytesDone never goes down.
 */
export class ProgressTracker {
  readonly #report: ((p: ImportProgress) => void) | undefined;
  readonly #now: () => number;
  readonly #started: number;
  #last = -Infinity;
  #shard = '';
  bytesDone = 0;
  recordsDone = 0;

  constructor(
    readonly datasetId: string,
    readonly bytesTotal: number,
    report: ((p: ImportProgress) => void) | undefined,
    readonly intervalMs = 200,
    now: () => number = () => Date.now(),
  ) {
    this.#report = report;
    this.#now = now;
    this.#started = now();
  }

  startShard(shard: string): void {
    this.#shard = shard;
    this.flush();
  }

  addBytes(n: number): void {
    this.bytesDone += n;
    this.#maybeReport();
  }

  addRecords(n: number): void {
    this.recordsDone += n;
    this.#maybeReport();
  }

  #maybeReport(): void {
    if (this.#now() - this.#last >= this.intervalMs) this.flush();
  }

  /** Reports now. */
  flush(): void {
    if (!this.#report) return;
    const now = this.#now();
    this.#last = now;
    const seconds = (now - this.#started) / 1000;
    const rate = seconds > 0 ? this.bytesDone / seconds : 0;
    const left = Math.max(0, this.bytesTotal - this.bytesDone);
    this.#report({
      datasetId: this.datasetId,
      shard: this.#shard,
      bytesDone: this.bytesDone,
      bytesTotal: Math.max(this.bytesTotal, this.bytesDone),
      recordsDone: this.recordsDone,
      rate,
      etaSeconds: rate > 0 ? left / rate : undefined,
    });
  }
}
