#!/usr/bin/env bash
# fresh8's Go projects: a settlement module whose tests mostly pass (go test -v, -json, -race),
# a command that panics with workers blocked, and a tools module that neither builds nor vets.
set -euo pipefail
ROOT="$1"
mkdir -p "$ROOT/settle" && cd "$ROOT/settle"
printf 'module example.com/settle\n\ngo 1.19\n' > go.mod
mkdir -p ledger fx cache cmd/settle
python3 - <<'PY'
import random
random.seed(808)
# ledger: rounding and allocation, with a long table of cases
open("ledger/ledger.go", "w").write('''package ledger

import "fmt"

// Cents is an amount in minor units.
type Cents int64

// Allocate splits total over weights, giving the remainder to the first parts.
func Allocate(total Cents, weights []int) []Cents {
	sum := 0
	for _, w := range weights {
		sum += w
	}
	out := make([]Cents, len(weights))
	var given Cents
	for i, w := range weights {
		out[i] = total * Cents(w) / Cents(sum)
		given += out[i]
	}
	for i := 0; given < total; i++ {
		out[i%len(out)]++
		given++
	}
	return out
}

// RoundHalfEven rounds an amount in tenths of a cent.
func RoundHalfEven(milli int64) Cents {
	q, r := milli/10, milli%10
	if r > 5 || (r == 5 && q%2 == 1) {
		q++
	}
	return Cents(q)
}

// Fee is the card fee on an amount: 1.4% plus 25 cents, at least 30 cents.
func Fee(amount Cents) Cents {
	f := RoundHalfEven(int64(amount) * 14 / 100)
	f += 25
	if f < 30 {
		return 30
	}
	return f
}

// Format renders cents as a decimal string.
func Format(c Cents) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d.%02d", sign, c/100, c%100)
}
''')
t = ['package ledger', '', 'import "testing"', '', 'func TestFee(t *testing.T) {', '\tcases := []struct {', '\t\tname   string', '\t\tamount Cents', '\t\twant   Cents', '\t}{']
for i in range(1, 181):
    a = random.randint(100, 500000)
    want = max(30, (lambda m: (m // 10 + (1 if (m % 10 > 5 or (m % 10 == 5 and (m // 10) % 2 == 1)) else 0)))(a * 14 // 100) + 25)
    if i == 133: want += 1
    t.append(f'\t\t{{"amount_{a}", {a}, {want}}},')
t += ['\t}', '\tfor _, c := range cases {', '\t\tc := c', '\t\tt.Run(c.name, func(t *testing.T) {', '\t\t\tif got := Fee(c.amount); got != c.want {', '\t\t\t\tt.Errorf("Fee(%d) = %d, want %d", c.amount, got, c.want)', '\t\t\t}', '\t\t})', '\t}', '}', '']
t += ['func TestAllocate(t *testing.T) {', '\tfor n := 1; n <= 40; n++ {', '\t\tn := n', '\t\tt.Run(Format(Cents(n*1001)), func(t *testing.T) {',
      '\t\t\tw := make([]int, n%7+1)', '\t\t\tfor i := range w {', '\t\t\t\tw[i] = i + 1', '\t\t\t}', '\t\t\tparts := Allocate(Cents(n*1001), w)', '\t\t\tvar s Cents', '\t\t\tfor _, p := range parts {', '\t\t\t\ts += p', '\t\t\t}',
      '\t\t\tif s != Cents(n*1001) {', '\t\t\t\tt.Fatalf("parts sum to %d, want %d", s, n*1001)', '\t\t\t}', '\t\t\tt.Logf("%d parts: %v", len(parts), parts)', '\t\t})', '\t}', '}', '',
      'func TestAllocateZeroWeights(t *testing.T) {', '\tparts := Allocate(500, []int{0, 0})', '\tif len(parts) != 2 {', '\t\tt.Fatalf("want 2 parts, got %d", len(parts))', '\t}', '}', '',
      'func TestFormatNegative(t *testing.T) {', '\tif got := Format(-5); got != "-0.05" {', '\t\tt.Errorf("Format(-5) = %q", got)', '\t}', '}', '']
open("ledger/ledger_test.go", "w").write("\n".join(t))

open("fx/fx.go", "w").write('''package fx

import (
	"errors"
	"math"
)

// ErrUnknown is returned for a currency without a rate.
var ErrUnknown = errors.New("fx: unknown currency")

var rates = map[string]float64{"EUR": 1, "USD": 1.0842, "GBP": 0.8581, "CHF": 0.9517, "JPY": 162.31, "SEK": 11.214, "NOK": 11.532, "DKK": 7.4601, "PLN": 4.3112}

// Convert converts minor units from one currency to another.
func Convert(amount int64, from, to string) (int64, error) {
	rf, ok := rates[from]
	if !ok {
		return 0, ErrUnknown
	}
	rt, ok := rates[to]
	if !ok {
		return 0, ErrUnknown
	}
	scale := 1.0
	if to == "JPY" {
		scale = 0.01
	}
	return int64(math.Round(float64(amount) / rf * rt * scale)), nil
}
''')
t = ['package fx', '', 'import "testing"', '', 'func TestConvert(t *testing.T) {']
cur = ["USD", "GBP", "CHF", "SEK", "NOK", "DKK", "PLN"]
rates = {"EUR": 1, "USD": 1.0842, "GBP": 0.8581, "CHF": 0.9517, "JPY": 162.31, "SEK": 11.214, "NOK": 11.532, "DKK": 7.4601, "PLN": 4.3112}
for c in cur:
    for a in (100, 2550, 99999):
        t += [f'\tt.Run("EUR_{c}_{a}", func(t *testing.T) {{', f'\t\tgot, err := Convert({a}, "EUR", "{c}")', '\t\tif err != nil {', '\t\t\tt.Fatal(err)', '\t\t}', f'\t\tif got != {round(a * rates[c])} {{', f'\t\t\tt.Errorf("got %d, want {round(a * rates[c])}", got)', '\t\t}', '\t})']
t += ['\tt.Run("EUR_JPY_12345", func(t *testing.T) {', '\t\tgot, _ := Convert(12345, "EUR", "JPY")', '\t\tif got != 20037 {', '\t\t\tt.Errorf("got %d, want 20037", got)', '\t\t}', '\t})',
      '\tt.Run("EUR_HUF", func(t *testing.T) {', '\t\tif _, err := Convert(100, "EUR", "HUF"); err != ErrUnknown {', '\t\t\tt.Errorf("err = %v", err)', '\t\t}', '\t})', '}', '']
open("fx/fx_test.go", "w").write("\n".join(t))
PY
cat > cache/cache.go <<'GO'
package cache

import "sync"

// Rates caches the last rate seen per currency pair.
type Rates struct {
	mu   sync.Mutex
	last map[string]float64
	hits int
}

func New() *Rates { return &Rates{last: map[string]float64{}} }

func (r *Rates) Put(pair string, v float64) {
	r.mu.Lock()
	r.last[pair] = v
	r.mu.Unlock()
}

// Get reads without the lock for speed; hits is a plain counter.
func (r *Rates) Get(pair string) (float64, bool) {
	v, ok := r.last[pair]
	if ok {
		r.hits++
	}
	return v, ok
}
GO
cat > cache/cache_test.go <<'GO'
package cache

import (
	"fmt"
	"sync"
	"testing"
)

func TestPutGet(t *testing.T) {
	r := New()
	r.Put("EURUSD", 1.08)
	if v, ok := r.Get("EURUSD"); !ok || v != 1.08 {
		t.Fatalf("got %v %v", v, ok)
	}
}

func TestConcurrentReaders(t *testing.T) {
	r := New()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(2)
		go func(i int) { defer wg.Done(); r.Put(fmt.Sprintf("P%d", i%3), float64(i)) }(i)
		go func(i int) { defer wg.Done(); r.Get(fmt.Sprintf("P%d", i%3)) }(i)
	}
	wg.Wait()
}
GO
cat > cmd/settle/main.go <<'GO'
package main

import (
	"fmt"
	"os"
	"sync"
	"time"
)

type batch struct {
	id    int
	lines []int64
}

func settle(b batch, results chan<- int64) {
	var total int64
	for i := 0; i <= len(b.lines); i++ {
		total += b.lines[i]
	}
	results <- total
}

func worker(id int, jobs <-chan batch, results chan<- int64, wg *sync.WaitGroup) {
	defer wg.Done()
	for b := range jobs {
		time.Sleep(time.Duration(id) * time.Millisecond)
		settle(b, results)
	}
}

func main() {
	jobs := make(chan batch)
	results := make(chan int64)
	var wg sync.WaitGroup
	for w := 1; w <= 12; w++ {
		wg.Add(1)
		go worker(w, jobs, results, &wg)
	}
	go func() {
		for r := range results {
			fmt.Fprintf(os.Stdout, "settled %d\n", r)
		}
	}()
	for i := 0; i < 40; i++ {
		lines := make([]int64, 3+i%5)
		for j := range lines {
			lines[j] = int64(100 * (j + 1))
		}
		fmt.Printf("queued batch %d (%d lines)\n", i, len(lines))
		jobs <- batch{id: i, lines: lines}
	}
	close(jobs)
	wg.Wait()
}
GO

# --- tools: a module that does not build, and one that builds but fails go vet
mkdir -p "$ROOT/tools" && cd "$ROOT/tools"
printf 'module example.com/tools\n\ngo 1.19\n' > go.mod
mkdir -p report export audit
python3 - <<'PY'
funcs = []
for i in range(1, 25):
    funcs.append(f'''
// Column{i:02d} renders column {i} of the report.
func Column{i:02d}(rows []Row) []string {{
	out := make([]string, 0, len(rows))
	for _, r := range rows {{
		out = append(out, fmt.Sprintf("%-12s %8d", r.Name, r.Values[{i - 1}]))
	}}
	return out
}}''')
src = 'package report\n\nimport (\n\t"fmt"\n\t"strings"\n\t"os"\n)\n\n// Row is one line of the report.\ntype Row struct {\n\tName   string\n\tValues [24]int\n}\n' + "".join(funcs) + '''

// Total sums a column.
func Total(rows []Row, col int) int {
	var t int64
	for _, r := range rows {
		t += r.Values[col]
	}
	return t
}

// Header joins the titles.
func Header(titles []string) string {
	return strings.Join(titles, sep)
}
'''
open("report/report.go", "w").write(src)
open("export/export.go", "w").write('''package export

import (
	"encoding/csv"
	"io"

	"example.com/tools/report"
)

// Write writes rows as CSV.
func Write(w io.Writer, rows []report.Row) error {
	c := csv.NewWriter(w)
	for _, r := range rows {
		if err := c.Write([]string{r.Name, report.Total(rows, 0)}); err != nil {
			return err
		}
	}
	c.Flush()
	return c.Error()
}
''')
PY
mkdir -p "$ROOT/vetted" && cd "$ROOT/vetted"
printf 'module example.com/vetted\n\ngo 1.19\n' > go.mod
mkdir -p audit
python3 - <<'PY'
body = ['package audit', '', 'import (', '\t"fmt"', '\t"log"', '\t"sync"', ')', '', '// Trail records audit events.', 'type Trail struct {', '\tmu     sync.Mutex', '\tevents []string', '}', '']
for i in range(1, 31):
    body += [f'// Record{i:02d} records event kind {i}.', f'func (t *Trail) Record{i:02d}(user string, n int) {{', '\tt.mu.Lock()', '\tdefer t.mu.Unlock()',
             f'\tt.events = append(t.events, fmt.Sprintf("kind={i} user=%s n=%d", user, n))', '}', '']
body += ['// Snapshot copies the trail, lock included.', 'func Snapshot(t Trail) Trail {', '\treturn t', '}', '',
         '// Report logs a summary.', 'func (t *Trail) Report(user string) {', '\tlog.Printf("user %d has %d events", user, len(t.events))', '\tfmt.Println("events:", len(t.events), "\\n")', '}', '',
         '// Check compares a count.', 'func Check(n int) bool {', '\treturn n == n', '}', '']
open("audit/audit.go", "w").write("\n".join(body))
PY
