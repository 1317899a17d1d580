/** An import's states (issue 46), shared by its model, the API and the Imports page. */
export const IMPORT_STATES = ['queued', 'validating', 'validated', 'applying', 'applied', 'failed', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
