#!/usr/bin/env bash
# A Maven project (JUnit 5, run offline from the local repository) with failing tests, a copy
# of its sources with compile errors for plain javac, and a runtime crash with a cause chain.
set -euo pipefail
cd "$1"
mkdir -p inventory && cd inventory
cat > pom.xml <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 http://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.acme</groupId>
  <artifactId>inventory</artifactId>
  <version>1.4.0-SNAPSHOT</version>
  <properties>
    <maven.compiler.source>17</maven.compiler.source>
    <maven.compiler.target>17</maven.compiler.target>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <dependency>
      <groupId>org.junit.jupiter</groupId>
      <artifactId>junit-jupiter</artifactId>
      <version>5.10.2</version>
      <scope>test</scope>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>3.2.5</version></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
    </plugins>
  </build>
</project>
XML
P=src/main/java/com/acme/inventory
T=src/test/java/com/acme/inventory
mkdir -p $P $T
cat > $P/Sku.java <<'J'
package com.acme.inventory;

public record Sku(String code, int packSize) {
    public Sku {
        if (!code.matches("[A-Z]{3}-\\d{4}")) throw new IllegalArgumentException("invalid SKU: " + code);
    }
}
J
cat > $P/Bin.java <<'J'
package com.acme.inventory;

public final class Bin {
    private final String id;
    private int quantity;
    public Bin(String id, int quantity) { this.id = id; this.quantity = quantity; }
    public String id() { return id; }
    public int quantity() { return quantity; }
    public void take(int n) {
        if (n > quantity) throw new IllegalStateException("bin " + id + " holds " + quantity + ", asked " + n);
        quantity -= n;
    }
}
J
cat > $P/Warehouse.java <<'J'
package com.acme.inventory;

import java.util.*;

public final class Warehouse {
    private final Map<String, List<Bin>> bins = new HashMap<>();
    public void stock(String sku, Bin bin) { bins.computeIfAbsent(sku, k -> new ArrayList<>()).add(bin); }
    public int available(String sku) {
        return bins.getOrDefault(sku, List.of()).stream().mapToInt(Bin::quantity).sum();
    }
    /** Picks from the fullest bins first. */
    public List<String> pick(String sku, int n) {
        List<Bin> list = new ArrayList<>(bins.getOrDefault(sku, List.of()));
        list.sort(Comparator.comparingInt(Bin::quantity));
        List<String> used = new ArrayList<>();
        for (Bin b : list) {
            if (n == 0) break;
            int take = Math.min(n, b.quantity());
            b.take(take);
            n -= take;
            used.add(b.id());
        }
        return used;
    }
    public double fillRate(String sku, int capacity) {
        return available(sku) / capacity;
    }
}
J
python3 - "$T" <<'PY'
import sys
T = sys.argv[1]
classes = ["Sku", "Bin", "Warehouse", "Reorder", "Pricing", "Barcode", "Carrier", "Manifest", "Returns", "Cycle"]
for c in classes:
    body = [f"package com.acme.inventory;", "", "import org.junit.jupiter.api.Test;", "import static org.junit.jupiter.api.Assertions.*;", "", f"public class {c}Test {{"]
    for i in range(14):
        body += [f"    @Test public void case{i:02d}() {{ assertEquals({i} * 3, {i} + {i} + {i}); }}"]
    if c == "Sku":
        body += ['    @Test public void acceptsLowercaseCodes() { assertEquals("ABC-1234", new Sku("abc-1234", 6).code()); }']
    if c == "Warehouse":
        body += ['    @Test public void picksFullestBinFirst() {',
                 '        Warehouse w = new Warehouse();',
                 '        w.stock("BOL-0042", new Bin("A1", 5));',
                 '        w.stock("BOL-0042", new Bin("A2", 30));',
                 '        assertEquals(java.util.List.of("A2"), w.pick("BOL-0042", 12));',
                 '    }',
                 '    @Test public void fillRateIsAFraction() {',
                 '        Warehouse w = new Warehouse();',
                 '        w.stock("BOL-0042", new Bin("A1", 45));',
                 '        assertEquals(0.45, w.fillRate("BOL-0042", 100), 1e-9);',
                 '    }']
    if c == "Bin":
        body += ['    @Test public void takingMoreThanHeldFails() { new Bin("C7", 2).take(3); }']
    body += ["}"]
    open(f"{T}/{c}Test.java", "w").write("\n".join(body) + "\n")
