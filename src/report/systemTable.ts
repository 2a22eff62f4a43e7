/**
 * The "System audited" table: one row per model with its id, revision, kind, dtype and the device
 * that really ran, and for vectors computed elsewhere each file with its SHA-256.
 */
import { displayNames } from '../core/models/displayName.ts';
import { textCell, type ReportTable } from './document.ts';

export interface SystemRow {
  readonly id: string;
  readonly label: string;
  readonly kind: string;
  readonly revision: string;
  readonly dtype: string;
  readonly device: string;
  readonly importedFiles?: readonly { readonly file: string; readonly sha256: string }[];
}

/** @example systemTable([{ id: 'bm25', label: 'BM25', kind: 'bm25', revision: 'builtin', dtype: 'fp64', device: 'cpu' }]).rows[0][1].text // 'bm25' */
export function systemTable(models: readonly SystemRow[]): ReportTable {
  const names = displayNames(models);
  return {
    kind: 'table',
    caption: 'Every model audited: its id and revision, what kind of system it is, the weights’ dtype and the device that ran it.',
    columns: ['Model', 'Id', 'Revision', 'Kind', 'Dtype', 'Device', 'Files read (SHA-256)'],
    rows: models.map((m, i) => [
      textCell(names[i]),
      textCell(m.id),
      textCell(m.revision),
      textCell(m.kind),
      textCell(m.dtype),
      textCell(m.device),
      textCell(m.importedFiles?.map((f) => `${f.file} (${f.sha256})`).join('; ') || '—'),
    ]),
    hook: 'system',
  };
}
