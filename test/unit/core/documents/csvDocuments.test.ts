import { describe, expect, it } from 'vitest';
import { csvDocuments, readTableHeader } from '../../../../src/core/documents/csvDocuments.ts';
import { FormatError } from '../../../../src/core/formats/formatError.ts';
import { fixture } from './fixtures.ts';

/** The FormatError a call throws, as `file:line: message`. */
function failure(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return `${e.file}:${e.line ?? ''}: ${e.message}`;
  }
  throw new Error('expected a FormatError');
}

describe('csvDocuments(bytes, file, mapping)', () => {
  it('runs its @example', () => {
    expect(csvDocuments(new TextEncoder().encode('id;text\na;Anna, nurse\n'), 'cvs.csv', { id: 'id', text: 'text' })).toEqual([
      { id: 'a', text: 'Anna, nurse', source: 'cvs.csv row 1' },
    ]);
  });

  it('reads Excel\'s BOM + ";" CSV, guessing the mapping, labels FIT / not fit', () => {
    expect(csvDocuments(fixture('bom-semicolon.csv'), 'bom-semicolon.csv')).toEqual([
      { id: 'c1', text: 'Anna Jansen, nurse', source: 'bom-semicolon.csv row 1', group: 'female', label: 1 },
      { id: 'c2', text: 'Bram de Vries, welder', source: 'bom-semicolon.csv row 2', group: 'male', label: 0 },
    ]);
  });

  it('reads TSV by its extension, commas and quotes inside cells kept', () => {
    expect(csvDocuments(fixture('tabs.tsv'), 'tabs.tsv', { id: 'id', text: 'text', label: 'label' })).toEqual([
      { id: 't1', text: 'First, with a comma', source: 'tabs.tsv row 1', label: 1 },
      { id: 't2', text: 'Second "quoted" word', source: 'tabs.tsv row 2', label: 0 },
    ]);
  });

  it('guesses a tab separator in a .csv file too', () => {
    const docs = csvDocuments(new TextEncoder().encode('id\ttext\nx\ta, b\n'), 'tab.csv');
    expect(docs).toEqual([{ id: 'x', text: 'a, b', source: 'tab.csv row 1' }]);
  });

  it('keeps quoted newlines and blank lines inside a cell; rows are counted, not lines', () => {
    const docs = csvDocuments(fixture('quoted-newlines.csv'), 'quoted-newlines.csv');
    expect(docs.map((d) => [d.id, d.text, d.source])).toEqual([
      ['q1', 'Line one\nline two, still row 1', 'quoted-newlines.csv row 1'],
      ['q2', 'He said "hello"\n\nafter a blank line', 'quoted-newlines.csv row 2'],
      ['q3', 'plain', 'quoted-newlines.csv row 3'],
    ]);
  });

  it('numbers documents <file stem>-<row> without an id column', () => {
    expect(csvDocuments(fixture('no-ids.csv'), 'in/no-ids.csv').map((d) => d.id)).toEqual(['no-ids-1', 'no-ids-2']);
  });

  it('names the file and the line of bytes that are not UTF-8', () => {
    expect(failure(() => csvDocuments(fixture('bad-bytes.csv'), 'bad-bytes.csv'))).toBe(
      'bad-bytes.csv:3: bytes that are not valid UTF-8 (save the file as UTF-8 and import it again)',
    );
  });

  it('names the file, the row and its line of a ragged row', () => {
    expect(failure(() => csvDocuments(fixture('ragged.csv'), 'ragged.csv'))).toBe(
      'ragged.csv:3: row 2 has 4 cells but the header has 3 (a missing or extra separator, or an unquoted separator inside a cell)',
    );
  });

  it('names a mapped column the file lacks and lists its columns', () => {
    expect(failure(() => csvDocuments(fixture('missing-column.csv'), 'missing-column.csv', { id: 'ID', text: 'Resume_str' }))).toBe(
      'missing-column.csv:1: the text column "Resume_str" is not in the file; its columns are "ID", "Resume"',
    );
  });

  it('names the row of an empty document', () => {
    expect(failure(() => csvDocuments(fixture('empty-text.csv'), 'empty-text.csv'))).toBe(
      'empty-text.csv:3: row 2: empty document (the text column "text" is empty)',
    );
  });

  it('names both rows of a duplicate id', () => {
    expect(failure(() => csvDocuments(fixture('duplicate-ids.csv'), 'duplicate-ids.csv'))).toBe(
      'duplicate-ids.csv:4: id "d1" appears twice: row 1 (line 2) and row 3',
    );
  });

  it('names the row of a label that is not a known word', () => {
    expect(failure(() => csvDocuments(fixture('bad-label.csv'), 'bad-label.csv'))).toBe(
      'bad-label.csv:3: row 2: label "maybe" is not one of 1/0, fit/not fit, yes/no or true/false',
    );
  });

  it('names the line of an unterminated quote', () => {
    expect(failure(() => csvDocuments(new TextEncoder().encode('id,text\na,ok\nb,"never closed\n'), 'q.csv'))).toMatch(/^q\.csv:3: .*quote/i);
  });

  it('refuses an empty file and a header without rows, naming the file', () => {
    expect(failure(() => csvDocuments(new Uint8Array(), 'e.csv'))).toBe('e.csv:: the file is empty');
    expect(failure(() => csvDocuments(new TextEncoder().encode('id,text\n'), 'h.csv'))).toBe('h.csv:1: the file has a header but no rows');
  });

  it('says which columns there are when none looks like the text', () => {
    expect(failure(() => csvDocuments(new TextEncoder().encode('a,b\n1,2\n'), 'x.csv'))).toBe('x.csv:1: no column looks like the text; map one of "a", "b"');
  });
});

describe('readTableHeader(bytes, file)', () => {
  it('gives the headers and the separator', () => {
    expect(readTableHeader(fixture('bom-semicolon.csv'), 'b.csv')).toEqual({ headers: ['ID', 'Resume_str', 'Gender', 'Fit'], delimiter: ';' });
    expect(readTableHeader(fixture('tabs.tsv'), 't.tsv')).toEqual({ headers: ['id', 'text', 'label'], delimiter: '\t' });
  });
});
