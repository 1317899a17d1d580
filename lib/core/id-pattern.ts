/** A record id as the API takes it: 24 hex characters (client-safe). */
export const OBJECT_ID_PATTERN = /^[a-f\d]{24}$/i;
