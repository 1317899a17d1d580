/** A return's vocabulary (issue 47), shared by the model, the schemas and the pages. */

export const RETURN_REASONS = ['does-not-fit', 'damaged', 'wrong-part', 'not-needed', 'core-return', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_STATES = ['requested', 'approved', 'rejected', 'received', 'refunded', 'forfeited'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** How a received core return ends: its deposit paid back in full, in part, or kept (forfeited). */
export const CORE_OUTCOMES = ['full', 'partial', 'forfeit'] as const;
export type CoreOutcome = (typeof CORE_OUTCOMES)[number];

/** A fitment review (the fitment loop): open until an admin acts on it once. */
export const FITMENT_REVIEW_STATES = ['open', 'resolved'] as const;
export type FitmentReviewState = (typeof FITMENT_REVIEW_STATES)[number];
export const FITMENT_REVIEW_ACTIONS = ['narrow', 'remove', 'qualify', 'note', 'dismiss'] as const;
export type FitmentReviewAction = (typeof FITMENT_REVIEW_ACTIONS)[number];
