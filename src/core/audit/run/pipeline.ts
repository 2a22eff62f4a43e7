/**
 * The order in which a run's models are prepared and audited.
 *
 * A model is first prepared (an embedding model embeds every text on the
 * embedding device; a lexical baseline or an imported system has nothing to
 * prepare), then audited on a compute lane. Models used to run one after
 * another, so the compute worker idled while a model embedded and the
 * embedding device idled during every audit. Here:
 *
 * - models that need the device are prepared one after another, in plan
 *   order, from the start; the others are ready at once;
 * - each of `lanes` audits takes the first model, in plan order, whose
 *   preparation has ended — so BM25 is audited while GloVe embeds;
 * - until the last device preparation ends, at most `whilePreparing` audits
 *   run at once (an embedding takes about a core for its tokenizer and model
 *   threads: on two cores the second lane waits for it instead of slowing it);
 * - with a memory budget, an audit starts beside others only while the
 *   estimates of all of them fit in it (the first always starts, however large):
 *   a lane skips a ready model that does not fit for a later one that does;
 * - after the first failure (a preparation or an audit) no lane takes
 *   another model; audits in flight finish (their results are handed over,
 *   so a retry skips them), then the run fails with that first error.
 *
 * Each model's audit depends on its own inputs only, so the results are the
 * same in any order; they come back in plan order.
 */
import { throwIfCancelled } from './cancel.ts';

export interface PipelineItem<P> {
  /** Whether preparing it takes the one embedding device (then items are prepared one at a time). */
  readonly needsDevice: boolean;
  prepare(): Promise<P>;
  /** Bytes its audit is estimated to hold, once prepared (run/lanes.ts `auditBytes`); 0 when absent. */
  bytes?(prepared: P): number;
}

/** What a prepared item's promise is replaced with once its audit has ended (its value let go). */
const DONE: Promise<never> = new Promise(() => undefined);

/**
 * Prepares and audits every item as above.
 * @param lanes audits at a time (compute workers), at least 1
 * @param whilePreparing audits at a time until the device preparations end (at least 1; default `lanes`)
 * @param memoryBudget bytes the audits in flight may hold together by their estimates (default: no limit)
 * @returns each item's audit, in item order
 * @throws the first error of any preparation or audit; {CancelledError} when `signal` aborts
 */
export async function runPipelined<P, R>(
  items: readonly PipelineItem<P>[],
  lanes: number,
  audit: (prepared: P, index: number, lane: number) => Promise<R>,
  signal?: AbortSignal,
  whilePreparing: number = lanes,
  memoryBudget: number = Infinity,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  const settled = items.map(() => false);
  /** Whether a device preparation has not ended (it runs, or waits for the device). */
  const preparing = () => items.some((item, i) => item.needsDevice && !settled[i]);
  /** Audits in flight, and the bytes they are estimated to hold. */
  let auditing = 0;
  let holding = 0;
  const values = new Array<P>(items.length);
  const limitWhilePreparing = Math.max(1, Math.floor(whilePreparing));
  let failure: { readonly error: unknown } | undefined;
  const recordFailure = (error: unknown) => void (failure ??= { error });
  // A lane waiting for a preparation sleeps on `changed`, which resolves whenever one ends.
  let wake: () => void = () => undefined;
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const notify = () => {
    const w = wake;
    changed = new Promise<void>((resolve) => (wake = resolve));
    w();
  };
  let device: Promise<unknown> = Promise.resolve();
  const prepared = items.map((item, i) => {
    const start = () => {
      if (failure) throw failure.error;
      return item.prepare();
    };
    const p = item.needsDevice ? device.then(start) : Promise.resolve().then(start);
    if (item.needsDevice) device = p.catch(() => undefined);
    p.then(
      (value) => void (values[i] = value),
      (error: unknown) => recordFailure(error),
    ).finally(() => {
      settled[i] = true;
      notify();
    });
    return p;
  });
  const queue = items.map((_, i) => i);
  const lane = async (l: number): Promise<void> => {
    for (;;) {
      if (failure) throw failure.error;
      throwIfCancelled(signal);
      if (queue.length === 0) return;
      const bytesOf = (i: number) => (settled[i] && items[i].bytes && values[i] !== undefined ? items[i].bytes!(values[i]) : 0);
      const fits = (i: number) => auditing === 0 || holding + bytesOf(i) <= memoryBudget;
      const at = queue.findIndex((i) => settled[i] && fits(i));
      if (at < 0 || (auditing >= limitWhilePreparing && preparing())) {
        // nothing ready that fits, or the lanes allowed beside a preparation are busy: wait for a preparation or an audit to end
        await changed;
        continue;
      }
      const [i] = queue.splice(at, 1);
      const bytes = bytesOf(i);
      auditing++;
      holding += bytes;
      try {
        results[i] = await audit(await prepared[i], i, l);
      } finally {
        // The prepared value (a model's vectors: ~400 MB at 1,000,000 documents) is not kept past its audit.
        values[i] = undefined as P;
        prepared[i] = DONE as Promise<P>;
        auditing--;
        holding -= bytes;
        notify(); // a lane held back while a preparation runs, or by the budget, may take the next one
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.floor(lanes)) }, (_, l) =>
      lane(l).catch((error: unknown) => {
        recordFailure(error);
        notify(); // lanes waiting for a preparation see the failure and stop
      }),
    ),
  );
  if (failure) throw failure.error;
  return results;
}
