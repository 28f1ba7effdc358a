#!/usr/bin/env bash
# The fresh33 set (bench/corpus/fresh33/): what an engineer runs when a Java service is slow, stuck
# or crashing, in shapes no earlier set holds: jstack of a service with two deadlocks, jcmd
# Thread.print -l of a request pool starved by its connection pool, jcmd GC.heap_info, VM.flags,
# GC.class_histogram and VM.native_memory of a leaking service, jmap -histo:live, jstat -gcutil, a
# -Xlog:gc* run ending in OutOfMemoryError, a startup failure's cause chain with suppressed
# exceptions, a SIGSEGV's console and its hs_err file, jfr summary and jfr print of monitor
# contention, ant builds failing in javac and in junit 4, checkstyle's plain and XML reports, javap
# -c -v, jdeps --jdk-internals, keytool -list -v of a keystore with an expired certificate, jshell.
# The project is a payments ledger service (ledgerd) and its billing batch (ant). OpenJDK 17, Debian's
# ant with ant-optional, junit4, libhamcrest-java and checkstyle.
# Leaves three JVMs running (pids in ledgerd/run/*.pid); the last session stops them (stop them by
# those pids if a capture fails).
set -euo pipefail
ROOT="$1"
cd "$ROOT"
for p in ledgerd/run/*.pid; do [ -f "$p" ] && kill "$(cat "$p")" 2>/dev/null || true; done
rm -rf ledgerd && mkdir -p ledgerd && cd ledgerd
S=service/src/com/acme/ledger
mkdir -p $S/core $S/journal $S/cache $S/db $S/http $S/boot $S/offheap conf run logs scripts

cat > $S/core/Account.java <<'J'
package com.acme.ledger.core;

import java.math.BigDecimal;

/** A ledger account; its monitor guards the balance. */
public final class Account {
    private final String id;
    private BigDecimal balance;

    public Account(String id, BigDecimal opening) {
        this.id = id;
        this.balance = opening;
    }

    public String id() { return id; }

    public synchronized BigDecimal balance() { return balance; }

    synchronized void debit(BigDecimal amount) {
        if (balance.compareTo(amount) < 0) throw new IllegalStateException("insufficient funds on " + id);
        balance = balance.subtract(amount);
    }

    synchronized void credit(BigDecimal amount) { balance = balance.add(amount); }

    @Override public String toString() { return "Account[" + id + "]"; }
}
J

cat > $S/core/TransferService.java <<'J'
package com.acme.ledger.core;

import java.math.BigDecimal;
import java.util.concurrent.TimeUnit;

/** Moves money between two accounts, holding both monitors. */
public final class TransferService {
    private final long auditDelayMillis;

    public TransferService(long auditDelayMillis) { this.auditDelayMillis = auditDelayMillis; }

    public void transfer(Account from, Account to, BigDecimal amount) throws InterruptedException {
        synchronized (from) {
            audit(from, amount);
            synchronized (to) {
                from.debit(amount);
                to.credit(amount);
            }
        }
    }

    private void audit(Account account, BigDecimal amount) throws InterruptedException {
        TimeUnit.MILLISECONDS.sleep(auditDelayMillis);
    }
}
J

cat > $S/core/SettlementBatch.java <<'J'
package com.acme.ledger.core;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/** The nightly settlement: takes the ledger lock, then the fx-rates lock. */
public final class SettlementBatch {
    public static final ReentrantLock LEDGER_LOCK = new ReentrantLock();
    public static final ReentrantLock FX_RATES_LOCK = new ReentrantLock();

    public void settle(String batchId) throws InterruptedException {
        LEDGER_LOCK.lock();
        try {
            TimeUnit.MILLISECONDS.sleep(200);
            FX_RATES_LOCK.lock();
            try {
                TimeUnit.MILLISECONDS.sleep(10);
            } finally {
                FX_RATES_LOCK.unlock();
            }
        } finally {
            LEDGER_LOCK.unlock();
        }
    }

