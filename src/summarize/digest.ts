/**
 * What a one-line summary of a turn is made from: the person's request, the
 * assistant's conclusion (its last words in the turn), the files the tools touched,
 * and how many tool calls ran and failed.
 */
export interface TurnDigest {
  readonly turn: number;
  readonly at: number;
  readonly request: string;
  readonly conclusion: string;
  readonly files: readonly string[];
  readonly tools: number;
  readonly failed: number;
}

/** Collapses whitespace and Claude Code's slash-command markup into one plain line. */
export function oneLine(text: string): string {
  const command = /<command-name>([^<]*)<\/command-name>/.exec(text)?.[1];
  const args = /<command-args>([^<]*)<\/command-args>/.exec(text)?.[1];
  const plain = command
    ? `${command.trim()}${args?.trim() ? ` ${args.trim()}` : ""}`
    : text.replace(/<\/?[a-z][a-z0-9-]*>/gi, " ");
  return plain.replace(/\s+/g, " ").trim();
}

/** Cuts to at most `max` characters at a word boundary where one is near, with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}
