import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QPDF_FIXTURES, documentFixtures } from '../../../scripts/fixtures/documents.ts';
import { FIXTURES, fixture } from '../core/documents/fixtures.ts';

describe('scripts/fixtures/documents.ts', () => {
  it('regenerates the committed fixtures byte for byte, and no other file is there', () => {
    const made = documentFixtures();
    expect(readdirSync(FIXTURES).filter((n) => n !== '.gitattributes').sort()).toEqual([...Object.keys(made), ...Object.keys(QPDF_FIXTURES)].sort());
    for (const [name, bytes] of Object.entries(made)) expect([name, Buffer.from(fixture(name)).equals(Buffer.from(bytes))]).toEqual([name, true]);
  });
});
