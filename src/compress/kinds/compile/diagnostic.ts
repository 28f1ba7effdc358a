/**
 * What a compiler or linter said, as the compressors of src/compress/compilers/ read it:
 * the types diagnostics.ts packs and error-index.ts indexes, in their own module so those
 * two do not import each other.
 */

export type Severity = "error" | "warning" | "note";

export interface Diagnostic {
  /** Line index of the diagnostic's first line. */
  readonly at: number;
  /** Last line index of the diagnostic's own header (e.g. rustc's "--> file" line). */
  readonly headerEnd?: number;
  /** Last line index of its context (code frame, help); defaults to the header. */
  readonly end?: number;
  readonly severity: Severity;
  readonly file: string;
  /** Error code, warning flag or rule; else a shape of the message. */
  readonly kind: string;
  /** Added to its priority (rare rules are worth more than the hundredth repeat). */
  readonly weight?: number;
  /** A line above that says where (gcc's "In function ‘f’:"), kept with it. */
  readonly context?: number;
  /** A line its own means nothing without (ESLint's file header): both are kept or neither. */
  readonly needs?: number;
  /** Lines of its context that say more than the rest (javac's "symbol:", "location:"). */
  readonly details?: readonly number[];
  /** Where it points in the source (1-based line, column), when the tool says. */
  readonly line?: number;
  readonly col?: number;
  /** Its message: with a line, diagnostics alike in file, severity, kind and message are printed once. */
  readonly message?: string;
  /** Its name in the index of errors not shown (code, rule, flag); else its severity. */
  readonly code?: string;
}

/** Diagnostics printed as one: the first occurrence stands for all of them. */
export interface Group {
  readonly lead: Diagnostic;
  readonly members: Diagnostic[];
}
