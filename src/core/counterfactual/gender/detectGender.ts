import type { Gender } from './lexicon/types.ts';
import { genderTwin, type TwinOptions } from './genderTwin.ts';

/**
 * The text's grammatical gender: the direction in which genderTwin finds more to change
 * (masculine → feminine edits vs feminine → masculine edits), counting only what `options.skip`
 * leaves. Undefined on a tie (none included), and for a language without a lexicon.
 * @example detectGrammaticalGender('Je suis une consultante expérimentée', 'fr'); // 'female'
 */
export function detectGrammaticalGender(text: string, lang: string, options: TwinOptions = {}): Gender | undefined {
  const count = (from: Gender) => {
    const r = genderTwin(text, lang, from, from === 'male' ? 'female' : 'male', options);
    return 'edits' in r ? r.edits.length : 0;
  };
  const m = count('male'), f = count('female');
  return m > f ? 'male' : f > m ? 'female' : undefined;
}
