/**
 * The Run form's group-fairness choices (METRICS.md §12, issue 50): the fields the chosen
 * dataset's tasks can be grouped by — read from the stored shards here, worked out by core's
 * groupableFieldsOfTasks — the grouping picked (a field, two for their intersection, or none) and
 * the target distribution. Its default is core's defaultGroupBy (meta.gender, else the twins'
 * groups) and the pool's shares, as a run without a choice would use.
 */
import { defaultGroupBy, groupableFieldsOfTasks, type GroupBy } from '../../core/audit/retrieval/index.ts';
import type { GroupTarget } from '../../core/metrics/groupFairness/index.ts';
import { storedDataset } from '../runs/storedDataset.ts';
import { database } from './database.ts';

/** The first field's value for "no grouping" (no group fairness in the run). */
export const NO_GROUPING = 'none';

/** What the fields are read for: the form's dataset and tasks. */
export interface GroupingTarget {
  readonly datasetId: string;
  readonly tasks: readonly string[];
}

export class GroupingFormState {
  /** The groupable fields of the dataset's chosen tasks; undefined until read. */
  fields = $state<readonly string[] | undefined>(undefined);
  /** True while the fields are read. */
  loading = $state(false);
  /** Why the fields could not be read (the run then groups as core's default would). */
  error = $state<string | undefined>(undefined);
  /** The first field, or NO_GROUPING; '' until the fields are known (the default is taken then). */
  first = $state('');
  /** The second field of an intersection, or '' for none. */
  second = $state('');
  target = $state<GroupTarget>('pool');
  readonly #target: () => GroupingTarget;
  /** The latest read asked for: an older read that ends later is dropped. */
  #asked = 0;

  constructor(target: () => GroupingTarget) {
    this.#target = target;
  }

  /**
   * Reads the groupable fields of the target's dataset and tasks (call it from an effect: the
   * target is read before the first await, so a change of dataset or tasks reads again). Keeps a
   * choice the new fields still allow; else takes the default.
   */
  async refresh(): Promise<void> {
    const { datasetId, tasks } = this.#target();
    const asked = ++this.#asked;
    if (!datasetId || tasks.length === 0) {
      this.fields = undefined;
      this.loading = false;
      return;
    }
    this.loading = true;
    try {
      const dataset = await storedDataset(await database(), datasetId);
      const fields = await groupableFieldsOfTasks(dataset.read, dataset.manifest, [...tasks]);
      if (asked !== this.#asked) return;
      this.loading = false;
      this.fields = fields;
      this.error = undefined;
      if (this.first !== NO_GROUPING && !fields.includes(this.first)) this.first = defaultGroupBy(fields)?.[0] ?? NO_GROUPING;
      if (this.second === this.first || !fields.includes(this.second)) this.second = '';
    } catch (e) {
      if (asked !== this.#asked) return;
      this.loading = false;
      this.fields = undefined;
      this.error = `The fields to group by could not be read (${(e as Error).message}); the run groups as it would by default.`;
    }
  }

  /** The fields offered for the second of an intersection: every field but the first. */
  readonly secondFields = $derived((this.fields ?? []).filter((f) => f !== this.first));

  /**
   * The run config's grouping: null for none, one or two fields; undefined while the fields are
   * unknown (the run then takes core's default).
   */
  groupBy(): GroupBy | null | undefined {
    if (this.fields === undefined || this.first === '') return undefined;
    if (this.first === NO_GROUPING) return null;
    return this.second ? [this.first, this.second] : [this.first];
  }
}
