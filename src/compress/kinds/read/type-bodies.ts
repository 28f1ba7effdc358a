/**
 * The bodies of the classes, interfaces and structs a source file declares, nested ones
 * too, for the outline (code.ts): which line is a member of which type. A type's body runs
 * from its opening line to the next line as little indented; its members are its lines one
 * level in. A Java or C# type whose header goes on over lines (`public class HashMap<K,V>
 * extends AbstractMap<K,V>` then `    implements Map<K,V>, Cloneable {`) opens its body
 * on the line that ends with `{`. After a nested type's body, the outer type's members are
 * members again.
 *
 * A member of a typed language names its type before its name (`public V get(Object
 * key) {`, `static final int TREEIFY_THRESHOLD = 8;`, `final Node<K,V>[] resize() {`):
 * inside a type's body at its members' depth such a line is a declaration. Pure.
 */

import { TYPE_DECL } from "../../excerpt/declarations.ts";

/** One open type body: its header's indentation and its members' (-1 until seen). */
interface Body {
  readonly indent: number;
  memberIndent: number;
}

export interface TypeBodies {
  readonly open: Body[];
  /** A type header that has not reached its `{` yet: its indentation, else -1. */
  pending: number;
}

export const typeBodies = (): TypeBodies => ({ open: [], pending: -1 });

/**
 * Whether the line is a member of an open type body: the indentation of the type it is a
 * member of, or -1. Call it for every line that holds code, in order.
 */
export function memberOf(bodies: TypeBodies, line: string, trimmed: string): number {
  const depth = line.length - trimmed.length;
  const { open } = bodies;
  // A header's continuation, deeper in, that opens the body.
  if (bodies.pending >= 0) {
    const header = bodies.pending;
    bodies.pending = -1;
    if (depth > header && /\{\s*$/.test(trimmed)) {
      open.push({ indent: header, memberIndent: -1 });
      return -1;
    }
  }
  while (open.length > 0 && depth <= open[open.length - 1]!.indent) open.pop();
  const top = open[open.length - 1];
  if (top && top.memberIndent < 0) top.memberIndent = depth;
  const member = top && depth === top.memberIndent ? top.indent : -1;
  if (TYPE_DECL.test(trimmed)) {
    if (/[{:]\s*$/.test(line)) open.push({ indent: depth, memberIndent: -1 });
    else if (!/[;}]\s*$/.test(line) && !/=/.test(trimmed)) bodies.pending = depth;
  }
  return member;
}

/**
 * A member declared with its type before its name: modifiers, an optional generic
 * parameter list, the type (generic arguments, array brackets, a pointer or nullable
 * mark), the name, then its parameters, its value or its end.
 */
export const TYPED_MEMBER =
  /^\s+(?:(?:public|private|protected|internal|static|final|abstract|synchronized|native|default|override|virtual|sealed|readonly|const|volatile|transient|extern|unsafe|async|partial|new|inline|constexpr|explicit)\s+)*(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>\s+)?[A-Za-z_$][\w$.]*(?:<[^()=;]*>)?(?:\[\])*[?*&]?\s+[*&]?[A-Za-z_$][\w$]*\s*(?:\(|=(?!=)|;)/;

/** Words that open a statement, never a member's type. */
const STATEMENT =
  /^\s+(?:return|throw|else|case|goto|new|delete|await|yield|if|for|while|switch|catch|do|try)\b/;

export const typedMember = (line: string): boolean => TYPED_MEMBER.test(line) && !STATEMENT.test(line);
