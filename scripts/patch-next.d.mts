/** Types of scripts/patch-next.mjs (plain JavaScript that npm runs after an install), for the tests. */
export const RUNTIMES: string[];
export const CALL_START: string;
export const CALL_END: string;
export const MARKER: string;
export function patchRuntime(source: string): { text: string; state: 'patched' | 'already' | 'missing' };
