/**
 * The `fairground …` and `node dist-cli/fairground.js …` commands of the docs' code blocks, as a
 * reader would copy them: a line ending in `\` continues on the next, and the words are split as
 * a POSIX shell splits them (single and double quotes, backslash escapes; no expansion).
 */

/** One command of a doc: where it is, its text as written, and its arguments after the program. */
export interface DocCommand {
  readonly doc: string;
  /** 1-based line of the command's first line. */
  readonly line: number;
  readonly text: string;
  readonly argv: readonly string[];
}

const PROGRAM = /^(?:\$\s+)?(?:fairground|node dist-cli\/fairground\.js)(?:\s|$)/u;

/**
 * Splits a command line into words as sh does, without expansions.
 * @throws {RangeError} for an unterminated quote.
 * @example shellWords(`check --require 'iou@10>=0.8' --auditor "Dana Auditor"`) // ['check', '--require', 'iou@10>=0.8', '--auditor', 'Dana Auditor']
 */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new RangeError(`unterminated ' in ${text}`);
      word = (word ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      let s = '';
      for (; j < text.length && text[j] !== '"'; j++) s += text[j] === '\\' && /["\\$`]/u.test(text[j + 1] ?? '') ? text[++j] : text[j];
      if (j >= text.length) throw new RangeError(`unterminated " in ${text}`);
      word = (word ?? '') + s;
      i = j;
    } else if (c === '\\') {
      word = (word ?? '') + (text[i + 1] ?? '');
      i++;
    } else if (/\s/u.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** Every command of the fenced code blocks of a Markdown text, in order. */
export function docCommands(doc: string, markdown: string): DocCommand[] {
  const lines = markdown.split('\n');
  const out: DocCommand[] = [];
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*```/u.test(lines[i])) {
      fenced = !fenced;
      continue;
    }
    if (!fenced || !PROGRAM.test(lines[i].trim())) continue;
    const start = i;
    let text = lines[i].trim();
    while (text.endsWith('\\') && i + 1 < lines.length) text = `${text.slice(0, -1).trimEnd()} ${lines[++i].trim()}`;
    const words = shellWords(text.replace(/^\$\s+/u, ''));
    out.push({ doc, line: start + 1, text, argv: words.slice(words[0] === 'node' ? 2 : 1) });
  }
  return out;
}
