/**
 * In a tree whose lines hold a column of totals (tree-roots.ts: `python -X importtime`'s
 * cumulative microseconds, a root's total at least the sum of its children's), the child
 * of a root that holds most of its total says where the root's time or size goes: site's
 * 161 ms are certifi's 122 ms. Pure; tree-roots.ts adds these to the roots.
 */

/** A number standing alone between spaces or bars. */
const NUMBER = /^\d+(?:\.\d+)?$/;
/** A child stands for its root when it holds at least this share of the root's total. */
const MOST = 0.5;

/** The numbers before each line's last field, when every line holds as many; undefined otherwise. */
function numbersOf(
  lines: readonly string[],
  members: readonly number[],
  starts: readonly number[],
): number[][] | undefined {
  const out: number[][] = [];
  for (let k = 0; k < members.length; k++) {
    const head = lines[members[k]!]!.slice(0, starts[k]!);
    const nums: number[] = [];
    for (const token of head.split(/[\s|]+/)) if (NUMBER.test(token)) nums.push(Number(token));
    if (out.length > 0 && nums.length !== out[0]!.length) return undefined;
    out.push(nums);
  }
  return out.length > 0 && out[0]!.length > 0 ? out : undefined;
}

/**
 * The child (an index into `members`) of each root that holds most of its total, by the
 * column of numbers where every root's is at least the sum of its children's. `depth` is
 * each member's depth; `childrenFirst` whether children come before their root (importtime).
 */
export function heaviestChildren(
  lines: readonly string[],
  members: readonly number[],
  starts: readonly number[],
  depth: readonly number[],
  childrenFirst: boolean,
): number[] {
  const nums = numbersOf(lines, members, starts);
  if (!nums) return [];
  // Each root with its children (depth 1) in its subtree.
  const families: { root: number; children: number[] }[] = [];
  let pending: number[] = [];
  for (let k = 0; k < members.length; k++) {
    if (depth[k] === 0) {
      if (childrenFirst) families.push({ root: k, children: pending });
      else families.push({ root: k, children: [] });
      pending = [];
    } else if (depth[k] === 1) {
      if (childrenFirst) pending.push(k);
      else families[families.length - 1]?.children.push(k);
    }
  }
  const width = nums[0]!.length;
  for (let c = 0; c < width; c++) {
    const sums = families.every(({ root, children }) => {
      let sum = 0;
      for (const k of children) sum += nums[k]![c]!;
      return nums[root]![c]! >= sum;
    });
    if (!sums || families.every((f) => f.children.length === 0)) continue;
    const out: number[] = [];
    for (const { root, children } of families) {
      let best = -1;
      for (const k of children) if (best < 0 || nums[k]![c]! > nums[best]![c]!) best = k;
      if (best >= 0 && nums[best]![c]! >= nums[root]![c]! * MOST) out.push(members[best]!);
    }
    return out;
  }
  return [];
}
