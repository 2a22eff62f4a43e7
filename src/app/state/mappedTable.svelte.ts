/**
 * A table file read in this tab (never uploaded) whose columns the user maps to what an audit
 * asks for: what the Outcomes view (OutcomesState) and the Datasets view's Label agreement panel
 * (LabelAgreementState) share — the file's name, columns and text, the error of a file that could
 * not be read, the results of the last run, and the column guesses and picks of the mapping form.
 */

/** What a core column reader says of a file: its columns, or why it cannot be read. */
export type ColumnsRead = { readonly ok: true; readonly columns: readonly string[] } | { readonly ok: false; readonly error: string };

export abstract class MappedTableState<Results> {
  fileName = $state<string | undefined>(undefined);
  columns = $state<readonly string[]>([]);
  error = $state<string | undefined>(undefined);
  results = $state.raw<Results | undefined>(undefined);
  /** The file's text, kept out of $state (it can be large and is never shown). */
  #text: string | undefined;

  /** The read file's text; undefined until one is read. */
  protected get text(): string | undefined {
    return this.#text;
  }

  /** Whether a file with columns is read. */
  protected get hasTable(): boolean {
    return this.fileName !== undefined && this.columns.length > 0;
  }

  /**
   * Keeps the file's text, name and columns when `read` found them (true); else forgets any
   * earlier file and shows why this one cannot be read (false).
   */
  protected readTable<R extends ColumnsRead>(text: string, fileName: string, read: R): read is Extract<R, { ok: true }> {
    if (!read.ok) {
      this.#text = undefined;
      this.fileName = undefined;
      this.columns = [];
      this.error = read.error;
      return false;
    }
    this.#text = text;
    this.fileName = fileName;
    this.columns = read.columns;
    return true;
  }

  /** The first of the file's columns named (case-insensitive) one of `names`, tried in order; '' when none is. */
  protected guessColumn(names: readonly string[]): string {
    return names.map((n) => this.columns.find((c) => c.toLowerCase() === n)).find((c) => c !== undefined) ?? '';
  }

  /** `picked` with `column` added (`on`) or removed, in the file's column order. */
  protected toggled(picked: readonly string[], column: string, on: boolean): string[] {
    const set = new Set(picked);
    if (on) set.add(column);
    else set.delete(column);
    return this.columns.filter((c) => set.has(c));
  }
}
