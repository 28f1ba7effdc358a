/**
 * Set in the environment of processes cairn starts itself (a `claude -p` observer or
 * summariser): every cairn hook in them answers no-op at once, so cairn never recurses.
 */
export const RECURSION_GUARD = "CAIRN_HOOKS_OFF";
