import { describe, expect, it } from 'vitest';
import { jsonlDocuments } from '../../../../src/core/documents/jsonlDocuments.ts';
import { textDocument } from '../../../../src/core/documents/textDocuments.ts';
import { FormatError } from '../../../../src/core/formats/formatError.ts';
import { fixture } from './fixtures.ts';

function failure(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return `${e.file}:${e.line ?? ''}: ${e.message}`;
  }
  throw new Error('expected a FormatError');
}

describe('jsonlDocuments(bytes, file, mapping)', () => {
  it('runs its @example', () => {
    expect(jsonlDocuments(new TextEncoder().encode('{"_id":"a","text":"Anna"}\n'), 'cvs.jsonl')).toEqual([{ id: 'a', text: 'Anna', source: 'cvs.jsonl row 1' }]);
  });

  it('reads _id, text, label, job and group by default; a numeric id becomes a string; blank lines skipped', () => {
    expect(jsonlDocuments(fixture('cvs.jsonl'), 'cvs.jsonl')).toEqual([
      { id: 'j1', text: 'Anna', source: 'cvs.jsonl row 1', label: 1, job: 'nurse' },
      { id: '2', text: 'Bram', source: 'cvs.jsonl row 2', group: 'male' },
    ]);
  });

  it('maps fields like columns', () => {
    const bytes = new TextEncoder().encode('{"key":"k","body":"B","sex":"f","fit":"not fit"}\n');
    expect(jsonlDocuments(bytes, 'm.jsonl', { id: 'key', text: 'body', group: 'sex', label: 'fit' })).toEqual([
      { id: 'k', text: 'B', source: 'm.jsonl row 1', group: 'f', label: 0 },
    ]);
  });

  it('falls back to id when there is no _id', () => {
    expect(jsonlDocuments(new TextEncoder().encode('{"id":"x","text":"t"}\n'), 'i.jsonl')[0].id).toBe('x');
  });

  it('names the file and line of malformed JSON', () => {
    expect(failure(() => jsonlDocuments(fixture('broken.jsonl'), 'broken.jsonl'))).toMatch(/^broken\.jsonl:2: malformed JSON/);
  });

  it('names the line of a value that is not an object, of an object field, of an empty text, of a duplicate id', () => {
    const enc = (t: string) => new TextEncoder().encode(t);
    expect(failure(() => jsonlDocuments(enc('{"text":"a"}\n[1]\n'), 'a.jsonl'))).toBe('a.jsonl:2: row 2: a document must be a JSON object');
    expect(failure(() => jsonlDocuments(enc('{"text":{"x":1}}\n'), 'o.jsonl'))).toBe('o.jsonl:1: row 1: "text" must be a string, not an object');
    expect(failure(() => jsonlDocuments(enc('{"_id":"a","text":""}\n'), 'e.jsonl'))).toBe('e.jsonl:1: row 1: empty document (the text column "text" is empty)');
    expect(failure(() => jsonlDocuments(enc('{"_id":"a","text":"1"}\n{"_id":"a","text":"2"}\n'), 'd.jsonl'))).toBe('d.jsonl:2: id "a" appears twice: row 1 (line 1) and row 2');
  });
});

describe('textDocument(bytes, file)', () => {
  it('runs its @example', () => {
    expect(textDocument(new TextEncoder().encode('Anna, nurse'), 'cvs/anna.txt')).toEqual({ id: 'anna', text: 'Anna, nurse', source: 'cvs/anna.txt' });
  });

  it('reads Markdown with CRLF as \\n text, id the stem', () => {
    expect(textDocument(fixture('bram.md'), 'bram.md')).toEqual({ id: 'bram', text: '# Bram de Vries\n\nWelder, Rotterdam.\n', source: 'bram.md' });
  });

  it('names an empty file', () => {
    expect(failure(() => textDocument(fixture('empty.txt'), 'empty.txt'))).toBe('empty.txt:: empty document (the file has no text)');
  });

  it('names the line of bytes that are not UTF-8', () => {
    expect(failure(() => textDocument(Uint8Array.from([0x61, 0x0a, 0x62, 0xc3, 0x28]), 'x.txt'))).toBe(
      'x.txt:2: bytes that are not valid UTF-8 (save the file as UTF-8 and import it again)',
    );
  });
});
