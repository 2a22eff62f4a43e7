/**
 * A sideways scroller (`<div class="scroll" {@attach keyboardScroller}>`; every table gets it through ScrollTable.svelte) that a keyboard can
 * scroll: while its content is wider than its box it takes a tab stop (tabindex 0), so that
 * the arrow keys scroll it (WCAG 2.1.1; axe's scrollable-region-focusable). A scroller whose
 * content fits has no tab stop, as Chromium does for scrollers by itself: no stop that does
 * nothing. Rechecked when the box is resized or its content changes.
 */
export function keyboardScroller(node: HTMLElement): () => void {
  const update = (): void => {
    for (const child of node.children) resized.observe(child); // a table that widens: its box changes, not the scroller's
    if (node.scrollWidth > node.clientWidth) node.tabIndex = 0;
    else node.removeAttribute('tabindex');
  };
  const resized = new ResizeObserver(update);
  resized.observe(node);
  const changed = new MutationObserver(update);
  changed.observe(node, { childList: true, subtree: true, characterData: true });
  update();
  return () => {
    resized.disconnect();
    changed.disconnect();
  };
}
