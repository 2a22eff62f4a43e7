import { openFairgroundDb, type FairgroundDb } from '../../storage/index.ts';

let db: Promise<FairgroundDb> | undefined;

/** The page's one IndexedDB connection, opened on first use. */
export function database(): Promise<FairgroundDb> {
  db ??= openFairgroundDb();
  return db;
}
