import "server-only";

/**
 * Managing keys and endpoints: a manager's occasional clicks, per account. Fixed rather than
 * configurable: no team needs more, and a stolen session minting keys in a loop should stop soon.
 */
export const integrationsWriteLimit = { name: "integrations-write", max: 30, windowSeconds: 60 };
