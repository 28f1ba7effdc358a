/** `cairn statusline`: placeholder until the context monitor lands; prints nothing. */
export async function runStatusline(): Promise<void> {}
