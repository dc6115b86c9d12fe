/**
 * What happens to a category's money at the end of a month, in the envelope style. Each category says
 * whether a surplus carries over (stays in the category next month) and whether a deficit carries over
 * (the category starts next month below zero). Money that does not carry is never lost: an uncarried
 * surplus goes back to next month's money to assign, an uncarried deficit is taken from it.
 */
export interface CarryChoice {
  carrySurplus: boolean;
  carryDeficit: boolean;
}

/** The choice of a category the person never set: surpluses stay, overspending is taken from next month. */
export const DEFAULT_CARRY: CarryChoice = { carrySurplus: true, carryDeficit: false };

/** How a month-end `available` splits between the category's next month and next month's money to assign. */
export function carryOver(available: number, choice: CarryChoice): { carried: number; toAssign: number } {
  const carries = available >= 0 ? choice.carrySurplus : choice.carryDeficit;
  return carries ? { carried: available, toAssign: 0 } : { carried: 0, toAssign: available };
}
