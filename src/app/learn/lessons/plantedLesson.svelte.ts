import { PLANTED_RULE, plantedResult } from './plantedExample.ts';

/** State of the "find the planted bias" lesson: whether the female cue's ln 2 is planted. */
export class PlantedLessonState {
  planted = $state(false);
  delta = $derived(this.planted ? PLANTED_RULE.deltaFemale : 0);
  result = $derived(plantedResult(this.delta));

  togglePlanted(): void {
    this.planted = !this.planted;
  }
}
