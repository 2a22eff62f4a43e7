import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../../../src/core/audit/run/cancel.ts';
import {
  describeDocumentError, importDocuments, type DocumentFile, type ExtractTextPort, type ImportProgress,
} from '../../../../src/core/documents/importDocuments.ts';
import { FormatError } from '../../../../src/core/formats/formatError.ts';
import { fixture } from './fixtures.ts';

const file = (name: string, bytes: Uint8Array | string = fixture(name)): DocumentFile => ({
  name,
  bytes: async () => (typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes),
});

/** A port that returns a fixed text per file name, or throws what the real adapters throw. */
const extract: ExtractTextPort = {
  async pdf(_bytes, name) {
    if (name === 'scan.pdf') throw new FormatError('has no text layer (a scanned image?)', undefined, name);
    return 'Anna  \r\nCafe\u0301\u00ad\n\n\n\n\nend\n';
  },
  async docx(_bytes, name) {
    if (name === 'crash.docx') throw new Error('worker crashed');
    return name === 'blank.docx' ? '\n\n' : 'Bram\n\nWelder\n\n';
  },
};

describe('importDocuments(files, options)', () => {
  it('reads each kind by extension, normalises extracted text, and reports progress once per file', async () => {
    const progress: ImportProgress[] = [];
    const { documents, errors } = await importDocuments(
      [file('no-ids.csv'), file('cvs.jsonl'), file('bram.md'), file('anna.pdf', new Uint8Array([1])), file('cv.docx', new Uint8Array([1]))],
      { extract, onProgress: (p) => progress.push(p) },
    );
    expect(errors).toEqual([]);
    expect(documents.map((d) => [d.id, d.source])).toEqual([
      ['no-ids-1', 'no-ids.csv row 1'], ['no-ids-2', 'no-ids.csv row 2'], ['j1', 'cvs.jsonl row 1'], ['2', 'cvs.jsonl row 2'],
      ['bram', 'bram.md'], ['anna', 'anna.pdf'], ['cv', 'cv.docx'],
    ]);
    expect(documents.find((d) => d.id === 'anna')!.text).toBe('Anna\nCafé\n\n\nend');
    expect(documents.find((d) => d.id === 'cv')!.text).toBe('Bram\n\nWelder');
    // once per file finished; a table also says how far into it the reader is (bytes and rows)
    expect(progress.filter((p) => !p.part).map((p) => `${p.done}/${p.total} ${p.file}`)).toEqual(['1/5 no-ids.csv', '2/5 cvs.jsonl', '3/5 bram.md', '4/5 anna.pdf', '5/5 cv.docx']);
    const part = progress.find((p) => p.part);
    expect(part).toMatchObject({ done: 0, total: 5, file: 'no-ids.csv', part: { unit: 'bytes', rows: 3 } });
    expect(part!.part!.done).toBe(part!.part!.total);
  });

  it('reports the pages of a PDF as the port reads them, inside the file', async () => {
    const progress: ImportProgress[] = [];
    const paged: ExtractTextPort = { ...extract, pdf: async (_b, _n, onPage) => { for (let p = 1; p <= 3; p++) onPage?.({ done: p, total: 3, unit: 'pages' }); return 'Anna'; } };
    await importDocuments([file('anna.pdf', new Uint8Array([1]))], { extract: paged, onProgress: (p) => progress.push(p) });
    expect(progress.map((p) => (p.part ? `page ${p.part.done}/${p.part.total}` : `${p.done}/${p.total}`))).toEqual(['page 1/3', 'page 2/3', 'page 3/3', '1/1']);
  });

  it('reports each bad file by name (and line) and keeps the good ones', async () => {
    const { documents, errors } = await importDocuments(
      [
        file('ragged.csv'), file('tabs.tsv'), file('empty.txt'), file('notes.rtf'), file('README', 'x'), file('scan.pdf', new Uint8Array([1])),
        file('blank.docx', new Uint8Array([1])), file('crash.docx', new Uint8Array([1])), file('bad-bytes.csv'),
      ],
      { extract, mapping: { id: 'id', text: 'text' } },
    );
    expect(documents.map((d) => d.id)).toEqual(['t1', 't2']);
    expect(errors.map(describeDocumentError)).toEqual([
      'ragged.csv:3: row 2 has 4 cells but the header has 3 (a missing or extra separator, or an unquoted separator inside a cell)',
      'empty.txt: empty document (the file has no text)',
      'notes.rtf: ".rtf" files cannot be imported; use .csv .tsv .jsonl .txt .md .pdf .docx',
      'README: a file without an extension cannot be imported; use .csv .tsv .jsonl .txt .md .pdf .docx',
      'scan.pdf: has no text layer (a scanned image?)',
      'blank.docx: has no text',
      'crash.docx: worker crashed',
      'bad-bytes.csv:3: bytes that are not valid UTF-8 (save the file as UTF-8 and import it again)',
    ]);
  });

  it('refuses an id another file already gave, naming both, and keeps the first', async () => {
    const { documents, errors } = await importDocuments([file('a/anna.txt', 'one'), file('b/anna.md', 'two')], { extract });
    expect(documents.map((d) => [d.id, d.text])).toEqual([['anna', 'one']]);
    expect(errors).toEqual([{ file: 'b/anna.md', message: 'id "anna" of b/anna.md is already the id of a/anna.txt; rename one of them (this one is left out)' }]);
  });

  it('throws CancelledError when the signal aborts, before the next file is read', async () => {
    const controller = new AbortController();
    let read = 0;
    const files: DocumentFile[] = ['a.txt', 'b.txt'].map((name) => ({ name, bytes: async () => (read++, new TextEncoder().encode(name)) }));
    const run = importDocuments(files, { extract, signal: controller.signal, onProgress: () => controller.abort() });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(read).toBe(1);
  });

  it('throws CancelledError, not a file error, when the signal aborts while a file is extracted', async () => {
    const controller = new AbortController();
    const slow: ExtractTextPort = { ...extract, pdf: async () => { controller.abort(); throw new Error('aborted'); } };
    await expect(importDocuments([file('x.pdf', new Uint8Array([1]))], { extract: slow, signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
  });

  it('refuses a file larger than 256 MiB, naming it', async () => {
    const huge = Object.defineProperty(new Uint8Array(1), 'length', { value: 256 * 1024 ** 2 + 1 });
    const { errors } = await importDocuments([file('all.csv', huge)], { extract });
    expect(errors.map(describeDocumentError)).toEqual(['all.csv: is larger than the limit of 256 MiB for one file; split it into smaller files']);
  });

  it('returns nothing for no files', async () => {
    expect(await importDocuments([], { extract })).toEqual({ documents: [], errors: [] });
  });
});
