import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../src/core/formats/formatError.ts';
import { extractDocxText } from '../../../src/documents/docxText.ts';
import { fixture } from '../core/documents/fixtures.ts';
import { zipSync } from 'fflate';

async function failure(name: string, bytes = fixture(name)): Promise<string> {
  try {
    await extractDocxText(bytes, name);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return `${e.file}: ${e.message}`;
  }
  throw new Error('expected a FormatError');
}

describe('extractDocxText(bytes, name)', () => {
  it('reads the paragraphs of a Word document, a blank line apart', async () => {
    expect(await extractDocxText(fixture('anna.docx'), 'anna.docx')).toBe(
      'Anna Jansen\n\nRegistered nurse — intensive care, Utrecht\n\nSkills: triage, ventilation, mentoring\n\n',
    );
  });

  it('names a .docx that is not a zip archive', async () => {
    expect(await failure('not-a-zip.docx')).toBe('not-a-zip.docx: is not a DOCX file (not a zip archive); save it from your word processor as .docx (an old .doc must be converted)');
  });

  it('names a zip that is not a Word document, with mammoth\'s reason', async () => {
    expect(await failure('photos.docx', zipSync({ 'a.txt': new Uint8Array([65]) }))).toMatch(/^photos\.docx: is not a readable DOCX: .+/);
  });

  it('names a Word document without text', async () => {
    expect(await failure('blank.docx')).toBe('blank.docx: has no text');
  });
});
