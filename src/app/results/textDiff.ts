/**
 * The edit between an original text and its twin, word by word (jsdiff's diffWords: a maintained
 * implementation of Myers' diff), as the two sides to show next to each other: each side's runs,
 * marked where that side differs from the other.
 */
import { diffWords } from 'diff';

/** A run of one side: text, and whether it is part of the edit. */
export interface DiffRun {
  readonly text: string;
  readonly changed: boolean;
}

/**
 * The two sides of a word diff.
 * @example sidesOf('Anna led the team', 'Alex led the team') // { original: [{ text: 'Anna', changed: true }, { text: ' led the team', changed: false }], twin: [{ text: 'Alex', changed: true }, …] }
 */
export function sidesOf(original: string, twin: string): { original: DiffRun[]; twin: DiffRun[] } {
  const left: DiffRun[] = [];
  const right: DiffRun[] = [];
  for (const part of diffWords(original, twin)) {
    if (part.added) right.push({ text: part.value, changed: true });
    else if (part.removed) left.push({ text: part.value, changed: true });
    else {
      left.push({ text: part.value, changed: false });
      right.push({ text: part.value, changed: false });
    }
  }
  return { original: left, twin: right };
}
