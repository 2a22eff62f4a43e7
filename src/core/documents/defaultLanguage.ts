/**
 * The language of documents that carry none (no mapped column, a PDF, a text
 * file): the user says it once for a set of files. Grammatical-gender twins
 * are made only for documents with a language (en, fr, es, de, nl).
 */
import type { ImportedDocument } from './candidateDocument.ts';

/** ISO 639-1 codes the gender lexicons cover; any other two-letter code is kept but gets no gender twin. */
export const LEXICON_LANGUAGES = Object.freeze(['en', 'fr', 'es', 'de', 'nl'] as const);

/**
 * Documents with `lang` set where it was missing; a document's own language is kept.
 * @throws {RangeError} for a code that is not two lower-case letters.
 * @example withDefaultLanguage([{ id: 'a', text: 't', source: 'a.pdf' }], 'fr')[0].lang // 'fr'
 */
export function withDefaultLanguage(docs: readonly ImportedDocument[], lang: string | undefined): ImportedDocument[] {
  if (lang === undefined || lang === '') return [...docs];
  if (!/^[a-z]{2}$/.test(lang)) throw new RangeError(`language "${lang}" is not a two-letter ISO 639-1 code such as en or fr`);
  return docs.map((d) => (d.lang === undefined ? { ...d, lang } : d));
}
