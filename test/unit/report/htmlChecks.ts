/** Reading a report's HTML back in tests (no DOM): headings, tables, figures, cells of a hooked table. */

/** The heading levels and texts, in document order. */
export function headings(html: string): { level: number; text: string }[] {
  return [...html.matchAll(/<h([1-6])[^>]*>([^<]*)<\/h\1>/g)].map((m) => ({ level: Number(m[1]), text: m[2] }));
}

/** Every table's markup. */
export const tables = (html: string) => [...html.matchAll(/<table[\s\S]*?<\/table>/g)].map((m) => m[0]);

/** Every figure's markup. */
export const figures = (html: string) => [...html.matchAll(/<figure[\s\S]*?<\/figure>/g)].map((m) => m[0]);

/** The rows of the tables with `data-report="<hook>"`: row header text and the cells' text and data-value. */
export function hookedRows(html: string, hook: string): { header: string; cells: { text: string; value?: number }[] }[] {
  return tables(html)
    .filter((t) => t.includes(`data-report="${hook}"`))
    .flatMap((t) => [...t.matchAll(/<tr><th scope="row">([^<]*)<\/th>(.*?)<\/tr>/g)])
    .map((m) => ({
      header: m[1],
      cells: [...m[2].matchAll(/<td[^>]*?(?: data-value="([^"]*)")?>([^<]*)<\/td>/g)].map((c) => ({ text: c[2], ...(c[1] !== undefined ? { value: Number(c[1]) } : {}) })),
    }));
}

/** A section's markup by id. */
export function section(html: string, id: string): string {
  const m = new RegExp(`<section id="${id}"[\\s\\S]*?</section>`).exec(html);
  return m ? m[0] : '';
}

/** The limitations listed (empty when none applies). */
export function limitations(html: string): string[] {
  const m = /<ul data-report="limitations">([\s\S]*?)<\/ul>/.exec(html);
  return m ? [...m[1].matchAll(/<li>([^<]*)<\/li>/g)].map((x) => x[1]) : [];
}