    public void refreshRates(String source) throws InterruptedException {
        FX_RATES_LOCK.lock();
        try {
            TimeUnit.MILLISECONDS.sleep(200);
            LEDGER_LOCK.lock();
            try {
                TimeUnit.MILLISECONDS.sleep(10);
            } finally {
                LEDGER_LOCK.unlock();
            }
        } finally {
            FX_RATES_LOCK.unlock();
        }
    }
}
J

cat > $S/journal/JournalWriter.java <<'J'
package com.acme.ledger.journal;

import java.util.ArrayList;
import java.util.List;

/** Appends postings to the journal; one writer for the whole service. */
public final class JournalWriter {
    private final List<String> pending = new ArrayList<>();
    private long flushes;

    public synchronized void append(String posting) throws InterruptedException {
        pending.add(posting);
        if (pending.size() >= 4) flush();
    }

    private void flush() throws InterruptedException {
        // fsync of the journal file: slow disks make every appender wait on this monitor
        Thread.sleep(35);
        pending.clear();
        flushes++;
    }

    public synchronized long flushes() { return flushes; }
}
J

cat > $S/cache/StatementCache.java <<'J'
package com.acme.ledger.cache;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Rendered monthly statements, keyed by account and request id. Nothing ever evicts them. */
public final class StatementCache {
    public static final class Entry {
        final String accountId;
        final byte[] pdf;
        final long renderedAt;

        Entry(String accountId, byte[] pdf) {
            this.accountId = accountId;
            this.pdf = pdf;
            this.renderedAt = System.nanoTime();
        }
    }

    private static final Map<String, Entry> ENTRIES = new ConcurrentHashMap<>();

    public static void put(String requestId, String accountId, int size) {
        ENTRIES.put(accountId + ":" + requestId, new Entry(accountId, new byte[size]));
    }

    public static int size() { return ENTRIES.size(); }
}
J

cat > $S/db/ConnectionPool.java <<'J'
package com.acme.ledger.db;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/** A fixed pool of database connections (sockets to the ledger database). */
public final class ConnectionPool {
    private final BlockingQueue<Socket> idle;

    public ConnectionPool(String host, int port, int size) throws IOException {
        idle = new ArrayBlockingQueue<>(size);
        for (int i = 0; i < size; i++) idle.add(new Socket(host, port));
    }

    public Socket borrow() throws InterruptedException { return idle.take(); }

    public void release(Socket s) { idle.offer(s); }

    /** Runs a query: writes it and waits for the reply, with no read timeout. */
    public static int query(Socket s, String sql) throws IOException {
        s.getOutputStream().write((sql + "\n").getBytes());
        InputStream in = s.getInputStream();
        return in.read();
    }
}
J

cat > $S/http/RequestHandler.java <<'J'
package com.acme.ledger.http;

import com.acme.ledger.db.ConnectionPool;
import java.io.IOException;
import java.net.Socket;

/** GET /accounts/{id}/balance: one query on a pooled connection. */
public final class RequestHandler implements Runnable {
    private final ConnectionPool pool;
    private final String accountId;

    public RequestHandler(ConnectionPool pool, String accountId) {
        this.pool = pool;
        this.accountId = accountId;
    }

    @Override public void run() {
        try {
            Socket c = pool.borrow();
            try {
                ConnectionPool.query(c, "SELECT balance FROM accounts WHERE id = '" + accountId + "' FOR UPDATE");
            } finally {
                pool.release(c);
            }
        } catch (InterruptedException | IOException e) {
            Thread.currentThread().interrupt();
        }
    }
}
J

cat > $S/boot/Config.java <<'J'
package com.acme.ledger.boot;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;

/** ledgerd.properties, read once at start. */
public final class Config {
    private final Properties p = new Properties();

    public static Config load(Path file) throws IOException {
        Config c = new Config();
        try (Reader r = Files.newBufferedReader(file)) {
            c.p.load(r);
        }
        return c;
    }

    public String get(String key) {
        String v = p.getProperty(key);
        if (v == null) throw new IllegalArgumentException("missing required property '" + key + "'");
        return v.trim();
    }

    public int port(String key) { return Integer.parseInt(get(key)); }

    public Duration duration(String key) { return Duration.parse(get(key)); }
}
J

