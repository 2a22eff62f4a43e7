/**
 * What a results object says about the dataset it was audited on: id,
 * version, the manifest's SHA-256 and, for a dataset generated from a user's
 * own candidates, how many counterfactual variants were generated, accepted,
 * rejected and edited (never their text).
 */
import type { ManifestGenerationSettings } from '../../formats/manifest.ts';
import type { DatasetPort } from './dataset.ts';

/** The audited dataset, as every results object names it; `generation` for a dataset made from a user's own candidates. */
export interface DatasetIdentity {
  readonly id: string;
  readonly version: string;
  readonly manifestSha256: string;
  readonly generation?: {
    readonly generated: number;
    readonly accepted: number;
    readonly rejected: number;
    readonly edited: number;
    /** Variants that could not be made (no name found, nothing gendered to change). */
    readonly notMade: number;
    /** How the variants were made: neutral base, names inserted or replaced, the name choice (absent before it was recorded). */
    readonly settings?: ManifestGenerationSettings;
  };
}


/**
 * @example datasetIdentity(port) // { id: 'my-cvs', version: '1.0.0', manifestSha256: '…', generation: { generated: 40, accepted: 31, … } }
 */
export function datasetIdentity(dataset: Pick<DatasetPort, 'manifest' | 'manifestSha256'>): DatasetIdentity {
  const { id, version, generation } = dataset.manifest;
  const base = { id, version, manifestSha256: dataset.manifestSha256 };
  if (generation === undefined) return base;
  const { generated, accepted, rejected, edited, not_made, settings } = generation;
  return { ...base, generation: { generated, accepted, rejected, edited, notMade: not_made, ...(settings ? { settings } : {}) } };
}