PY
cd ..
# the same sources mid-refactor, for javac: the errors a half-done rename leaves
mkdir -p catalog/src/com/acme/catalog
C=catalog/src/com/acme/catalog
cat > $C/Product.java <<'J'
package com.acme.catalog;

import java.math.BigDecimal;
import java.util.List;

public class Product {
    private final String sku;
    private final BigDecimal unitPrice;
    private final List<String> tags;
    public Product(String sku, BigDecimal unitPrice, List<String> tags) {
        this.sku = sku; this.unitPrice = unitPrice; this.tags = tags;
    }
    public String sku() { return sku; }
    public BigDecimal unitPrice() { return unitPrice; }
    public List<String> tags() { return tags; }
}
J
cat > $C/PriceList.java <<'J'
package com.acme.catalog;

import java.math.BigDecimal;
import java.util.*;

public class PriceList {
    private final Map<String, Product> bySku = new HashMap<>();
    public void add(Product p) { bySku.put(p.sku(), p); }
    public BigDecimal priceOf(String sku) {
        Product p = bySku.get(sku);
        return p.getPrice();
    }
    public int total(List<String> skus) {
        BigDecimal sum = BigDecimal.ZERO;
        for (String s : skus) sum = sum.add(priceOf(s));
        return sum;
    }
    public List raw() { return new ArrayList(bySku.values()); }
}
J
cat > $C/Importer.java <<'J'
package com.acme.catalog;

import java.nio.file.*;
import java.util.*;

public class Importer {
    public List<Product> load(Path csv) {
        List<String> lines = Files.readAllLines(csv);
        List<Product> out = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.split(",");
            out.add(new Product(f[0], new java.math.BigDecimal(f[1])));
        }
        return out;
    }
}
J
for n in Search Tags Feed Sitemap Reviews Bundles Promotions Stock; do
cat > $C/$n.java <<J
package com.acme.catalog;

import java.util.*;

public class $n {
    private final List<Product> items = new ArrayList<>();
    public void add(Product p) { items.add(p); }
    public List raw() { return new ArrayList(items); }
    public int size() { return items.size(); }
}
J
done
cat > $C/Feed2.java <<'J'
package com.acme.catalog;

public class Feed2 {
    public String render(Product p) {
        return p.sku() + ";" + p.unitPrice().setScale(2) + ";" + String.join("|", p.tags());
    }
}
J
# a runtime failure with a cause chain
mkdir -p runner/src/com/acme/jobs
cat > runner/src/com/acme/jobs/NightlyExport.java <<'J'
package com.acme.jobs;

import java.io.*;
import java.nio.file.*;
import java.util.*;

public class NightlyExport {
    static class ExportException extends RuntimeException {
        ExportException(String m, Throwable c) { super(m, c); }
    }
    static Map<String, String> readConfig(Path p) throws IOException {
        Properties props = new Properties();
        try (InputStream in = Files.newInputStream(p)) { props.load(in); }
        Map<String, String> m = new HashMap<>();
        for (String k : props.stringPropertyNames()) m.put(k, props.getProperty(k));
        return m;
    }
    static int parseLimit(Map<String, String> cfg) {
        return Integer.parseInt(cfg.get("export.batch.limit").trim());
    }
    static void exportShard(int shard, Map<String, String> cfg) {
        try {
            int limit = parseLimit(cfg);
            System.out.println("shard " + shard + ": exported " + (limit * 3 + shard) + " rows");
        } catch (NumberFormatException e) {
            throw new ExportException("shard " + shard + " has a bad export.batch.limit", e);
        }
    }
    public static void main(String[] args) throws Exception {
        Map<String, String> cfg = readConfig(Paths.get(args[0]));
        for (int shard = 0; shard < 64; shard++) {
            if (shard == 41) cfg.put("export.batch.limit", "1_000");
            System.out.println("[export] shard " + shard + " starting (region=" + cfg.get("region") + ")");
            exportShard(shard, cfg);
        }
    }
}
J
printf 'region=eu-west-1\nexport.batch.limit=500\n' > runner/export.properties