cat > $S/boot/JournalStore.java <<'J'
package com.acme.ledger.boot;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The journal's segment files, opened at start. */
public final class JournalStore implements Closeable {
    private final FileChannel head;

    public JournalStore(Path dir, String segment) {
        try {
            head = FileChannel.open(dir.resolve(segment), StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open journal segment " + segment + " in " + dir, e);
        }
    }

    @Override public void close() throws IOException { head.close(); }
}
J

cat > $S/boot/MetricsExporter.java <<'J'
package com.acme.ledger.boot;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Prometheus endpoint; bound before the journal is opened. */
public final class MetricsExporter implements Closeable {
    private final ServerSocket socket;

    public MetricsExporter(int port) throws IOException {
        socket = new ServerSocket();
        socket.bind(new InetSocketAddress("127.0.0.1", port));
    }

    @Override public void close() throws IOException {
        throw new IOException("metrics exporter on port " + socket.getLocalPort() + " still has 3 open scrapes");
    }
}
J

cat > $S/boot/Bootstrap.java <<'J'
package com.acme.ledger.boot;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts the service's parts in order; on failure closes what it opened. */
public final class Bootstrap {
    private final List<AutoCloseable> opened = new ArrayList<>();

    public void start(Path configFile) {
        try {
            Config cfg = Config.load(configFile);
            opened.add(new MetricsExporter(cfg.port("metrics.port")));
            opened.add(openJournal(cfg));
        } catch (Exception e) {
            IllegalStateException failure = new IllegalStateException("ledgerd failed to start from " + configFile, e);
            for (AutoCloseable c : opened) {
                try {
                    c.close();
                } catch (Exception closing) {
                    failure.addSuppressed(closing);
                }
            }
            throw failure;
        }
    }

    private JournalStore openJournal(Config cfg) {
        try {
            return new JournalStore(Path.of(cfg.get("journal.dir")), cfg.get("journal.segment"));
        } catch (RuntimeException e) {
            throw new RuntimeException("journal recovery aborted (retention " + cfg.duration("journal.retention") + ")", e);
        }
    }
}
J

cat > $S/offheap/PostingBuffer.java <<'J'
package com.acme.ledger.offheap;

import java.lang.reflect.Field;
import sun.misc.Unsafe;

/** Postings staged off-heap before the journal write. */
public final class PostingBuffer {
    private static final Unsafe UNSAFE = unsafe();
    private long address;
    private final long capacity;

    public PostingBuffer(long capacity) {
        this.capacity = capacity;
        this.address = UNSAFE.allocateMemory(capacity);
    }

    public void release() {
        UNSAFE.freeMemory(address);
        address = 0;
    }

    /** Reads a posting's amount; after release() this reads address 0 + offset. */
    public long amountAt(long offset) {
        return UNSAFE.getLong(address + offset);
    }

