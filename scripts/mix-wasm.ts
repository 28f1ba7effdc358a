/**
 * The source of src/core/hash.ts's MIX_WASM: the module assembled from its instructions,
 * so the base64 there can be checked (hash.test.ts) and made again after a change:
 *   npx node -e 'import("./scripts/mix-wasm.ts").then((m) => console.log(m.mixWasmBase64()))'
 */
const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    const b = n & 0x7f;
    n >>>= 7;
    out.push(n ? b | 0x80 : b);
  } while (n);
  return out;
};
const sleb = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(b & 0x40)) || (n === -1 && b & 0x40)) return [...out, b];
    out.push(b | 0x80);
  }
};
const i32 = (x: number) => [0x41, ...sleb(x | 0)];
const get = (l: number) => [0x20, l];
const set = (l: number) => [0x21, l];
const XOR = 0x73;
const MUL = 0x6c;
const SHR_U = 0x76;
const ADD = 0x6a;
const SUB = 0x6b;
const SHL = 0x74;
const GE_U = 0x4f;
/** i32.load align=4 offset=16: the words start after the four result lanes. */
const LOAD = [0x28, 0x02, ...uleb(16)];
// Locals: the parameter m (words), then i, a1, a2, b1, b2, c, d.
const [M, I, A1, A2, B1, B2, C, D] = [0, 1, 2, 3, 4, 5, 6, 7] as const;

function body(): number[] {
  // biome-ignore format: one instruction (or two) a line reads as the assembly it is
  return [
    ...i32(0x811c9dc5), ...set(A1), ...i32(0xcbf29ce4), ...set(A2),
    ...i32(0x9e3779b9), ...set(B1), ...i32(0x85ebca6b), ...set(B2),
    0x02, 0x40, 0x03, 0x40, // block, loop
    ...get(I), ...get(M), GE_U, 0x0d, 1, // br_if out when i >= m
    ...get(I), ...i32(2), SHL, ...LOAD, ...set(C), // c = word i
    ...get(A1), ...get(C), XOR, ...i32(0x01000193), MUL, ...set(A1),
    ...get(A2), ...get(C), XOR, ...get(A1), ...i32(16), SHR_U, XOR, ...i32(0x01000193), MUL, ...set(A2),
    ...get(M), ...i32(1), SUB, ...get(I), SUB, ...i32(2), SHL, ...LOAD, ...set(D), // d = word m-1-i
    ...get(B1), ...get(D), XOR, ...i32(0x5bd1e995), MUL, ...set(B1),
    ...get(B2), ...get(D), XOR, ...get(B1), ...i32(15), SHR_U, XOR, ...i32(0x27d4eb2d), MUL, ...set(B2),
    ...get(I), ...i32(1), ADD, ...set(I),
    0x0c, 0, 0x0b, 0x0b, // br loop; end loop; end block
    ...[A1, A2, B1, B2].flatMap((l, k) => [...i32(0), ...get(l), 0x36, 0x02, ...uleb(4 * k)]), // i32.store
    0x0b,
  ];
}

const section = (id: number, payload: number[]) => [id, ...uleb(payload.length), ...payload];

export function mixWasmBase64(): string {
  const fn = [1, 7, 0x7f, ...body()]; // one group of 7 i32 locals
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
    ...section(1, [1, 0x60, 1, 0x7f, 0]), // type: (i32) -> ()
    ...section(3, [1, 0]), // one function of that type
    ...section(5, [1, 0, 1]), // memory: one page to start
    ...section(7, [2, 1, 0x6d, 2, 0, 1, 0x68, 0, 0]), // exports "m" (memory), "h" (function)
    ...section(10, [1, ...uleb(fn.length), ...fn]),
  ];
  return Buffer.from(bytes).toString("base64");
}
