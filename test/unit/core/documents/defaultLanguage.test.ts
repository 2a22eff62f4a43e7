import { describe, expect, it } from 'vitest';
import { withDefaultLanguage } from '../../../../src/core/documents/defaultLanguage.ts';

describe('withDefaultLanguage', () => {
  const docs = [{ id: 'a', text: 't', source: 'a.pdf' }, { id: 'b', text: 't', source: 'b.csv row 2', lang: 'de' }];

  it('withDefaultLanguage(docs, lang) fills a missing language and keeps a document\'s own', () => {
    expect(withDefaultLanguage(docs, 'fr').map((d) => d.lang)).toEqual(['fr', 'de']);
    expect(withDefaultLanguage(docs, undefined).map((d) => d.lang)).toEqual([undefined, 'de']);
  });

  it('refuses a code that is not two lower-case letters', () => {
    expect(() => withDefaultLanguage(docs, 'French')).toThrow('language "French" is not a two-letter ISO 639-1 code such as en or fr');
  });
});