    private static Unsafe unsafe() {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
J

cat > $S/LedgerServer.java <<'J'
package com.acme.ledger;

import com.acme.ledger.boot.Bootstrap;
import com.acme.ledger.cache.StatementCache;
import com.acme.ledger.core.Account;
import com.acme.ledger.core.SettlementBatch;
import com.acme.ledger.core.TransferService;
import com.acme.ledger.db.ConnectionPool;
import com.acme.ledger.http.RequestHandler;
import com.acme.ledger.journal.JournalWriter;
import com.acme.ledger.offheap.PostingBuffer;
import java.math.BigDecimal;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** ledgerd: the payments ledger service. The first argument picks what the process does. */
public final class LedgerServer {
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "serve" -> serve();
            case "stuck" -> stuck(Integer.parseInt(args[1]));
            case "leak" -> leak(Integer.parseInt(args[1]), Long.parseLong(args[2]));
            case "contention" -> contention(Long.parseLong(args[1]));
            case "start" -> new Bootstrap().start(Path.of(args[1]));
            case "replay-offheap" -> replayOffheap();
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }

    static ThreadFactory named(String prefix) {
        AtomicInteger n = new AtomicInteger(1);
        return r -> new Thread(r, prefix + n.getAndIncrement());
    }

    /** Transfers and the nightly settlement: a service that stops answering. */
    static void serve() throws Exception {
        Account eur = new Account("ACC-EUR-0001", new BigDecimal("1000000.00"));
        Account usd = new Account("ACC-USD-0002", new BigDecimal("850000.00"));
        Account gbp = new Account("ACC-GBP-0003", new BigDecimal("420000.00"));
        TransferService transfers = new TransferService(150);
        ExecutorService pool = Executors.newFixedThreadPool(3, named("transfer-worker-"));
        pool.submit(() -> { transfers.transfer(eur, usd, new BigDecimal("125.00")); return null; });
        pool.submit(() -> { transfers.transfer(usd, gbp, new BigDecimal("80.50")); return null; });
        pool.submit(() -> { transfers.transfer(gbp, eur, new BigDecimal("42.10")); return null; });
        SettlementBatch batch = new SettlementBatch();
        Thread settle = new Thread(() -> { try { batch.settle("SETTLE-2026-11-30"); } catch (InterruptedException ignored) { } }, "settlement-batch");
        Thread rates = new Thread(() -> { try { batch.refreshRates("ecb-daily"); } catch (InterruptedException ignored) { } }, "fx-rates-refresher");
        settle.start();
        rates.start();
        ScheduledExecutorService sched = Executors.newScheduledThreadPool(2, named("ledger-scheduler-"));
        sched.scheduleAtFixedRate(() -> { }, 1, 5, TimeUnit.SECONDS);
        ServerSocket http = new ServerSocket(18533);
        Thread acceptor = new Thread(() -> { try { http.accept(); } catch (Exception ignored) { } }, "http-acceptor");
        acceptor.start();
        Thread.sleep(Long.MAX_VALUE);
    }

    /** A request pool starved by its connection pool: the database never answers four held queries. */
    static void stuck(int requests) throws Exception {
        ServerSocket db = new ServerSocket(18534);
        List<Socket> accepted = new ArrayList<>();
        Thread dbAccept = new Thread(() -> {
            try { while (true) accepted.add(db.accept()); } catch (Exception ignored) { }
        }, "fake-db-acceptor");
        dbAccept.setDaemon(true);
        dbAccept.start();
        ConnectionPool pool = new ConnectionPool("127.0.0.1", 18534, 4);
        ExecutorService http = Executors.newFixedThreadPool(requests, named("http-nio-8443-exec-"));
        for (int i = 0; i < requests; i++) http.submit(new RequestHandler(pool, String.format("ACC-%04d", i)));
        Thread.sleep(Long.MAX_VALUE);
    }

    /** Statement rendering that caches every statement forever. */
    static void leak(int size, long pauseMillis) throws Exception {
        for (long i = 0; ; i++) {
            StatementCache.put("req-" + i, String.format("ACC-%05d", i % 40000), size);
            if (pauseMillis > 0 && i % 100 == 0) Thread.sleep(pauseMillis);
        }
    }

    /** Six posting threads sharing one journal writer. */
    static void contention(long seconds) throws Exception {
        JournalWriter journal = new JournalWriter();
        ExecutorService posters = Executors.newFixedThreadPool(6, named("posting-"));
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        for (int t = 0; t < 6; t++) {
            int id = t;
            posters.submit(() -> {
                int n = 0;
                while (System.nanoTime() < end) journal.append("posting " + id + "/" + n++);
                return null;
            });
        }
        posters.shutdown();
        posters.awaitTermination(seconds + 5, TimeUnit.SECONDS);
        System.out.println("journal flushes: " + journal.flushes());
    }

    /** Replays yesterday's postings through the off-heap buffer. */
    static void replayOffheap() {
        PostingBuffer buf = new PostingBuffer(1 << 20);
        long total = 0;
        for (int i = 0; i < 1000; i++) total += buf.amountAt(i * 8L);
        buf.release();
        System.out.println("replayed 1000 postings, total " + total);
        total += buf.amountAt(16);
        System.out.println("checksum " + total);
    }
}
J

cat > conf/ledgerd.properties <<'P'
metrics.port=19533
journal.dir=data/journal
journal.segment=00000042.seg
journal.retention=P30D
P
cat > conf/ledgerd-prod.properties <<'P'
# production overrides, copied from the ops repo
metrics.port=19534
journal.dir=/var/lib/ledgerd/journal
journal.segment=00001187.seg
journal.retention=P30D
P

mkdir -p out/service
javac -d out/service $(find service/src -name '*.java') 2>/dev/null
(cd out/service && jar cf ../ledgerd.jar .)

# --- the running services the session attaches to
CP=out/service
nohup java -cp $CP -Xmx256m com.acme.ledger.LedgerServer serve >logs/serve.out 2>&1 &
echo $! > run/serve.pid
nohup java -cp $CP -Xmx256m com.acme.ledger.LedgerServer stuck 48 >logs/stuck.out 2>&1 &
echo $! > run/stuck.pid
nohup java -cp $CP -Xms64m -Xmx1g -XX:+UseG1GC -XX:NativeMemoryTracking=summary -XX:MaxMetaspaceSize=128m \
  -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=logs/ com.acme.ledger.LedgerServer leak 4096 120 >logs/leak.out 2>&1 &
echo $! > run/leak.pid
sleep 3

# --- the billing batch, built with ant (javac, then junit 4 through ant's junit task)
B=billing
mkdir -p $B/src/com/acme/billing $B/test/com/acme/billing $B/fixes
cat > $B/build.xml <<'X'
<project name="billing-batch" default="test" basedir=".">
  <property name="src" location="src"/>
  <property name="test.src" location="test"/>
  <property name="build" location="build"/>
  <property name="reports" location="build/reports"/>
  <path id="test.classpath">
    <pathelement location="${build}/classes"/>
    <pathelement location="${build}/test-classes"/>
    <pathelement location="/usr/share/java/junit4.jar"/>
    <pathelement location="/usr/share/java/hamcrest-core.jar"/>
  </path>
  <target name="clean">
    <delete dir="${build}"/>
  </target>
  <target name="compile">
    <mkdir dir="${build}/classes"/>
    <javac srcdir="${src}" destdir="${build}/classes" includeantruntime="false" release="17" debug="true">
      <compilerarg value="-Xlint:all"/>
    </javac>
  </target>
  <target name="compile-tests" depends="compile">
    <mkdir dir="${build}/test-classes"/>
    <javac srcdir="${test.src}" destdir="${build}/test-classes" includeantruntime="false" release="17" debug="true" classpathref="test.classpath"/>
  </target>
  <target name="test" depends="compile-tests">
    <mkdir dir="${reports}"/>
    <junit printsummary="yes" haltonfailure="no" failureproperty="tests.failed" fork="yes" forkmode="perTest" timeout="20000">
      <classpath refid="test.classpath"/>
      <formatter type="plain" usefile="false"/>
      <formatter type="xml"/>
      <batchtest todir="${reports}">
        <fileset dir="${test.src}" includes="**/*Test.java"/>
      </batchtest>
    </junit>
    <fail if="tests.failed" message="Unit tests failed: see ${reports}"/>
  </target>
</project>
X

cat > $B/src/com/acme/billing/Money.java <<'J'
package com.acme.billing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Currency;

public record Money(BigDecimal amount, Currency currency) {
    public static Money of(String amount, String currency) {
        return new Money(new BigDecimal(amount), Currency.getInstance(currency));
    }

