/**
 * A line of code that declares a type or a function, at its start (`class LLMResult(LLMCosts):`,
 * `export async function run(`, `pub fn main()`): the outline of a file read whole
 * (kinds/read/code.ts), and of the source a git blame annotates (newest.ts). Pure.
 */

export const TYPE_DECL =
  /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:public\s+|private\s+|protected\s+)?(?:static\s+)?(?:final\s+)?(?:sealed\s+)?(?:data\s+)?(?:pub(?:\([\w:]+\))?\s+)?(?:class|interface|type|enum|struct|trait|impl|union|namespace|module|record|object|protocol|typedef)\b/;
export const FN_DECL =
  /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:pub(?:\([\w:]+\))?\s+)?(?:async\s+)?(?:unsafe\s+)?(?:extern\s+"C"\s+)?(?:function\*?|def|fn|func|sub|proc|fun|macro_rules!)\s*[\w$(<]/;
