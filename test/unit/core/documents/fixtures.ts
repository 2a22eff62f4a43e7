/** The committed fixtures of scripts/fixtures/documents.ts, read as bytes. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const FIXTURES = resolve(import.meta.dirname, '../../../fixtures/documents');

export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(resolve(FIXTURES, name)));
}