    public Money plus(Money other) {
        if (!currency.equals(other.currency)) {
            throw new IllegalArgumentException("currency mismatch: " + currency + " vs " + other.currency);
        }
        return new Money(amount.add(other.amount), currency);
    }

    public Money times(BigDecimal factor) {
        return new Money(amount.multiply(factor).setScale(2, RoundingMode.HALF_EVEN), currency);
    }
}
J
cat > $B/src/com/acme/billing/InvoiceLine.java <<'J'
package com.acme.billing;

import java.math.BigDecimal;

public record InvoiceLine(String sku, int quantity, Money unitPrice, BigDecimal vatRate) {
    public Money net() { return unitPrice.times(BigDecimal.valueOf(quantity)); }
    public Money vat() { return net().times(vatRate); }
}
J
cat > $B/src/com/acme/billing/InvoiceCalculator.java <<'J'
package com.acme.billing;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

public final class InvoiceCalculator {
    public Money total(List<InvoiceLine> lines) {
        Money sum = Money.of("0.00", lines.get(0).unitPrice().currency().getCurrencyCode());
        for (InvoiceLine l : lines) {
            sum = sum.plus(l.net()).plus(l.vat());
        }
        return sum;
    }

    public BigDecimal discountFor(Customer c) {
        Optional<String> tier = c.tier();
        switch (tier.orElse("standard")) {
            case "gold": return new BigDecimal("0.10");
            case "silver": return new BigDecimal("0.05");
            default: return BigDecimal.ZERO;
        }
    }
}
J
cat > $B/src/com/acme/billing/Customer.java <<'J'
package com.acme.billing;

import java.util.Optional;

public record Customer(String id, String name, String country, Optional<String> tier) {
}
J
cat > $B/src/com/acme/billing/DunningRun.java <<'J'
package com.acme.billing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/** Finds overdue invoices and writes the reminder letters. */
public final class DunningRun {
    private final Path outbox;

