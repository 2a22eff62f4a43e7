/**
 * Which runs a page is running, across tabs: a run in progress holds a Web Lock named after it for as
 * long as it runs. The browser releases the lock when the tab closes or crashes, so a run left
 * `running` in storage whose lock nobody holds was interrupted (issue 48, storage item 11).
 */
const PREFIX = 'fairground-run:';

/** Holds the run's lock until the returned release is called (a no-op without Web Locks). */
export async function holdRunLock(runId: string): Promise<() => void> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return () => {};
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await new Promise<void>((acquired) => {
    void locks.request(PREFIX + runId, () => {
      acquired();
      return released;
    });
  });
  return release;
}

/**
 * The ids of the runs some page holds now. Without Web Locks only this page's own run is known
 * (`own`), so a run of another tab would be taken for interrupted: browsers without Web Locks
 * predate every other API the site needs.
 */
export async function heldRunIds(own: string | undefined): Promise<Set<string>> {
  const held = new Set<string>(own ? [own] : []);
  const locks = globalThis.navigator?.locks;
  if (!locks) return held;
  for (const lock of (await locks.query()).held ?? []) if (lock.name?.startsWith(PREFIX)) held.add(lock.name.slice(PREFIX.length));
  return held;
}

/**
 * Resolves once no page holds the run's lock: the tab running it finished, closed or crashed (at
 * once without Web Locks). A closed tab's workers can hold its lock for a moment after it is gone, so
 * a list read in that moment sees the run held; this says when to read it again.
 */
export async function runLockFreed(runId: string): Promise<void> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return;
  await locks.request(PREFIX + runId, async () => undefined);
}
