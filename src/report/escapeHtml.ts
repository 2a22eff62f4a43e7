/**
 * Escapes text for HTML element content and double-quoted attribute values.
 * @example escapeHtml('a < b & "c"') // 'a &lt; b &amp; &quot;c&quot;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;'));
}