    public DunningRun(Path outbox) { this.outbox = outbox; }

    public List<String> overdue(List<Invoice> invoices, LocalDate today) {
        List<String> ids = new ArrayList<>();
        for (Invoice inv : invoices) {
            long days = ChronoUnit.DAYS.between(inv.dueDate(), today);
            if (days > inv.graceDays) ids.add(inv.id());
        }
        return ids;
    }

    public int reminderLevel(Invoice inv, LocalDate today) {
        long days = ChronoUnit.DAYS.between(inv.dueDate(), today);
        if (days > 60) return 3;
        else if (days > 30) return 2;
        else if (days > 0) return 1;
    }

    public void writeLetter(Invoice inv) {
        Files.writeString(outbox.resolve(inv.id() + ".txt"), "Dear customer, invoice " + inv.id() + " is overdue.");
    }

    public String currencyOf(Invoice inv) {
        String code = inv.total().currency();
        return code;
    }
}
J
cat > $B/src/com/acme/billing/Invoice.java <<'J'
package com.acme.billing;

import java.time.LocalDate;
import java.util.List;

public record Invoice(String id, Customer customer, List<InvoiceLine> lines, LocalDate dueDate, Money total) {
    public static final int GRACE_DAYS = 7;
}
J
# the fixed DunningRun the session copies in after reading the compile errors
cat > $B/fixes/DunningRun.java <<'J'
package com.acme.billing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/** Finds overdue invoices and writes the reminder letters. */
public final class DunningRun {
    private final Path outbox;

    public DunningRun(Path outbox) { this.outbox = outbox; }

    public List<String> overdue(List<Invoice> invoices, LocalDate today) {
        List<String> ids = new ArrayList<>();
        for (Invoice inv : invoices) {
            long days = ChronoUnit.DAYS.between(inv.dueDate(), today);
            if (days >= Invoice.GRACE_DAYS) ids.add(inv.id());
        }
        return ids;
    }

    public int reminderLevel(Invoice inv, LocalDate today) {
        long days = ChronoUnit.DAYS.between(inv.dueDate(), today);
        if (days > 60) return 3;
        else if (days > 30) return 2;
        else if (days > 0) return 1;
        return 0;
    }

