import type { Detector, Hints } from "../../excerpt/types.ts";

export const json: Detector = {
  name: "json",
  detect(text: string, hints: Hints): number {
    const start = jsonStart(text);
    if (start < 0) return 0;
    const body = text.slice(start, start + 2000);
    // `{"key":`, `[{`, `[1, 2]`, `[]`; not a build's `[1/20] Compiling`, a log's `[INFO]` nor a
    // numbered finding's `[1] openapi.yaml:79:5 at #/paths/…` (redocly lint): a closed array of one
    // number ends its line or goes on in JSON.
    let score =
      /^[[{]\s*(?:"[^"\n]{1,200}"\s*[:,\]]|[[{]|-?\d+(?:\.\d+)?\s*(?:,|\](?=\s*(?:$|[,\]}])))|(?:true|false|null)\s*[,\]]|\]|\})/.test(
        body,
      )
        ? 0.7
        : 0.2;
    if (
      hints.command &&
      /--json\b|--format[= ]json|\bjq\b|-o json|--output[= ]json|\bcurl\b/.test(hints.command)
    )
      score += 0.2;
    return Math.min(1, score);
  },
};

/** Where the JSON starts: the first line that opens an object or array. */
export function jsonStart(text: string): number {
  let pos = 0;
  for (let n = 0; n < 50 && pos < text.length; n++) {
    const c = text[pos];
    if (c === "{" || c === "[") return pos;
    const nl = text.indexOf("\n", pos);
    if (nl < 0) return -1;
    pos = nl + 1;
  }
  return -1;
}
