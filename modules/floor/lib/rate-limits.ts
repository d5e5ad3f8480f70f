import "server-only";

/**
 * A tab reports on every change of its dialer and every 20 s: a busy rep with two tabs stays far
 * below this; a loop gone wrong does not.
 */
export const presenceWriteLimit = { name: "floor-presence", max: 120, windowSeconds: 60 };

/** Starting to monitor a call: a manager clicks, not a loop. */
export const monitorStartLimit = { name: "floor-monitor-start", max: 30, windowSeconds: 60 };

/** A session's answer, mode changes and end: a handful per session. */
export const monitorWriteLimit = { name: "floor-monitor-write", max: 120, windowSeconds: 60 };

/**
 * Reading sessions and the key: on every live change (and a poll without the channel), per
 * member.
 */
export const monitorReadLimit = { name: "floor-monitor-read", max: 240, windowSeconds: 60 };
