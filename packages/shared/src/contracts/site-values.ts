/**
 * Site limits as plain values, without zod: pages import these, and importing them from the
 * contract module would load all of its schemas and zod with them.
 */
export const SITE_NAME_MAX = 120;
export const SITE_TAGS_MAX = 20;
export const SITE_TAG_MAX = 32;
export const SITE_CONTACTS_MAX = 10;
export const SITE_NOTES_MAX = 5000;
