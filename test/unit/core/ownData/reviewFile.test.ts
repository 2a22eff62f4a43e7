/**
 * The review file (issue 46): what the browser's review used, so that make-dataset rebuilds its
 * package from the same documents — each document's id, language and typed name, in the review's
 * order — and the version-1 decisions object still reads.
 */
import { describe, expect, it } from 'vitest';
import type { ImportedDocument } from '../../../../src/core/documents/candidateDocument.ts';
import { DEFAULT_DRAFT_OPTIONS } from '../../../../src/core/ownData/draftOptions.ts';
import { applyDocumentSettings, parseReviewFile, reviewFileOf } from '../../../../src/core/ownData/reviewFile.ts';

const doc = (id: string, source: string, extra: Partial<ImportedDocument> = {}): ImportedDocument => ({ id, text: `text of ${id}`, source, ...extra });

describe('reviewFileOf(draft, decisions, mappings) → parseReviewFile', () => {
  const draft = {
    id: 'mine',
    title: 'Mine',
    cvs: [doc('b', 'b.txt', { lang: 'es', nameless: true }), doc('a', 'a.pdf', { lang: 'en', name: 'Typed Name', nameGiven: true }), doc('a-2', 'x/a.pdf', { lang: 'en', name: 'Imported Name' })],
    jobs: [doc('dev', 'jobs.csv row 2', { lang: 'en' })],
    options: { ...DEFAULT_DRAFT_OPTIONS, seed: 7 },
  };
  const decisions = new Map([['a.neutral', { state: 'edited' as const, text: 'edited base' }], ['b.name.female.0', { state: 'rejected' as const }]]);
  const file = reviewFileOf(draft, decisions, { jobs: { id: 'id', text: 'text' } });

  it('records each document by its source, with its id, language and only a typed name', () => {
    expect(file.documents.cvs).toEqual([
      { source: 'b.txt', id: 'b', lang: 'es', nameless: true },
      { source: 'a.pdf', id: 'a', lang: 'en', name: 'Typed Name' },
      { source: 'x/a.pdf', id: 'a-2', lang: 'en' },
    ]);
    expect(applyDocumentSettings([doc('b', 'b.txt')], [file.documents.cvs[0]], 'CV')[0].nameless).toBe(true);
    expect(file.dataset).toEqual({ id: 'mine', title: 'Mine' });
    expect(file.options.seed).toBe(7);
  });

  it('reads back what it wrote, through JSON', () => {
    const read = parseReviewFile(JSON.parse(JSON.stringify(file)));
    expect([...read.decisions]).toEqual([...decisions]);
    expect(read.settings?.documents).toEqual(file.documents);
    expect(read.settings?.mappings).toEqual({ jobs: { id: 'id', text: 'text' } });
  });

  it('still reads a version-1 file (the decisions alone), and refuses an unknown version', () => {
    expect(parseReviewFile({ 'a.neutral': 'accepted' })).toEqual({ decisions: new Map([['a.neutral', { state: 'accepted' }]]) });
    expect(() => parseReviewFile({ ...file, version: 3 })).toThrow('review file version 3');
  });
});

describe('applyDocumentSettings(documents, settings, what)', () => {
  const settings = [
    { source: 'b.txt', id: 'b', lang: 'es' },
    { source: 'a.pdf', id: 'a-renamed', lang: 'en', name: 'Typed Name' },
  ];

  it('puts the documents in the review’s order with its ids, languages and typed names', () => {
    const imported = [doc('a', 'a.pdf'), doc('b', 'b.txt', { name: 'Found Name' })];
    expect(applyDocumentSettings(imported, settings, 'CV')).toEqual([
      { id: 'b', text: 'text of b', source: 'b.txt', lang: 'es', name: 'Found Name' },
      { id: 'a-renamed', text: 'text of a', source: 'a.pdf', lang: 'en', name: 'Typed Name', nameGiven: true },
    ]);
  });

  it('refuses files that are not the review’s, naming what is missing and what is extra', () => {
    expect(() => applyDocumentSettings([doc('a', 'a.pdf'), doc('c', 'c.md')], settings, 'CV')).toThrow(
      'the review lists 1 CV(s) the files lack: b.txt; the files hold 1 CV(s) the review does not list: c.md — give the documents the review was made from',
    );
  });
});
