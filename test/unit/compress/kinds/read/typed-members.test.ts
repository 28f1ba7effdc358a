import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a typed language's members in a source file's outline", () => {
  it("names each method and field with its type, nested types too (fresh27 Read of OpenJDK 17's HashMap.java)", async () => {
    // A real Read of HashMap.java (2,549 lines): its class header goes on over two lines, and
    // its members name their type before their name (`public V computeIfAbsent(K key,`); the
    // outline knew neither, and showed the constructors alone, 1 KB of a 97 KB file.
    const { text, e } = await capturedCase("fresh27", "read-java-hashmap-whole-f27");
    expect(e.compressor).toBe("read");
    for (const fact of [
      "public V computeIfAbsent(K key,",
      "public V compute(K key,",
      "public V merge(K key, V value,",
      "static final float DEFAULT_LOAD_FACTOR = 0.75f;",
      "static final int TREEIFY_THRESHOLD = 8;",
      "final Node<K,V>[] resize() {",
      "public V get(Object key) {",
      "static class Node<K,V> implements Map.Entry<K,V> {",
      "static final class TreeNode<K,V> extends LinkedHashMap.Entry<K,V> {",
    ])
      expect(e.text).toContain(fact);
    // The members' bodies are not in the outline.
    expect(e.text).not.toContain("int mc = modCount;");
    expect(e.text.length).toBeLessThan(text.length * 0.1);
  });
});
