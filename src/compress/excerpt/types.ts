/**
 * The contract between cairn's hooks and its compressors. A compressor is a pure
 * function of the text, hints about where it came from, and a size budget; it never
 * does I/O. The hook adds the header (sizes, the `cairn show` commands) around the
 * excerpt, so compressors only decide what to keep.
 */

export interface Hints {
  /** Claude Code's tool name: "Bash", "Read", "Grep", "Glob", "WebFetch", "WebSearch", "mcp__server__tool", … */
  readonly tool: string;
  /** The Bash command line, when the text is a command's output. */
  readonly command?: string;
  /**
   * What the agent said it runs the command for (Bash's description: "find failed
   * payments"): lines that name what it is after are facts.
   */
  readonly intent?: string;
  /** The exit status of the command, when known (the exit trap's marker says it: run/exit-marker.ts). */
  readonly exitCode?: number;
  /** The file read, for Read outputs (and Grep/Glob roots). */
  readonly filePath?: string;
  /** Read's requested region (1-based first line, and line count), when given. */
  readonly offset?: number;
  readonly limit?: number;
  /** The first line number of `text` in the file (Read of a region); 1 otherwise. */
  readonly firstLine?: number;
}

export interface Excerpt {
  /** The excerpt. Omitted regions are marked with the original line numbers they cover. */
  readonly text: string;
  /** Which compressor made it, e.g. "vitest", "tsc", "generic". */
  readonly compressor: string;
  /** A short phrase for the header: what was kept, e.g. "3 failing tests, summary". */
  readonly kept: string;
  /**
   * How the kind chooses what it keeps, the same words for each of its excerpts ("each
   * kind of match once, problems whole"): the header says it after `kept`, once per
   * context (header.ts legends).
   */
  readonly method?: string;
  /**
   * Whether the excerpt shows every fact whole (each problem line, each rare line, what
   * the kind holds to be facts): an output of 8 KB or less is shown whole otherwise.
   */
  readonly keptFacts?: boolean;
  /**
   * The hard cap it was packed to, when a compressor shows more than substanceCap allows
   * on purpose (every changed line of a diff): the safety net then allows that much.
   */
  readonly ceiling?: number;
  /**
   * The runs of original lines the excerpt left out, numbered as in the original (1-based,
   * inclusive), when it knows them: the header points at one (header.ts).
   */
  readonly gaps?: ReadonlyArray<readonly [number, number]>;
}

/**
 * How sure a kind is that it reads an output, from 0 (not at all) to 1 (certain); it
 * looks at the content first, the command and tool second. Small and cheap: every
 * filing asks every detector (kinds/<kind>/detect.ts), on a sample of the text.
 */
export interface Detector {
  readonly name: string;
  /**
   * How sure it is that it reads its tool's output. `beat`: the score another detector
   * already gave (chooseKind): a detector that finds it can score no higher may answer 0
   * without reading on; without it (0), the score itself.
   */
  detect(text: string, hints: Hints, beat?: number): number;
  /**
   * The highest score detect ever returns (1 when not said), or returns given these hints
   * (a command or tool that adds to the score): a detector that can score no higher than a
   * kind already found cannot win (ties go to the earlier), and is not asked.
   */
  readonly most?: number | ((hints: Hints) => number);
}

/** An excerpt of at most about `budget` characters that keeps what an engineer needs (kinds/<kind>/excerpt.ts). */
export type ExcerptFn = (text: string, hints: Hints, budget: number) => Excerpt;

/** A detector with the excerpt of its kind. */
export interface Compressor extends Detector {
  readonly compress: ExcerptFn;
}
