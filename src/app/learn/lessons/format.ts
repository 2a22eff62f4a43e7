/** Number formats of the lessons (plots keep their own in plots/format.ts). */
import { formatValue } from '../../../present/plots/format.ts';

/** 3 decimals with a true minus sign; "n/a" when undefined or not finite. */
export function fmt(value: number | undefined): string {
  return formatValue(value ?? null);
}

/** A signed value to `digits` decimals: "+1.00", "−0.25", "0.00". */
export function signed(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return 'n/a';
  const rounded = Number(value.toFixed(digits));
  const body = Math.abs(rounded).toFixed(digits);
  return rounded > 0 ? `+${body}` : rounded < 0 ? `−${body}` : body;
}
