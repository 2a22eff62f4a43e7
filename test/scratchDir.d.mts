/** A test run's temporary folder, tsx's cache folder linked in; `remove` deletes the folder (not the cache). */
export function makeScratchTmp(prefix: string): { dir: string; remove(): void };
