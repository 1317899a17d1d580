/** A part without a shipping weight counts as this much. */
export const DEFAULT_WEIGHT_GRAMS = 1000;

export const weightGramsOf = (part: { weightKg?: number | null }) =>
  typeof part.weightKg === 'number' ? Math.round(part.weightKg * 1000) : DEFAULT_WEIGHT_GRAMS;
