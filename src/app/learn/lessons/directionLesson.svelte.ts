import { BONUS_MAX, BONUS_MIN, DIRECTION_K, directionResult } from './directionExample.ts';

/** State of the Cohen's d and OddsRatio@k lesson: the model's bonus for male versions, and the twin kernel's numbers. */
export class DirectionLessonState {
  bonus = $state(0);
  result = $derived(directionResult(this.bonus));
  readonly k = DIRECTION_K;
  readonly min = BONUS_MIN;
  readonly max = BONUS_MAX;

  setBonus(value: number): void {
    this.bonus = value;
  }
}
