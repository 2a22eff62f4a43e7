import type { Changes } from './agreement.ts';
import { gapBefore } from './agreement.ts';
import type { DirectedLexicon } from './lexicons.ts';
import type { Token } from './tokens.ts';

/** A separator that ends a header segment: a line break, `|`, `•`, `·`, `;`, `/` or a comma. */
const SEGMENT_START = /(?:^|[\n|•·;/,][ \t]*)$/u;
const SEGMENT_END = /^(?:[ \t]*(?:$|[\r\n|•·;/,.()]))/u;
const LINE_START = /(?:^|\n)[ \t*•·-]*$/u;

/**
 * The status words of the writer in `text` to change from `lex.from` (lexicon `statements` and
 * `nationalities`): either kind right after its field label on the same line (`Estado civil:
 * Soltero`, `NACIONALIDAD: peruano`, `Nationalité : française`); a statement also alone in its
 * line or segment (`Casado | 2 hijos`) or opening a line (`Né le 3 mars`). A nationality alone is
 * left (`Inglés` in a list of languages is the language). Tokens `skip` names are left.
 * @example statusChanges('ESTADO CIVIL: Soltero', tokenize('ESTADO CIVIL: Soltero'), directLexicon(ES, 'male')) // Map { 2 → 'soltera' }
 */
export function statusChanges(text: string, tokens: readonly Token[], lex: DirectedLexicon, skip?: readonly boolean[]): Changes {
  const out: Changes = new Map();
  const labels = lex.lexicon.statusLabels;
  if (lex.statements.size === 0 && lex.nationalities.size === 0) return out;
  tokens.forEach((t, i) => {
    if (skip?.[i]) return;
    const statement = lex.statements.get(t.lower);
    const nationality = lex.nationalities.get(t.lower);
    const to = statement ?? nationality;
    if (to === undefined) return;
    const lineStart = text.lastIndexOf('\n', t.start - 1) + 1;
    const before = text.slice(lineStart, t.start);
    const afterLabel = labels !== undefined && labels.test(before) && /[:：][ \t]*$/u.test(before);
    const prefix = text.slice(0, t.start);
    const suffix = text.slice(t.end, t.end + 3);
    const alone = SEGMENT_START.test(prefix) && SEGMENT_END.test(suffix);
    const opens = LINE_START.test(prefix) && i + 1 < tokens.length && /^[ \t]+$/u.test(gapBefore(text, tokens, i + 1));
    if (afterLabel || (statement !== undefined && (alone || opens))) out.set(i, to);
  });
  return out;
}
