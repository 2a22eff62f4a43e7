/**
 * After a lesson's list moved an item by keyboard (its DOM node moved), the focus goes back to the
 * same button of the moved row, or to the row's fallback button when that one is disabled at an end.
 */
export function focusMoved(list: HTMLElement | undefined, rowSelector: string, buttonSelector: string, fallbackSelector: string): void {
  const row = list?.querySelector<HTMLElement>(rowSelector);
  const target = row?.querySelector<HTMLButtonElement>(buttonSelector);
  (target && !target.disabled ? target : row?.querySelector<HTMLButtonElement>(fallbackSelector))?.focus();
}
