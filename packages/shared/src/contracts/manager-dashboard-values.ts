/**
 * The getting-started steps as plain values, without zod: pages import these, and importing them
 * from the contract module would load all of its schemas and zod with them.
 */
/** The steps of the getting-started checklist, each ticked by the workspace's real state. */
export const GETTING_STARTED_STEPS = ['camera', 'live', 'alerts', 'team'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];
