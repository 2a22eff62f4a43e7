/**
 * The Models view's registry table: one plain row per registry entry, with
 * every number already formatted. Pure, so the table's wording is tested
 * without a browser.
 */
import type { Dtype } from '../../../core/models/device.ts';
import type { ModelEntry } from '../../../core/models/modelSpec.ts';

export interface RegistryRow {
  readonly id: string;
  readonly label: string;
  readonly kind: string;
  readonly params: string;
  /** `fp32 90.4 MB · fp16 45.3 MB · q8 23 MB`, in the registry's dtype order. */
  readonly sizes: string;
  readonly languages: string;
  readonly pooling: string;
  /** `query: "query: " · document: "passage: "`, or `none`. */
  readonly prefixes: string;
  readonly license: string;
  readonly offline: boolean;
  readonly note: string | undefined;
}

const SIZE_ORDER: readonly Dtype[] = ['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4'];

/** Megabytes as the Hub lists them: at most 3 significant digits below 100, whole numbers above. */
export function formatMb(mb: number): string {
  if (mb >= 1000) return `${(mb / 1000).toFixed(2).replace(/\.?0+$/, '')} GB`;
  if (mb >= 100) return `${Math.round(mb)} MB`;
  return `${Number(mb.toPrecision(3))} MB`;
}

/** `fp32 90.4 MB · q8 23 MB`; `–` when no size is known. */
export function formatSizes(sizeMb: Partial<Record<Dtype, number>>): string {
  const parts = SIZE_ORDER.filter((d) => sizeMb[d] !== undefined).map((d) => `${d} ${formatMb(sizeMb[d]!)}`);
  return parts.length ? parts.join(' · ') : '–';
}

/** A prefix shown with its quotes and escaped newlines, so trailing spaces and `\n` are visible. */
function showPrefix(p: string): string {
  return JSON.stringify(p);
}

export function registryRow(m: ModelEntry): RegistryRow {
  const embedding = m.kind === 'embedding';
  const prefixes = embedding
    ? [m.queryPrefix && `query: ${showPrefix(m.queryPrefix)}`, m.documentPrefix && `document: ${showPrefix(m.documentPrefix)}`].filter(Boolean).join(' · ') || 'none'
    : '–';
  return {
    id: m.id,
    label: m.label,
    kind: embedding ? 'embedding' : m.decision,
    params: m.paramsM > 0 ? `${Number(m.paramsM.toPrecision(4))} M` : '–',
    sizes: formatSizes(m.sizeMb),
    languages: m.languages.join(', ') || '–',
    pooling: embedding ? m.pooling : '–',
    prefixes,
    license: m.license,
    offline: m.source === 'bundled',
    note: m.note,
  };
}
