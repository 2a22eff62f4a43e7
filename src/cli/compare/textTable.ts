/** A plain text table for a terminal: columns padded to their widest cell, numbers right-aligned. */
export function textTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const width = head.map((h, j) => Math.max([...h].length, ...rows.map((r) => [...(r[j] ?? '')].length)));
  const numeric = head.map((_, j) => rows.length > 0 && rows.every((r) => /^[−\-+]?[\d.]|^< [\d.]|^n\/a$|^$/.test(r[j] ?? '')));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, j) => {
        const pad = ' '.repeat(Math.max(0, width[j] - [...c].length));
        return numeric[j] ? pad + c : c + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(head), line(width.map((w) => '─'.repeat(w))), ...rows.map(line)].join('\n');
}