    public void writeLetter(Invoice inv) {
        try {
            Files.writeString(outbox.resolve(inv.id() + ".txt"), "Dear customer, invoice " + inv.id() + " is overdue.");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String currencyOf(Invoice inv) {
        return inv.total().currency().getCurrencyCode();
    }
}
J

cat > $B/test/com/acme/billing/InvoiceCalculatorTest.java <<'J'
package com.acme.billing;

import static org.junit.Assert.assertEquals;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import org.junit.Test;

public class InvoiceCalculatorTest {
    private final InvoiceCalculator calc = new InvoiceCalculator();

    @Test
    public void totalAddsVatPerLine() {
        List<InvoiceLine> lines = List.of(
            new InvoiceLine("SKU-100", 3, Money.of("19.99", "EUR"), new BigDecimal("0.23")),
            new InvoiceLine("SKU-220", 1, Money.of("4.50", "EUR"), new BigDecimal("0.06")));
        assertEquals(Money.of("78.54", "EUR"), calc.total(lines));
    }

    @Test
    public void totalOfMixedCurrenciesIsRejected() {
        List<InvoiceLine> lines = List.of(
            new InvoiceLine("SKU-100", 1, Money.of("10.00", "EUR"), BigDecimal.ZERO),
            new InvoiceLine("SKU-300", 1, Money.of("12.00", "GBP"), BigDecimal.ZERO));
        calc.total(lines);
    }

    @Test
    public void totalOfNoLinesIsZero() {
        assertEquals(Money.of("0.00", "EUR"), calc.total(List.of()));
    }

    @Test
    public void goldCustomersGetTenPercent() {
        Customer c = new Customer("C-77", "Ana Lima", "PT", Optional.of("gold"));
        assertEquals(new BigDecimal("0.10"), calc.discountFor(c));
    }

    @Test
    public void customersWithoutTierGetNothing() {
        Customer c = new Customer("C-78", "Rui Sá", "PT", null);
        assertEquals(BigDecimal.ZERO, calc.discountFor(c));
    }
}
J
cat > $B/test/com/acme/billing/DunningRunTest.java <<'J'
package com.acme.billing;

import static org.junit.Assert.assertEquals;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.Test;

public class DunningRunTest {
    private static final Customer ANA = new Customer("C-77", "Ana Lima", "PT", Optional.empty());
    private final DunningRun run = new DunningRun(Path.of("build/outbox-does-not-exist"));

    private static Invoice due(String id, LocalDate due) {
        return new Invoice(id, ANA, List.of(), due, Money.of("100.00", "EUR"));
    }

    @Test
    public void invoiceSevenDaysLateIsNotYetOverdue() {
        LocalDate today = LocalDate.of(2026, 11, 30);
        assertEquals(List.of(), run.overdue(List.of(due("INV-1001", today.minusDays(7))), today));
    }

    @Test
    public void levelsFollowDaysLate() {
        LocalDate today = LocalDate.of(2026, 11, 30);
        assertEquals(1, run.reminderLevel(due("INV-1002", today.minusDays(10)), today));
        assertEquals(2, run.reminderLevel(due("INV-1003", today.minusDays(30)), today));
    }

    @Test
    public void letterIsWrittenToTheOutbox() {
        run.writeLetter(due("INV-1004", LocalDate.of(2026, 10, 1)));
    }

    @Test(timeout = 500)
    public void overdueScanIsFast() throws Exception {
        LocalDate today = LocalDate.of(2026, 11, 30);
        for (int i = 0; i < 40; i++) {
            run.overdue(List.of(due("INV-" + i, today.minusDays(i))), today);
            Thread.sleep(20);
        }
    }
}
J
cat > $B/test/com/acme/billing/MoneyTest.java <<'J'
package com.acme.billing;

import static org.junit.Assert.assertEquals;

import java.math.BigDecimal;
import org.junit.Test;

public class MoneyTest {
    @Test
    public void timesRoundsHalfEven() {
        assertEquals(Money.of("0.12", "EUR"), Money.of("0.25", "EUR").times(new BigDecimal("0.5")));
    }

    @Test
    public void plusKeepsScale() {
        assertEquals(Money.of("3.00", "EUR"), Money.of("1.5", "EUR").plus(Money.of("1.50", "EUR")));
    }
}
J

# --- a keystore with the service's TLS key (its certificate expired), the internal CA and a partner's cert
mkdir -p conf/tls
KS=conf/tls/ledgerd.p12
keytool -genkeypair -keystore $KS -storepass changeit -storetype PKCS12 -alias ledgerd-ca -keyalg RSA -keysize 2048 \
  -dname "CN=Acme Internal CA 2024, OU=Platform, O=Acme Payments, C=PT" -ext bc:c -validity 3650 -startdate 2024/01/15 -noprompt >/dev/null 2>&1
keytool -genkeypair -keystore $KS -storepass changeit -alias ledgerd-tls -keyalg EC -groupname secp256r1 \
  -dname "CN=ledgerd.internal.acme.example, OU=Ledger, O=Acme Payments, C=PT" \
  -ext "SAN=dns:ledgerd.internal.acme.example,dns:ledgerd-0.ledgerd.svc,ip:10.40.2.17" -ext "EKU=serverAuth" \
  -startdate 2025/11/02 -validity 395 -noprompt >/dev/null 2>&1
keytool -certreq -keystore $KS -storepass changeit -alias ledgerd-tls -file /tmp/fresh33-tls.csr >/dev/null 2>&1
keytool -gencert -keystore $KS -storepass changeit -alias ledgerd-ca -infile /tmp/fresh33-tls.csr -outfile /tmp/fresh33-tls.crt \
  -ext "SAN=dns:ledgerd.internal.acme.example,dns:ledgerd-0.ledgerd.svc,ip:10.40.2.17" -ext "EKU=serverAuth" \
  -startdate 2025/11/02 -validity 393 >/dev/null 2>&1
keytool -exportcert -keystore $KS -storepass changeit -alias ledgerd-ca -rfc -file /tmp/fresh33-ca.crt >/dev/null 2>&1
keytool -importcert -keystore $KS -storepass changeit -alias ledgerd-tls -file /tmp/fresh33-tls.crt -noprompt >/dev/null 2>&1 || true
keytool -genkeypair -keystore /tmp/fresh33-partner.p12 -storepass partner -alias bank -keyalg RSA -keysize 3072 \
  -dname "CN=api.settlement-bank.example, O=Settlement Bank SA, L=Lisboa, C=PT" -validity 730 -startdate 2025/03/01 -noprompt >/dev/null 2>&1
keytool -exportcert -keystore /tmp/fresh33-partner.p12 -storepass partner -alias bank -file /tmp/fresh33-bank.crt >/dev/null 2>&1
keytool -importcert -keystore $KS -storepass changeit -alias settlement-bank -file /tmp/fresh33-bank.crt -noprompt >/dev/null 2>&1
rm -f /tmp/fresh33-*.csr /tmp/fresh33-*.crt /tmp/fresh33-partner.p12

# --- a jshell probe of the billing rules
cat > scripts/probe-rounding.jsh <<'JSH'
import java.math.*;
var vat = new BigDecimal("0.23");
var net = new BigDecimal("19.99").multiply(BigDecimal.valueOf(3));
net.multiply(vat).setScale(2, RoundingMode.HALF_EVEN)
net.multiply(vat).setScale(2)
BigDecimal third = BigDecimal.ONE.divide(BigDecimal.valueOf(3));
int cents = net.multiply(BigDecimal.valueOf(100));
List<Money> lines = List.of();
new BigDecimal("0.125").setScale(2, RoundingMode.HALF_EVEN)
/exit
JSH

# --- checkstyle: the team's rules
cat > conf/checkstyle.xml <<'X'
<?xml version="1.0"?>
<!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN" "https://checkstyle.org/dtds/configuration_1_3.dtd">
<module name="Checker">
  <property name="severity" value="error"/>
  <module name="FileTabCharacter"/>
  <module name="LineLength"><property name="max" value="110"/></module>
  <module name="TreeWalker">
    <module name="AvoidStarImport"/>
    <module name="UnusedImports"/>
    <module name="NeedBraces"/>
    <module name="EmptyCatchBlock"/>
    <module name="MagicNumber"><property name="severity" value="warning"/></module>
    <module name="HiddenField"><property name="ignoreConstructorParameter" value="true"/></module>
    <module name="MissingSwitchDefault"/>
    <module name="IllegalCatch"/>
    <module name="InnerAssignment"/>
    <module name="MultipleVariableDeclarations"/>
    <module name="OneStatementPerLine"/>
    <module name="LeftCurly"/>
  </module>
</module>
X
