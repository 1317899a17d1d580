/** Named steps with undos (STYLE.md), undone in reverse on failure; a failing undo stops there for a reconciliation. */
export type Step<C> = { name: string; run: (context: C) => Promise<void>; undo?: (context: C) => Promise<void> };

/** A failure after which nothing may be undone: whether the step took effect is not known. */
export class OutcomeUnknownError extends Error {
  constructor(override readonly cause: unknown) {
    super('The outcome of a step is not known');
  }
}

export async function runSteps<C>(steps: Array<Step<C>>, context: C): Promise<void> {
  const done: Array<Step<C>> = [];
  try {
    for (const step of steps) {
      await step.run(context);
      done.push(step);
    }
  } catch (error) {
    if (error instanceof OutcomeUnknownError) throw error.cause;
    for (const step of done.reverse()) {
      try {
        await step.undo?.(context);
      } catch (undoError) {
        console.error(`[steps] could not undo "${step.name}", left for the reconciliation:`, undoError);
        break;
      }
    }
    throw error;
  }
}
