import type { Check } from './shapeCheck.ts';
import type { JsonObject, PermalinkDataset } from './types.ts';

/**
 * What a link of one results kind must hold beyond the envelope: the shape of
 * its `parameters` and `results` (every field a view reads, with its type and
 * range), and the rules that tie them to each other and to the envelope.
 */
export interface ResultSchema {
  readonly parameters: Check;
  readonly results: Check;
  /**
   * Rules across envelope and results, run once both passed their checks.
   * @throws {PermalinkShapeError} naming the field that disagrees.
   */
  agree(link: { readonly dataset: PermalinkDataset; readonly parameters: JsonObject; readonly results: JsonObject }): void;
}
