/** The named-entity model's second opinion on names (issue 46): chunks, placing, and what is proposed (invented CVs). */
import { describe, expect, it } from 'vitest';
import { locateEntities, nerChunks } from '../../../../../src/core/counterfactual/identity/nerEntities.ts';
import { NER_REASON, nameEditSpans, nerSecondOpinion } from '../../../../../src/core/counterfactual/identity/nerSecondOpinion.ts';

const per = (word: string, score = 0.99) => ({ word, group: 'PER', score });
/** The proposals' texts for a CV and the model's entities in it (placed by locateEntities). */
const proposed = (text: string, words: string[], extra: Omit<Parameters<typeof nerSecondOpinion>[0], 'text' | 'entities'> = {}) =>
  nerSecondOpinion({ text, entities: locateEntities(text, words.map((w) => per(w))), ...extra }).map((p) => p.text);

describe('nerChunks(text, maxChars)', () => {
  it('nerChunks(text, 12) cuts at line ends, a long line at its last space, and covers the text', () => {
    const text = 'Ann Lee\nBackend developer\n';
    const chunks = nerChunks(text, 12);
    expect(chunks).toEqual([{ start: 0, text: 'Ann Lee\n' }, { start: 8, text: 'Backend ' }, { start: 16, text: 'developer\n' }]);
    expect(chunks.map((c) => c.text).join('')).toBe(text);
  });
  it('nerChunks(text) leaves blank chunks out and cuts a line without spaces at the limit', () => {
    expect(nerChunks('\n\n\nabcdefghij', 4).map((c) => c.text)).toEqual(['abcd', 'efgh', 'ij']);
    expect(nerChunks('', 10)).toEqual([]);
  });
});

describe('locateEntities(text, entities, offset)', () => {
  it('locateEntities finds a lower-cased, accent-less word in the text as written, after the previous one, whole words only', () => {
    const text = 'Zorvathy wrote to Zorvath Quillane and José Núñez-Ortiz.';
    const placed = locateEntities(text, [per('zorvath quillane'), per('jose nunez - ortiz')], 100);
    expect(placed.map((e) => text.slice(e.start - 100, e.end - 100))).toEqual(['Zorvath Quillane', 'José Núñez-Ortiz']);
    expect(placed[0]).toEqual({ group: 'PER', score: 0.99, start: 118, end: 134 });
  });
  it('locateEntities takes given offsets as they are and leaves out a word not in the chunk', () => {
    expect(locateEntities('Ann Lee', [{ ...per('ann'), start: 0, end: 3 }, per('[UNK]x')], 5)).toEqual([{ group: 'PER', score: 0.99, start: 5, end: 8 }]);
  });
});

describe('nerSecondOpinion(input)', () => {
  it('proposes a name the detector missed, in the header, unsure, with the reason, never applied', () => {
    const text = 'backend developer\nzorvath quillane · remote\n\nExperience\nBuilt APIs.\n';
    const [p] = nerSecondOpinion({ text, entities: locateEntities(text, [per('zorvath quillane')]) });
    expect(p).toEqual({ start: 18, end: 34, text: 'zorvath quillane', where: 'header', score: 0.99, count: 1, confidence: 'unsure', reason: NER_REASON });
    expect(NER_REASON).toBe("the named-entity model reads a person's name here");
  });
  it('does not propose what the detector found: a span of the base\'s name edits, or words of the known name', () => {
    const text = 'Zorvath Quillane\nEngineer\nAsk Quillane about it.\n';
    const edits = [{ offset: 0, before: 'Zorvath Quillane', after: '', why: 'name' as const }];
    expect(nameEditSpans(edits)).toEqual([{ start: 0, end: 16 }]);
    expect(proposed(text, ['zorvath quillane'], { nameSpans: nameEditSpans(edits) })).toEqual([]);
    expect(proposed(text, ['zorvath quillane', 'quillane'], { knownName: 'ZORVATH QUILLANE' })).toEqual([]);
  });
  it('does not propose a referee in a reference block, a titled person, nor someone the text names as another', () => {
    const text = 'Data analyst\nExperience\nAnalyst who reported to Brindlemoor Vask for two years.\nReferences\nBrindlemoor Tann, Head of Data\n';
    expect(proposed(text, ['brindlemoor vask', 'brindlemoor tann'])).toEqual([]);
    expect(proposed('Analyst\nSupervised by Dr. Brindlemoor at Acme.\n', ['brindlemoor'])).toEqual([]);
  });
  it('proposes a name in the body once, with how many times it was read, below minScore never, and PER only', () => {
    const text = 'Analyst\n' + 'Led the data team.\n'.repeat(12) + 'Signed, zorvath quillane. zorvath quillane\n';
    const out = nerSecondOpinion({ text, entities: locateEntities(text, [per('zorvath quillane'), per('zorvath quillane'), per('led', 0.3), { word: 'data', group: 'ORG', score: 0.99 }]) });
    expect(out.map((p) => [p.text, p.where, p.count])).toEqual([['zorvath quillane', 'body', 2]]);
  });
  it('leaves out one-letter entities and returns nothing without entities', () => {
    expect(proposed('J. Smith-like\n', ['j'])).toEqual([]);
    expect(nerSecondOpinion({ text: 'x', entities: [] })).toEqual([]);
  });
});

describe('the @examples of nerEntities.ts and nerSecondOpinion.ts', () => {
  it('each returns what its doc comment says', () => {
    expect(nerChunks('Ann Lee\nBackend developer\n', 12)).toEqual([{ start: 0, text: 'Ann Lee\n' }, { start: 8, text: 'Backend ' }, { start: 16, text: 'developer\n' }]);
    expect(locateEntities('Referee: Zorvath Quillane', [{ word: 'zorvath quillane', group: 'PER', score: 0.99 }])).toEqual([{ group: 'PER', score: 0.99, start: 9, end: 25 }]);
    expect(nerSecondOpinion({ text: 'Backend developer\nzorvath quillane\n', entities: [{ group: 'PER', score: 0.99, start: 18, end: 34 }] })[0].text).toBe('zorvath quillane');
    expect(nameEditSpans([{ offset: 0, before: 'Ann Lee', after: '', why: 'name' }])).toEqual([{ start: 0, end: 7 }]);
  });
});
