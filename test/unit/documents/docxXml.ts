/**
 * An independent reading of a DOCX's text for the tests: word/document.xml unzipped with
 * fflate and its <w:t> runs taken with a regular expression (no mammoth, no JSZip), the
 * alternate-content fallbacks left out (Word writes a text box twice).
 */
import { strFromU8, unzipSync } from 'fflate';

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

export function docxRuns(bytes: Uint8Array): string[] {
  const xml = strFromU8(unzipSync(bytes)['word/document.xml']).replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '');
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) =>
    m[1].replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (_, e: string) =>
      e.startsWith('#x') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : ENTITIES[e]),
  );
}

/** The words of a text (split on white space). */
export const words = (text: string) => text.split(/\s+/).filter(Boolean);
