/** A return's vocabulary (issue 47), shared by the model, the schemas and the pages. */

export const RETURN_REASONS = ['does-not-fit', 'damaged', 'wrong-part', 'not-needed', 'core-return', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_STATES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];
