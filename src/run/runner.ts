/** `cairn run`: placeholder until the Bash runner lands. */
export async function runRunner(_argv: string[]): Promise<number> {
  process.stderr.write("cairn run: not available in this build yet\n");
  return 1;
}
