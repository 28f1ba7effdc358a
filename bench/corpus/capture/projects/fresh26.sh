#!/usr/bin/env bash
# The fresh26 set (bench/corpus/fresh26/): compilers, test runners, linters and crash output of
# languages and runtimes in shapes no earlier set holds (rspec --backtrace, ruby -wc, rake --trace
# with a cause; PHP 8.2's deprecations before a fatal TypeError; an Erlang supervisor's crash and
# progress reports, an Elixir GenServer terminating, mix test --cover; ghc -Wall, a Haskell
# exception with its call stack, a heap overflow with +RTS -s; ocamlc -w +A, an OCaml exception's
# backtrace; Rscript's error and warnings, testthat, R CMD check; busted, a Lua stack traceback;
# mono's mcs and an unhandled exception; perl -w with Carp's confess; go test -fuzz; scalac).
# Projects of a freight-billing team (Harrow): tariffs, invoices, routes and ledgers written in
# each language, with scripted breakage.
set -euo pipefail
ROOT="$1"
cd "$ROOT"
rm -rf ruby php erl ex hs ml r lua cs pl go scala
mkdir -p ruby php/src erl ex hs ml r lua cs pl go scala

# --- Ruby: the billing library, its specs, warnings and the release task
python3 - <<'PY'
import os, textwrap
os.makedirs("ruby/lib/harrow/carriers", exist_ok=True)
os.makedirs("ruby/spec/harrow", exist_ok=True)
W = lambda p, s: open(p, "w").write(textwrap.dedent(s).lstrip())
W("ruby/lib/harrow.rb", """
    require "bigdecimal"
    require "json"
    require_relative "harrow/money"
    require_relative "harrow/tariff"
    require_relative "harrow/route"
    require_relative "harrow/invoice"
    require_relative "harrow/ledger"
    Dir[File.join(__dir__, "harrow", "carriers", "*.rb")].sort.each { |f| require f }
    """)
W("ruby/lib/harrow/money.rb", """
    module Harrow
      class Money
        attr_reader :cents, :currency
        def initialize(cents, currency = "EUR")
          raise ArgumentError, "cents must be Integer, got #{cents.class}" unless cents.is_a?(Integer)
          @cents = cents
          @currency = currency
        end
        def +(other)
          raise CurrencyMismatch.new(currency, other.currency) if other.currency != currency
          Money.new(cents + other.cents, currency)
        end
        def *(factor) = Money.new((cents * factor).round, currency)
        def to_s = format("%.2f %s", cents / 100.0, currency)
        def ==(other) = other.is_a?(Money) && cents == other.cents && currency == other.currency
      end
      class CurrencyMismatch < StandardError
        def initialize(a, b) = super("cannot add #{b} to #{a}")
      end
    end
    """)
W("ruby/lib/harrow/tariff.rb", """
    module Harrow
      class Tariff
        BANDS = { "A" => 0..50, "B" => 51..250, "C" => 251..1000 }.freeze
        attr_reader :carrier, :rates
        def initialize(carrier, rates)
          @carrier = carrier
          @rates = rates
        end
        def band_for(kg)
          BANDS.find { |_, r| r.cover?(kg) }&.first or raise KeyError, "no band for #{kg} kg"
        end
        def rate(kg, zone)
          rates.fetch(band_for(kg)).fetch(zone)
        end
        def price(kg, zone)
          Money.new(rate(kg, zone) * kg)
        end
        def surcharge(kg, zone, fuel_pct)
          price(kg, zone) * (fuel_pct / 100.0)
        end
      end
    end
    """)
W("ruby/lib/harrow/route.rb", """
    module Harrow
      Leg = Struct.new(:from, :to, :km, :mode, keyword_init: true)
      class Route
        attr_reader :legs
        def initialize(legs) = @legs = legs
        def km = legs.sum(&:km)
        def stops = legs.map(&:from) + [legs.last.to]
        def modes = legs.map(&:mode).uniq
        def co2_kg
          legs.sum { |l| l.km * { road: 0.062, rail: 0.022, sea: 0.008 }.fetch(l.mode) }
        end
        def self.parse(text)
          new(text.split(";").map do |part|
            from, to, km, mode = part.split(",")
            Leg.new(from: from, to: to, km: Integer(km), mode: mode.to_sym)
          end)
        end
      end
    end
    """)
W("ruby/lib/harrow/invoice.rb", """
    module Harrow
      class Invoice
        attr_reader :number, :lines, :customer
        def initialize(number, customer)
          @number = number
          @customer = customer
          @lines = []
        end
        def add(desc, amount)
          lines << [desc, amount]
          self
        end
        def total = lines.map(&:last).reduce(Money.new(0)) { |a, b| a + b }
        def vat(rate = 0.2) = total * rate
        def to_h
          { number: number, customer: customer.fetch(:name), total: total.to_s,
            lines: lines.map { |d, a| { desc: d, amount: a.to_s } } }
        end
        def to_json(*) = JSON.generate(to_h)
      end
    end
    """)
W("ruby/lib/harrow/ledger.rb", """
    module Harrow
      class Ledger
        Entry = Struct.new(:account, :amount, :ref)
        def initialize = @entries = []
        def post(account, amount, ref)
          @entries << Entry.new(account, amount, ref)
        end
        def balance(account)
          @entries.select { |e| e.account == account }.map(&:amount).reduce(:+)
        end
        def refs = @entries.map(&:ref)
        def reconcile(bank)
          bank.each do |ref, cents|
            entry = @entries.find { |e| e.ref == ref }
            raise "unmatched bank line #{ref}" unless entry
            raise "amount differs for #{ref}: ledger #{entry.amount.cents}, bank #{cents}" if entry.amount.cents != cents
          end
          true
        end
      end
    end
    """)
carriers = ["alder", "birch", "cedar", "dogwood", "elm", "fir", "ginkgo", "hazel", "juniper", "larch",
            "maple", "nettle", "oak", "poplar", "rowan", "spruce", "tamarack", "willow", "yew", "zelkova",
            "aspen", "beech", "cypress", "hemlock", "hickory", "laurel", "linden", "magnolia", "mulberry", "olive",
            "pecan", "redwood", "sequoia", "sumac", "sycamore", "walnut", "acacia", "banyan", "catalpa", "ebony", "fig", "gum", "holly", "ivy", "jacaranda", "kapok"]
for i, c in enumerate(carriers):
    cls = c.capitalize()
    body = f"""
    module Harrow
      module Carriers
        class {cls}
          CODE = "{c[:3].upper()}"
          def initialize(config)
            @config = config
            @zone = config[:zone] || "EU"
          end
          def quote(kg, zone)
            unused_{c} = kg * 2
            base = Harrow::Tariff.new(CODE, @config[:rates]).price(kg, zone)
            if kg > 1000 then
              base * 1.5
            else
              base
            end
          end
    """
    if i % 3 == 0:
        body += f"""
          def label(shipment)
            puts *shipment.lines
            shipment.id
          end
    """
    if i % 4 == 1:
        body += f"""
          def zone
            @zone
          end
          def zone
            @config.fetch(:zone)
          end
    """
    if i % 5 == 2:
        body += f"""
          def weight(items)
            total = 0
            items.each {{ |total| total }}
            return -items.sum
          end
    """
    if i % 6 == 5:
        body += f"""
          def tracking(id)
            case id
            when /^{c[:3].upper()}/ then id
            when /^{c[:3].upper()}/ then id.downcase
            end
          end
      end
    """
    body += """
        end
      end
    end
    """
    W(f"ruby/lib/harrow/carriers/{c}.rb", body)
PY
python3 - <<'PY'
import textwrap, os
W = lambda p, s: open(p, "w").write(textwrap.dedent(s).lstrip())
W("ruby/.rspec", "--require spec_helper\n")
W("ruby/spec/spec_helper.rb", """
    require "bigdecimal"
    require "json"
    %w[money tariff route invoice ledger].each { |f| require_relative "../lib/harrow/#{f}" }
    RATES = {
      "A" => { "EU" => 4, "UK" => 6, "US" => 9 },
      "B" => { "EU" => 3, "UK" => 5, "US" => 8 },
      "C" => { "EU" => 2, "UK" => 4 },
    }.freeze
    RSpec.configure do |c|
      c.order = :defined
    end
    """)
# money: mostly fine
ex = []
for i, (a, b) in enumerate([(100, 250), (1, 2), (999, 1), (12345, 55), (0, 0), (70, 30)]):
    ex.append(f'  it "adds {a} and {b} cents" do\n    expect(Harrow::Money.new({a}) + Harrow::Money.new({b})).to eq(Harrow::Money.new({a + b}))\n  end\n')
ex.append('  it "refuses to add GBP to EUR" do\n    expect { Harrow::Money.new(1) + Harrow::Money.new(1, "GBP") }.to raise_error(Harrow::CurrencyMismatch, "cannot add GBP to EUR")\n  end\n')
ex.append('  it "formats as euros" do\n    expect(Harrow::Money.new(123456).to_s).to eq("1234.56 EUR")\n  end\n')
ex.append('  it "accepts BigDecimal cents from the rate card" do\n    expect(Harrow::Money.new(BigDecimal("10.5")).cents).to eq(11)\n  end\n')
for f in [2, 3, 0.5, 1.25]:
    ex.append(f'  it "scales by {f}" do\n    expect((Harrow::Money.new(400) * {f}).cents).to eq({int(400 * f)})\n  end\n')
open("ruby/spec/harrow/money_spec.rb", "w").write('RSpec.describe Harrow::Money do\n' + "\n".join(ex) + "end\n")
# tariff: bands, one zone missing, boundary bug
ex = []
for kg, band in [(1, "A"), (50, "A"), (51, "B"), (250, "B"), (251, "C"), (1000, "C")]:
    ex.append(f'  it "puts {kg} kg in band {band}" do\n    expect(tariff.band_for({kg})).to eq("{band}")\n  end\n')
ex.append('  it "puts 50.5 kg in band B" do\n    expect(tariff.band_for(50.5)).to eq("B")\n  end\n')
ex.append('  it "rejects 1200 kg" do\n    expect { tariff.band_for(1200) }.to raise_error(KeyError, /no band/)\n  end\n')
for kg, zone, cents in [(10, "EU", 40), (10, "UK", 60), (100, "EU", 300), (100, "US", 800), (300, "UK", 1200), (300, "US", 2400)]:
    ex.append(f'  it "prices {kg} kg to {zone} at {cents} cents" do\n    expect(tariff.price({kg}, "{zone}").cents).to eq({cents})\n  end\n')
ex.append('  it "adds an 18% fuel surcharge" do\n    expect(tariff.surcharge(100, "EU", 18).cents).to eq(54)\n  end\n')
open("ruby/spec/harrow/tariff_spec.rb", "w").write('RSpec.describe Harrow::Tariff do\n  let(:tariff) { described_class.new("HRW", RATES) }\n\n' + "\n".join(ex) + "end\n")
# route
ex = []
ex.append('  let(:route) { Harrow::Route.parse("Rotterdam,Duisburg,230,rail;Duisburg,Basel,540,road;Basel,Milano,330,rail") }\n')
ex.append('  it "sums the km" do\n    expect(route.km).to eq(1100)\n  end\n')
ex.append('  it "lists the stops" do\n    expect(route.stops).to eq(%w[Rotterdam Duisburg Basel Milano])\n  end\n')
ex.append('  it "lists the modes" do\n    expect(route.modes).to contain_exactly(:rail, :road)\n  end\n')
ex.append('  it "estimates CO2" do\n    expect(route.co2_kg).to be_within(0.01).of(45.82)\n  end\n')
ex.append('  it "parses a barge leg" do\n    r = Harrow::Route.parse("Antwerpen,Liege,120,barge")\n    expect(r.co2_kg).to be < 5\n  end\n')
ex.append('  it "rejects a leg without km" do\n    expect { Harrow::Route.parse("Genova,Torino,,road") }.to raise_error(ArgumentError)\n  end\n')
ex.append('  it "parses a leg with spaces" do\n    r = Harrow::Route.parse("Lyon, Paris, 465, rail")\n    expect(r.stops).to eq(%w[Lyon Paris])\n  end\n')
open("ruby/spec/harrow/route_spec.rb", "w").write('RSpec.describe Harrow::Route do\n' + "\n".join(ex) + "end\n")
# invoice
ex = []
ex.append('  let(:customer) { { name: "Voss Logistik GmbH", vat_id: "DE811569869" } }\n  let(:invoice) { Harrow::Invoice.new("HRW-2026-00417", customer) }\n')
ex.append('  it "totals its lines" do\n    invoice.add("Rotterdam-Basel", Harrow::Money.new(84000)).add("Customs", Harrow::Money.new(12050))\n    expect(invoice.total).to eq(Harrow::Money.new(96050))\n  end\n')
ex.append('  it "computes VAT" do\n    invoice.add("Freight", Harrow::Money.new(10000))\n    expect(invoice.vat.cents).to eq(2000)\n  end\n')
ex.append('  it "computes reduced VAT" do\n    invoice.add("Freight", Harrow::Money.new(10001))\n    expect(invoice.vat(0.07).cents).to eq(700)\n  end\n')
ex.append('  it "serialises to JSON" do\n    invoice.add("Freight", Harrow::Money.new(500))\n    expect(JSON.parse(invoice.to_json)).to include("number" => "HRW-2026-00417", "total" => "5.00 EUR", "customer" => "Voss Logistik GmbH")\n  end\n')
ex.append('  it "totals lines in GBP" do\n    invoice.add("Felixstowe", Harrow::Money.new(5000, "GBP")).add("Handling", Harrow::Money.new(700, "GBP"))\n    expect(invoice.total).to eq(Harrow::Money.new(5700, "GBP"))\n  end\n')
ex.append('  it "serialises a customer given by string keys" do\n    inv = Harrow::Invoice.new("HRW-2026-00418", { "name" => "Brandt Spedition" })\n    expect(inv.to_h[:customer]).to eq("Brandt Spedition")\n  end\n')
ex.append('  it "lists each line as a hash" do\n    invoice.add("Freight", Harrow::Money.new(100))\n    expect(invoice.to_h[:lines]).to eq([{ desc: "Freight", amount: "1.00 EUR" }])\n  end\n')
open("ruby/spec/harrow/invoice_spec.rb", "w").write('RSpec.describe Harrow::Invoice do\n' + "\n".join(ex) + "end\n")
# ledger
ex = []
ex.append('  let(:ledger) do\n    Harrow::Ledger.new.tap do |l|\n      l.post("1200", Harrow::Money.new(96050), "HRW-2026-00417")\n      l.post("1200", Harrow::Money.new(5000), "HRW-2026-00418")\n      l.post("4400", Harrow::Money.new(-12050), "HRW-2026-00417")\n    end\n  end\n')
ex.append('  it "balances an account" do\n    expect(ledger.balance("1200")).to eq(Harrow::Money.new(101050))\n  end\n')
ex.append('  it "balances an empty account" do\n    expect(ledger.balance("9999")).to eq(Harrow::Money.new(0))\n  end\n')
ex.append('  it "reconciles the bank file" do\n    expect(ledger.reconcile("HRW-2026-00417" => 96050, "HRW-2026-00418" => 5000)).to be true\n  end\n')
ex.append('  it "reconciles a short payment" do\n    expect(ledger.reconcile("HRW-2026-00418" => 4950)).to be true\n  end\n')
ex.append('  it "reconciles a line of another ledger" do\n    expect(ledger.reconcile("HRW-2026-00391" => 7300)).to be true\n  end\n')
ex.append('  it "lists refs in posting order" do\n    expect(ledger.refs).to eq(%w[HRW-2026-00417 HRW-2026-00418 HRW-2026-00417])\n  end\n')
open("ruby/spec/harrow/ledger_spec.rb", "w").write('RSpec.describe Harrow::Ledger do\n' + "\n".join(ex) + "end\n")
W("ruby/Rakefile", """
    require "json"
    require "digest"
    require_relative "lib/harrow/money"

    ASSETS = FileList["assets/*.json"]

    namespace :build do
      desc "Check the rate cards"
      task :ratecards do
        ASSETS.each do |f|
          card = JSON.parse(File.read(f))
          card.fetch("rates").each_value { |zones| zones.each_value { |c| Harrow::Money.new(c) } }
          puts "ok #{f}"
        end
      end

      desc "Bundle the rate cards"
      task assets: :ratecards do
        bundle = ASSETS.map { |f| JSON.parse(File.read(f)) }
        File.write("pkg/ratecards.json", JSON.pretty_generate(bundle))
      end
    end

    desc "Tag and package a release"
    task release: ["build:assets"] do
      sh "tar czf pkg/harrow.tgz lib pkg/ratecards.json"
    end

    def load_card(path)
      JSON.parse(File.read(path))
    rescue JSON::ParserError => e
      raise ArgumentError, "rate card #{path} is not valid JSON"
    end
    """)
os.makedirs("ruby/bin", exist_ok=True)
W("ruby/bin/settle", """
    #!/usr/bin/env ruby
    require_relative "../lib/harrow/money"
    require_relative "../lib/harrow/ledger"
    require "csv"

    class SettlementError < StandardError; end

    def load_bank(path)
      CSV.read(path, headers: true).to_h { |r| [r["ref"], Integer(r["cents"])] }
    rescue ArgumentError => e
      raise SettlementError, "bank file #{path} has a bad amount"
    end

    def settle(ledger, path)
      ledger.reconcile(load_bank(path))
    rescue RuntimeError => e
      raise SettlementError, "settlement of #{File.basename(path)} stopped"
    end

    ledger = Harrow::Ledger.new
    ledger.post("1200", Harrow::Money.new(96050), "HRW-2026-00417")
    ledger.post("1200", Harrow::Money.new(5000), "HRW-2026-00418")
    puts settle(ledger, "bank/2026-11-27.csv")
    puts settle(ledger, "bank/2026-11-28.csv")
    """)
os.makedirs("ruby/bank", exist_ok=True)
open("ruby/bank/2026-11-27.csv", "w").write("ref,cents\nHRW-2026-00417,96050\nHRW-2026-00418,5000\n")
open("ruby/bank/2026-11-28.csv", "w").write("ref,cents\nHRW-2026-00418,5000\nHRW-2026-00419,1 200\n")
import os, json
os.makedirs("ruby/assets", exist_ok=True)
for c, rates in [("alder", {"A": {"EU": 4, "UK": 6}}), ("birch", {"A": {"EU": 5}, "B": {"EU": 3}}),
                 ("cedar", {"A": {"EU": 4.5, "UK": 6}}), ("dogwood", {"A": {"US": 9}})]:
    json.dump({"carrier": c, "rates": rates}, open(f"ruby/assets/{c}.json", "w"))
PY

# --- PHP: the invoice import, moved to PHP 8.2 (dynamic properties, nulls to string functions)
python3 - <<'PY'
import textwrap, csv, random
W = lambda p, s: open(p, "w").write(textwrap.dedent(s).lstrip())
W("php/import.php", """
    <?php
    declare(strict_types=0);
    require __DIR__ . '/src/Row.php';
    require __DIR__ . '/src/Importer.php';
    require __DIR__ . '/src/Totals.php';

    $importer = new Harrow\\Importer(__DIR__ . '/invoices.csv');
    $rows = $importer->rows();
    $totals = new Harrow\\Totals();
    foreach ($rows as $row) {
        $totals->add($row);
    }
    echo $totals->report(), PHP_EOL;
    """)
W("php/src/Row.php", """
    <?php
    namespace Harrow;

    class Row
    {
        public string $number;
        public ?string $customer;
        public int $cents;

        public function __construct(array $cells, int $line)
        {
            $this->number = $cells[0];
            $this->customer = $cells[1] ?: null;
            $this->cents = (int) round((float) $cells[2] * 100);
            $this->line = $line;
            $this->currency = strtoupper($cells[3] ?? null);
        }

        public function customerKey(): string
        {
            return strtolower(trim($this->customer));
        }
    }
    """)
W("php/src/Importer.php", """
    <?php
    namespace Harrow;

    class Importer
    {
        public function __construct(private string $path)
        {
        }

        /** @return Row[] */
        public function rows(): array
        {
            $fh = fopen($this->path, 'r');
            $rows = [];
            $line = 0;
            while (($cells = fgetcsv($fh)) !== false) {
                $line++;
                if ($line === 1) {
                    continue;
                }
                $rows[] = new Row($cells, $line);
            }
            return $rows;
        }
    }
    """)
W("php/src/Totals.php", """
    <?php
    declare(strict_types=1);
    namespace Harrow;

    class Totals
    {
        private array $byCustomer = [];

        public function add(Row $row): void
        {
            $key = $row->customerKey();
            $this->byCustomer[$key] = ($this->byCustomer[$key] ?? 0) + $row->cents;
            $this->check($row->number, $row->cents);
        }

        private function check(string $number, int $cents): void
        {
            if (str_contains($number, 'CR') && $cents > 0) {
                $this->flag($number, 'credit note with a positive amount', $cents / 100);
            }
        }

        private function flag(string $number, string $why, int $amount): void
        {
            fwrite(STDERR, sprintf("%s: %s (%d)\\n", $number, $why, $amount));
        }

        public function report(): string
        {
            arsort($this->byCustomer);
            return implode(PHP_EOL, array_map(fn ($k, $v) => sprintf('%-30s %12.2f', $k, $v / 100),
                array_keys($this->byCustomer), $this->byCustomer));
        }
    }
    """)
random.seed(26)
names = ["Voss Logistik GmbH", "Brandt Spedition", "Kowalski Trans", "Dufour Fret SA", "Hendriks Vervoer BV",
         "Nyström Frakt AB", "Rossi Trasporti", "Ortega Cargas SL"]
with open("php/invoices.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["number", "customer", "amount", "currency"])
    for i in range(1, 41):
        num = f"HRW-2026-{i + 400:05d}"
        cust = "" if i in (9, 23) else random.choice(names)
        amt = f"{random.randint(1200, 98000) / 100:.2f}"
        if i == 31:
            num = num.replace("HRW", "HRW-CR")
            amt = "123.45"
        if i in (14, 27):
            w.writerow([num, cust, amt])
        else:
            w.writerow([num, cust, amt, "eur"])
PY

# --- Erlang: the ledger service under its supervisor; a bad posting crashes it until it gives up
mkdir -p erl/src erl/ebin
cat > erl/src/harrow_ledger.erl <<'ERL'
-module(harrow_ledger).
-behaviour(gen_server).
-export([start_link/0, post/3, balance/1]).
-export([init/1, handle_call/3, handle_cast/2]).

start_link() -> gen_server:start_link({local, ?MODULE}, ?MODULE, [], []).

post(Account, Cents, Ref) -> gen_server:call(?MODULE, {post, Account, Cents, Ref}).
balance(Account) -> gen_server:call(?MODULE, {balance, Account}).

init([]) ->
    Accounts = maps:from_list([{integer_to_binary(1000 + N), N * 137} || N <- lists:seq(1, 48)]),
    {ok, #{accounts => Accounts, posted => 0, last_ref => none}}.

handle_call({post, Account, Cents, Ref}, _From, State = #{accounts := Accounts, posted := N}) ->
    Old = maps:get(Account, Accounts),
    New = Old + Cents,
    {reply, {ok, New}, State#{accounts := Accounts#{Account => New}, posted := N + 1, last_ref := Ref}};
handle_call({balance, Account}, _From, State = #{accounts := Accounts}) ->
    {reply, maps:find(Account, Accounts), State}.

handle_cast(_Msg, State) -> {noreply, State}.
ERL
cat > erl/src/harrow_sup.erl <<'ERL'
-module(harrow_sup).
-behaviour(supervisor).
-export([start_link/0, init/1]).

start_link() -> supervisor:start_link({local, ?MODULE}, ?MODULE, []).

init([]) ->
    Flags = #{strategy => one_for_one, intensity => 2, period => 10},
    Child = #{id => harrow_ledger, start => {harrow_ledger, start_link, []}},
    {ok, {Flags, [Child]}}.
ERL
cat > erl/src/harrow_import.erl <<'ERL'
-module(harrow_import).
-export([run/0]).

run() ->
    process_flag(trap_exit, true),
    {ok, Sup} = harrow_sup:start_link(),
    unlink(Sup),
    Lines = [{<<"1003">>, 5000, "HRW-2026-00417"}, {<<"1007">>, -1200, "HRW-2026-00418"},
             {<<"2001">>, 800, "HRW-2026-00419"}, {<<"1011">>, 300, "HRW-2026-00420"},
             {<<"2002">>, 250, "HRW-2026-00421"}, {<<"2003">>, 990, "HRW-2026-00422"},
             {<<"1012">>, 100, "HRW-2026-00423"}],
    [post(L) || L <- Lines],
    timer:sleep(300),
    io:format("supervisor alive: ~p~n", [is_process_alive(Sup)]).

post({Account, Cents, Ref}) ->
    try harrow_ledger:post(Account, Cents, Ref) of
        Reply -> io:format("~s ~s: ~p~n", [Ref, Account, Reply])
    catch
        exit:Reason -> io:format("~s ~s: call failed: ~p~n", [Ref, Account, element(1, Reason)])
    end,
    timer:sleep(50).
ERL
cat > erl/rates_check.escript <<'ERL'
#!/usr/bin/env escript
%%! -pa ebin
main([File]) ->
    {ok, Bin} = file:read_file(File),
    Lines = binary:split(Bin, <<"\n">>, [global, trim]),
    Rates = [parse(L) || L <- Lines],
    Total = lists:sum([C || {_, _, C} <- Rates]),
    io:format("~p rates, ~p cents in all~n", [length(Rates), Total]).

parse(Line) ->
    [Band, Zone, Cents] = binary:split(Line, <<",">>, [global]),
    {Band, Zone, binary_to_integer(Cents)}.
ERL
printf '%s\n' A,EU,400 A,UK,600 B,EU,300 B,UK,500 C,EU,250 C,UK,4.50 D,EU,180 > erl/rates.csv

# --- Elixir: the routing rules with ExUnit tests and coverage
python3 - <<'PY'
import os, textwrap
W = lambda p, s: (os.makedirs(os.path.dirname(p), exist_ok=True), open(p, "w").write(textwrap.dedent(s).lstrip()))
W("ex/mix.exs", """
    defmodule HarrowRouting.MixProject do
      use Mix.Project
      def project, do: [app: :harrow_routing, version: "0.4.0", elixir: "~> 1.14", deps: []]
      def application, do: [extra_applications: [:logger]]
    end
    """)
W("ex/lib/harrow_routing/zone.ex", """
    defmodule HarrowRouting.Zone do
      @zones %{"DE" => :eu, "NL" => :eu, "BE" => :eu, "FR" => :eu, "IT" => :eu, "PL" => :eu,
               "GB" => :uk, "CH" => :efta, "NO" => :efta, "US" => :us}
      def of(country), do: Map.fetch!(@zones, String.upcase(country))
      def customs?(from, to), do: of(from) != of(to) and not (of(from) == :eu and of(to) == :eu)
      def vat_rate(:eu), do: 0.19
      def vat_rate(:uk), do: 0.20
      def vat_rate(:efta), do: 0.077
      def unused_helper(x), do: x * 2
      def unused_other(x), do: x + 2
    end
    """)
W("ex/lib/harrow_routing/leg.ex", """
    defmodule HarrowRouting.Leg do
      defstruct [:from, :to, :km, :mode]
      @factors %{road: 0.062, rail: 0.022, sea: 0.008}
      def new(from, to, km, mode) when km > 0, do: %__MODULE__{from: from, to: to, km: km, mode: mode}
      def co2(%__MODULE__{km: km, mode: mode}), do: km * Map.fetch!(@factors, mode)
      def parse(text) do
        [from, to, km, mode] = String.split(text, ",")
        new(from, to, String.to_integer(km), String.to_existing_atom(mode))
      end
    end
    """)
W("ex/lib/harrow_routing/planner.ex", """
    defmodule HarrowRouting.Planner do
      alias HarrowRouting.{Leg, Zone}
      def plan(legs) do
        %{km: Enum.sum(Enum.map(legs, & &1.km)),
          co2: legs |> Enum.map(&Leg.co2/1) |> Enum.sum() |> Float.round(2),
          customs: Enum.count(legs, &Zone.customs?(&1.from, &1.to)),
          stops: Enum.map(legs, & &1.from) ++ [List.last(legs).to]}
      end
      def cheapest(options), do: Enum.min_by(options, & &1.price)
      def split(legs, max_km) do
        Enum.chunk_while(legs, {0, []}, fn leg, {km, acc} ->
          if km + leg.km > max_km, do: {:cont, Enum.reverse(acc), {leg.km, [leg]}}, else: {:cont, {km + leg.km, [leg | acc]}}
        end, fn {_, acc} -> {:cont, Enum.reverse(acc), {0, []}} end)
      end
      def describe(plan), do: "#{plan.km} km, #{plan.co2} kg CO2, #{plan.customs} customs stops"
    end
    """)
W("ex/lib/harrow_routing/quote.ex", """
    defmodule HarrowRouting.Quote do
      alias HarrowRouting.Zone
      def price(kg, from, to) do
        base = kg * rate(Zone.of(to))
        if Zone.customs?(from, to), do: base + 45.0, else: base
      end
      defp rate(:eu), do: 0.42
      defp rate(:uk), do: 0.55
      defp rate(:efta), do: 0.61
      def with_vat(amount, to), do: Float.round(amount * (1 + Zone.vat_rate(Zone.of(to))), 2)
    end
    """)
W("ex/lib/harrow_routing/cache.ex", """
    defmodule HarrowRouting.Cache do
      use GenServer
      def start_link(lanes), do: GenServer.start_link(__MODULE__, lanes, name: __MODULE__)
      def quote(lane, kg), do: GenServer.call(__MODULE__, {:quote, lane, kg})
      def init(lanes), do: {:ok, %{lanes: lanes, hits: 0}}
      def handle_call({:quote, lane, kg}, _from, state) do
        per_kg = state.lanes[lane].per_kg
        {:reply, Float.round(kg * per_kg, 2), %{state | hits: state.hits + 1}}
      end
    end
    """)
W("ex/scripts/replay.exs", """
    lanes = for {l, r} <- [{"NL-DE", 0.031}, {"DE-CH", 0.034}, {"CH-IT", 0.033}, {"BE-FR", 0.029}], into: %{},
              do: {l, %{per_kg: r, km: 300}}
    {:ok, _} = HarrowRouting.Cache.start_link(lanes)
    for {lane, kg} <- [{"NL-DE", 812}, {"DE-CH", 120}, {"PL-DE", 40}, {"CH-IT", 75}] do
      IO.puts("#{lane} #{kg} kg: #{HarrowRouting.Cache.quote(lane, kg)}")
    end
    """)
W("ex/test/test_helper.exs", "ExUnit.start()\n")
W("ex/test/zone_test.exs", """
    defmodule HarrowRouting.ZoneTest do
      use ExUnit.Case, async: true
      alias HarrowRouting.Zone
      test "Germany is in the EU", do: assert Zone.of("de") == :eu
      test "Switzerland is EFTA", do: assert Zone.of("CH") == :efta
      test "no customs inside the EU", do: refute Zone.customs?("DE", "IT")
      test "customs into the UK", do: assert Zone.customs?("NL", "GB")
      test "customs from Norway to Switzerland", do: assert Zone.customs?("NO", "CH")
      test "Austria is in the EU", do: assert Zone.of("AT") == :eu
      test "US VAT is zero", do: assert Zone.vat_rate(:us) == 0.0
      for c <- ~w(DE NL BE FR IT PL AT DK SE FI ES PT IE LU CZ SK HU SI HR RO BG GR GB CH NO US) do
        @c c
        test "zone of #{c} is known", do: assert Zone.of(@c) in [:eu, :uk, :efta, :us]
      end
    end
    """)
W("ex/test/leg_test.exs", """
    defmodule HarrowRouting.LegTest do
      use ExUnit.Case, async: true
      alias HarrowRouting.Leg
      test "road CO2", do: assert Leg.co2(Leg.new("DE", "NL", 100, :road)) == 6.2
      test "rail CO2", do: assert_in_delta Leg.co2(Leg.new("DE", "IT", 1000, :rail)), 22.0, 0.001
      test "parses a leg", do: assert %Leg{km: 230, mode: :rail} = Leg.parse("NL,DE,230,rail")
      test "parses a barge leg", do: assert %Leg{mode: :barge} = Leg.parse("BE,NL,120,barge")
      test "rejects zero km" do
        assert_raise ArgumentError, fn -> Leg.new("DE", "DE", 0, :road) end
      end
    end
    """)
W("ex/test/planner_test.exs", """
    defmodule HarrowRouting.PlannerTest do
      use ExUnit.Case, async: true
      alias HarrowRouting.{Leg, Planner}
      setup do
        {:ok, legs: [Leg.new("NL", "DE", 230, :rail), Leg.new("DE", "CH", 540, :road), Leg.new("CH", "IT", 330, :rail)]}
      end
      test "plans the km", %{legs: legs}, do: assert Planner.plan(legs).km == 1100
      test "plans the stops", %{legs: legs}, do: assert Planner.plan(legs).stops == ~w(NL DE CH IT)
      test "counts customs stops", %{legs: legs}, do: assert Planner.plan(legs).customs == 1
      test "estimates CO2", %{legs: legs}, do: assert Planner.plan(legs).co2 == 45.82
      test "describes a plan", %{legs: legs} do
        assert Planner.describe(Planner.plan(legs)) == "1100 km, 45.82 kg CO2, 2 customs stops"
      end
      test "splits at 600 km", %{legs: legs} do
        assert [[_], [_], [_]] = Planner.split(legs, 600)
      end
      test "picks the cheapest option" do
        assert %{carrier: "ELM"} = Planner.cheapest([%{carrier: "OAK", price: 410.0}, %{carrier: "ELM", price: 388.5}])
      end
      test "plans an empty route", do: assert Planner.plan([]).km == 0
    end
    """)
W("ex/test/quote_test.exs", """
    defmodule HarrowRouting.QuoteTest do
      use ExUnit.Case, async: true
      alias HarrowRouting.Quote
      test "EU price", do: assert Quote.price(100, "DE", "FR") == 42.0
      test "UK price with customs", do: assert Quote.price(100, "NL", "GB") == 100.0
      test "EU price with VAT", do: assert Quote.with_vat(100.0, "DE") == 119.0
      test "US price", do: assert Quote.price(10, "DE", "US") > 0
    end
    """)
PY

# --- Haskell: the fuel-surcharge calculator (warnings, a runtime error, a heap that overflows)
mkdir -p hs/src/Lanes
cat > hs/src/Surcharge.hs <<'HS'
module Surcharge (Band(..), bandFor, surcharge, parseIndex, indexFor, totalFor, monthly) where

import qualified Data.Map as Map
import Data.List (sortBy, foldl)
import Data.Maybe (fromJust, mapMaybe)
import GHC.Stack (HasCallStack)

data Band = Low | Mid | High deriving (Show, Eq, Ord)

bandFor :: Double -> Band
bandFor price
  | price < 1.40 = Low
  | price < 1.80 = Mid
  | price >= 1.80 = High

surcharge :: Band -> Double
surcharge b = case b of
  Low -> 0.04
  Mid -> 0.09

parseIndex :: String -> Map.Map String Double
parseIndex text = Map.fromList [ (m, read p) | l <- lines text, let (m, _:p) = break (== ',') l ]

indexFor :: HasCallStack => Map.Map String Double -> String -> Double
indexFor idx month = case Map.lookup month idx of
  Just p -> p
  Nothing -> error ("no diesel price for " ++ month ++ " in the index (" ++ show (Map.size idx) ++ " months)")

totalFor :: Map.Map String Double -> String -> [Double] -> Double
totalFor idx month amounts = let rate = surcharge (bandFor (indexFor idx month))
                                 unused = length amounts
                             in sum [ a * (1 + rate) | a <- amounts ]

monthly :: [(String, Double)] -> Map.Map String Double
monthly rows = foldl (\m (k, v) -> Map.insertWith (+) k v m) Map.empty rows
HS
cat > hs/src/Main.hs <<'HS'
module Main where

import Surcharge
import System.Environment (getArgs)
import qualified Data.Map as Map
import Data.List (foldl')

main :: IO ()
main = do
  args <- getArgs
  idx <- parseIndex <$> readFile "diesel.csv"
  case args of
    ["total", month] -> print (totalFor idx month [840.0, 120.5, 96.0])
    ["history", n] -> do
      let rows = [ (show (i `mod` 97), fromIntegral i) | i <- [1 .. read n :: Int] ]
          m = monthly rows
          ledger = foldl (\acc (k, v) -> (k, v) : acc) [] rows
      print (Map.size m, length ledger, sum (map snd ledger))
    _ -> putStrLn "usage: surcharge total MONTH | history N"
HS
python3 - <<'PY2'
lanes = ["NlDe", "DeCh", "ChIt", "BeFr", "PlDe", "ItAt", "FrEs", "DeDk", "DkSe", "AtHu"]
for n, l in enumerate(lanes):
    src = f"""module Lanes.{l} (quote, legs, describe) where

import Data.List (sortOn, nub)
import qualified Data.Map as Map
import Surcharge

data Leg = Leg {{ from :: String, to :: String, km :: Int }} deriving Show

legs :: [Leg]
legs = [Leg "{l[:2].upper()}" "{l[2:].upper()}" {200 + 37 * n}]

quote kg price = let band = bandFor price
                     km = sum (map (\\(Leg _ _ k) -> k) legs)
                 in fromIntegral km * 0.84 + kg * 0.031 * (1 + surcharge band)

describe :: Leg -> String
describe leg = case km leg of
  0 -> "empty leg"
  k | k > 500 -> from leg ++ " to " ++ to leg ++ " (long)"
"""
    if n % 2 == 0:
        src += f"""
rebate :: Int -> Double
rebate pallets = let legs = pallets * 2 in fromIntegral legs ^ 2 / 100
"""
    if n % 3 == 0:
        src += f"""
stops :: [Leg] -> [String]
stops ls = do
  l <- ls
  x <- [from l, to l]
  return x
  where unused = length ls
"""
    open(f"hs/src/Lanes/{l}.hs", "w").write(src)
imports = "\n".join(f"import qualified Lanes.{l}" for l in lanes)
uses = " + ".join(f"Lanes.{l}.quote 100 1.6" for l in lanes)
main = open("hs/src/Main.hs").read().replace("import Surcharge\n", "import Surcharge\n" + imports + "\n")
main = main.replace('    _ -> putStrLn', f'    ["lanes"] -> print ({uses})\n    _ -> putStrLn')
open("hs/src/Main.hs", "w").write(main)
PY2
printf '%s\n' 2026-01,1.62 2026-02,1.58 2026-03,1.71 2026-04,1.77 2026-05,1.83 2026-06,1.86 2026-07,1.79 2026-08,1.74 2026-09,1.69 > hs/diesel.csv

# --- OCaml: the pallet planner (warnings, an exception with its backtrace)
mkdir -p ml
cat > ml/pallet.ml <<'ML'
type pallet = { id : string; kg : float; stackable : bool; dest : string }

let capacity_kg = 24000.

let parse line =
  match String.split_on_char ';' line with
  | [ id; kg; s; dest ] -> { id; kg = float_of_string kg; stackable = s = "y"; dest }
  | _ -> failwith ("bad pallet line: " ^ line)

let by_dest pallets =
  let tbl = Hashtbl.create 16 in
  List.iter (fun p ->
      let l = try Hashtbl.find tbl p.dest with Not_found -> [] in
      Hashtbl.replace tbl p.dest (p :: l)) pallets;
  tbl

let load_order dests tbl =
  List.map (fun d -> (d, Hashtbl.find tbl d)) dests

let weight ps = List.fold_left (fun acc p -> acc +. p.kg) 0. ps

let check_truck (dest, ps) =
  let w = weight ps in
  if w > capacity_kg then Printf.printf "%s: overweight %.0f kg\n" dest w
  else Printf.printf "%s: %d pallets, %.0f kg\n" dest (List.length ps) w
ML
cat > ml/main.ml <<'ML'
open Pallet

let read_lines file =
  let ic = open_in file in
  let rec go acc = match input_line ic with
    | l -> go (l :: acc)
    | exception End_of_file -> close_in ic; List.rev acc in
  go []

let () =
  let pallets = List.map parse (read_lines "pallets.txt") in
  let tbl = by_dest pallets in
  let route = [ "Duisburg"; "Basel"; "Milano"; "Verona" ] in
  List.iter check_truck (load_order route tbl)
ML
python3 - <<'PY'
import random
random.seed(7)
with open("ml/pallets.txt", "w") as f:
    for i in range(1, 61):
        f.write(f"PAL-{i:04d};{random.randint(180, 900)}.{random.randint(0, 9)};{random.choice('yn')};{random.choice(['Duisburg', 'Basel', 'Milano'])}\n")
PY

# --- R: the lane-cost model as a package (testthat tests, R CMD check) and the monthly report script
mkdir -p r/harrowlanes/R r/harrowlanes/tests/testthat r/harrowlanes/man
cat > r/harrowlanes/DESCRIPTION <<'RD'
Package: harrowlanes
Title: Lane Cost Models for Harrow Freight
Version: 0.3.1
Authors@R: person("Ines", "Albrecht", email = "ines.albrecht@harrow.example", role = c("aut", "cre"))
Description: Fits and applies per-lane cost models to shipment data.
License: MIT
Encoding: UTF-8
Imports: stats
Suggests: testthat (>= 3.0.0)
Config/testthat/edition: 3
RD
cat > r/harrowlanes/NAMESPACE <<'RD'
export(lane_cost)
export(fit_lanes)
export(lane_summary)
export(parse_lane)
importFrom(stats, lm, coef, predict, median)
RD
cat > r/harrowlanes/R/lanes.R <<'RD'
parse_lane <- function(x) {
  parts <- strsplit(x, "-", fixed = TRUE)
  data.frame(from = sapply(parts, `[`, 1), to = sapply(parts, `[`, 2))
}

fit_lanes <- function(shipments) {
  lanes <- split(shipments, shipments$lane)
  lapply(lanes, function(d) lm(cost ~ kg + km, data = d))
}

lane_cost <- function(models, lane, kg, km) {
  m <- models[[lane]]
  if (is.null(m)) stop("no model for lane ", lane)
  unname(predict(m, newdata = data.frame(kg = kg, km = km)))
}

lane_summary <- function(shipments) {
  agg <- aggregate(cost ~ lane, data = shipments, FUN = median)
  agg$per_kg <- agg$cost / tapply(shipments$kg, shipments$lane, median)
  agg[order(-agg$per_kg), ]
}

margin <- function(price, cost) (price - cost) / price
RD
cat > r/harrowlanes/man/lane_cost.Rd <<'RD'
\name{lane_cost}
\alias{lane_cost}
\title{Cost of a shipment on a lane}
\usage{lane_cost(models, lane, kg)}
\arguments{
  \item{models}{models from \code{fit_lanes}}
  \item{lane}{lane name such as \code{"NL-DE"}}
  \item{kg}{weight}
}
\value{The predicted cost.}
RD
cat > r/harrowlanes/tests/testthat.R <<'RD'
library(testthat)
library(harrowlanes)
test_check("harrowlanes")
RD
python3 - <<'PY'
import random
random.seed(11)
rows = ["lane,kg,km,cost"]
lanes = {"NL-DE": 230, "DE-CH": 540, "CH-IT": 330, "BE-FR": 310, "PL-DE": 590, "IT-AT": 420}
for i in range(180):
    lane = random.choice(list(lanes))
    kg = random.randint(200, 12000)
    km = lanes[lane] + random.randint(-20, 20)
    cost = round(90 + kg * 0.031 + km * 0.84 + random.gauss(0, 25), 2)
    rows.append(f"{lane},{kg},{km},{cost}")
rows.append("DE-CH,,545,402.10")
rows.append("NL-DE,1800,231,n/a")
open("r/shipments.csv", "w").write("\n".join(rows) + "\n")
tests = '''
ship <- read.csv(test_path("..", "..", "..", "shipments.csv"))

test_that("lanes parse into from and to", {
  expect_equal(parse_lane(c("NL-DE", "CH-IT"))$to, c("DE", "IT"))
})

test_that("a lane name with a country subdivision parses", {
  expect_equal(parse_lane("DE-BY-AT")$to, "AT")
})

test_that("one model per lane", {
  models <- fit_lanes(ship)
  expect_length(models, 6)
})

test_that("cost grows with weight", {
  models <- fit_lanes(ship)
  expect_gt(lane_cost(models, "NL-DE", 5000, 230), lane_cost(models, "NL-DE", 1000, 230))
})

test_that("the NL-DE rate is near 0.031 per kg", {
  models <- fit_lanes(ship)
  expect_equal(unname(coef(models[["NL-DE"]])["kg"]), 0.031, tolerance = 1e-3)
})

test_that("an unknown lane is an error", {
  expect_error(lane_cost(fit_lanes(ship), "FR-ES", 1000, 800), "no model for lane FR-ES")
})

test_that("cost of a pallet on DE-CH", {
  models <- fit_lanes(ship)
  expect_equal(round(lane_cost(models, "DE-CH", 1000, 540)), 612)
})

test_that("summary is ordered by cost per kg", {
  s <- lane_summary(ship)
  expect_true(all(diff(s$per_kg) <= 0))
  expect_equal(s$lane[1], "NL-DE")
})

test_that("summary has one row per lane", {
  expect_equal(nrow(lane_summary(ship)), 6)
})

test_that("cost is numeric", {
  expect_type(ship$cost, "double")
})
'''
open("r/harrowlanes/tests/testthat/test-lanes.R", "w").write(tests.lstrip())
PY
cat > r/report.R <<'RD'
suppressPackageStartupMessages(library(stats))
ship <- read.csv("shipments.csv", stringsAsFactors = FALSE)
ship$cost <- as.numeric(ship$cost)
monthly_report <- function(ship) {
  by_lane <- split(ship, ship$lane)
  rows <- lapply(names(by_lane), function(l) lane_row(l, by_lane[[l]]))
  do.call(rbind, rows)
}
lane_row <- function(lane, d) {
  fit <- lm(cost ~ kg, data = d)
  per_kg <- coef(fit)[["kg"]]
  target <- targets[[lane]]
  data.frame(lane = lane, n = nrow(d), per_kg = per_kg, gap = per_kg - target)
}
targets <- list("NL-DE" = 0.030, "DE-CH" = 0.032, "CH-IT" = 0.031, "BE-FR" = 0.030, "PL-DE" = 0.029)
print(head(ship[order(-ship$kg), ], 3))
r <- monthly_report(ship)
print(r)
RD

# --- Lua: the depot's label printer module, its busted specs, and the batch that crashes
mkdir -p lua/src/harrow lua/spec
cat > lua/src/harrow/label.lua <<'LUA'
local M = {}

local ZONES = { DE = "EU", NL = "EU", BE = "EU", FR = "EU", IT = "EU", GB = "UK", CH = "EFTA" }

function M.zone(country)
  return ZONES[country:upper()]
end

function M.barcode(id)
  local digits = id:gsub("%D", "")
  local sum = 0
  for i = 1, #digits do
    local d = tonumber(digits:sub(i, i))
    sum = sum + (i % 2 == 0 and d * 3 or d)
  end
  return digits .. tostring((10 - sum % 10) % 10)
end

function M.render(shipment)
  local lines = {
    string.format("%-12s %s", shipment.id, M.zone(shipment.country)),
    string.format("%s, %s %s", shipment.address.street, shipment.address.zip, shipment.address.city),
    string.format("%.1f kg  %d pcs", shipment.kg, shipment.pieces),
  }
  return table.concat(lines, "\n")
end

function M.split(kg, max)
  local parts = {}
  while kg > 0 do
    parts[#parts + 1] = math.min(kg, max)
    kg = kg - max
  end
  return parts
end

return M
LUA
cat > lua/spec/label_spec.lua <<'LUA'
package.path = "src/?.lua;" .. package.path
local label = require("harrow.label")

describe("harrow.label", function()
  describe("zone", function()
    it("knows Germany", function() assert.are.equal("EU", label.zone("de")) end)
    it("knows the UK", function() assert.are.equal("UK", label.zone("GB")) end)
    it("knows Austria", function() assert.are.equal("EU", label.zone("AT")) end)
    it("knows Norway", function() assert.are.equal("EFTA", label.zone("NO")) end)
  end)

  describe("barcode", function()
    it("appends a check digit", function() assert.are.equal("4006381333931", label.barcode("400638133393")) end)
    it("strips the prefix", function() assert.are.equal("12345670", label.barcode("HRW-1234567")) end)
    it("handles an empty id", function() assert.are.equal("0", label.barcode("")) end)
    it("handles a numeric id", function() assert.are.equal("00", label.barcode(0)) end)
  end)

  describe("render", function()
    local s = { id = "HRW-00417", country = "DE", kg = 812.5, pieces = 3,
                address = { street = "Hafenstr. 12", zip = "47119", city = "Duisburg" } }
    it("renders three lines", function()
      assert.are.equal("HRW-00417    EU\nHafenstr. 12, 47119 Duisburg\n812.5 kg  3 pcs", label.render(s))
    end)
    it("renders a shipment to Norway", function()
      local n = { id = "HRW-00431", country = "NO", kg = 40, pieces = 1,
                  address = { street = "Kaigata 3", zip = "5016", city = "Bergen" } }
      assert.matches("EFTA", label.render(n))
    end)
    it("renders a shipment without an address", function()
      local n = { id = "HRW-00432", country = "NL", kg = 12, pieces = 1 }
      assert.has_no.errors(function() label.render(n) end)
    end)
    it("renders fractional pieces", function()
      local n = { id = "HRW-00433", country = "FR", kg = 12, pieces = 1.5,
                  address = { street = "Quai 1", zip = "69002", city = "Lyon" } }
      assert.truthy(label.render(n))
    end)
  end)

  describe("split", function()
    it("splits 2500 kg into 1000 kg parts", function()
      assert.are.same({ 1000, 1000, 500 }, label.split(2500, 1000))
    end)
    it("keeps a light shipment whole", function() assert.are.same({ 300 }, label.split(300, 1000)) end)
    it("splits 0.3 t into 0.1 t parts", function() assert.are.same({ 0.1, 0.1, 0.1 }, label.split(0.3, 0.1)) end)
  end)
end)
LUA
cat > lua/batch.lua <<'LUA'
package.path = "src/?.lua;" .. package.path
local label = require("harrow.label")

local function load(path)
  local out = {}
  for line in io.lines(path) do
    local id, country, kg, pieces, street, zip, city = line:match("^([^;]*);([^;]*);([^;]*);([^;]*);([^;]*);([^;]*);([^;]*)$")
    out[#out + 1] = { id = id, country = country, kg = tonumber(kg), pieces = tonumber(pieces),
                      address = street ~= "" and { street = street, zip = zip, city = city } or nil }
  end
  return out
end

local function print_all(shipments)
  for i, s in ipairs(shipments) do
    io.write(label.render(s), "\n---\n")
  end
end

print_all(load("today.txt"))
LUA
python3 - <<'PY2'
def gs1(d):
    s = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(reversed(d)))
    return d + str((10 - s % 10) % 10)
ids = ["4006381333931"[:12], "9638507", "HRW-5012345", "HRW-73513537", "0123456", "HRW-40170725", "96385074",
       "5901234123457"[:12], "HRW-2904150", "8712345", "HRW-00417", "HRW-00418", "HRW-004190", "50123452",
       "7350053", "HRW-1234567", "HRW-98765432", "4012345"]
cases = "\n".join(f'    it("check digit of {i}", function() assert.are.equal("{gs1("".join(c for c in i if c.isdigit()))}", label.barcode("{i}")) end)' for i in ids)
open("lua/spec/barcode_spec.lua", "w").write(f"""package.path = "src/?.lua;" .. package.path
local label = require("harrow.label")

describe("barcodes of the label printer", function()
  describe("GS1 check digits", function()
{cases}
  end)
end)
""")
PY2
printf '%s\n' 'HRW-00417;DE;812.5;3;Hafenstr. 12;47119;Duisburg' 'HRW-00418;NL;40;1;Kade 4;3011;Rotterdam' 'HRW-00419;BE;120;2;;;' 'HRW-00420;FR;75;1;Quai 1;69002;Lyon' > lua/today.txt

# --- C#: the dispatch service after Shipment.Weight became WeightKg and ICarrier gained a method;
# and the settlement tool that dies on a bad carrier file
mkdir -p cs/Dispatch/Carriers cs/Settle
python3 - <<'PY'
import textwrap
W = lambda p, s: open(p, "w").write(textwrap.dedent(s).lstrip())
W("cs/Dispatch/Shipment.cs", """
    using System;
    namespace Harrow.Dispatch
    {
        public class Shipment
        {
            public string Id { get; set; }
            public decimal WeightKg { get; set; }
            public string Country { get; set; }
            public int Pieces { get; set; }
            public DateTime ReadyAt { get; set; }
        }

        public interface ICarrier
        {
            string Code { get; }
            decimal Quote(Shipment s);
            bool Accepts(Shipment s);
            TimeSpan TransitTime(string country);
        }
    }
    """)
carriers = ["Alder", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Ginkgo", "Hazel", "Juniper", "Larch",
            "Maple", "Nettle", "Oak", "Poplar", "Rowan", "Spruce", "Tamarack", "Willow", "Yew", "Zelkova",
            "Aspen", "Beech", "Cypress", "Hemlock", "Hickory", "Laurel", "Linden", "Magnolia", "Mulberry",
            "Olive", "Pecan", "Redwood", "Sequoia", "Sumac", "Sycamore", "Walnut", "Acacia", "Banyan"]
for i, c in enumerate(carriers):
    extra = ""
    if i % 4 == 0:
        extra += """
            public string Label(Shipment s)
            {
                int retries;
                var unusedZone = "EU";
                return s.Id + " " + s.Country;
            }
    """
    if i % 5 == 2:
        extra += """
            public decimal Fuel(Shipment s)
            {
                return Quote(s) * 0.18;
            }
    """
    if i % 7 == 3:
        extra += """
            public bool Heavy(Shipment s) => s.Weight > MaxKg;
    """
    W(f"cs/Dispatch/Carriers/{c}.cs", f"""
    using System;
    using System.Linq;
    using System.Collections.Generic;
    namespace Harrow.Dispatch.Carriers
    {{
        public class {c}Carrier : ICarrier
        {{
            const decimal MaxKg = {1000 + 250 * i}m;
            static readonly string[] Countries = {{ "DE", "NL", "BE"{', "GB"' if i % 3 == 0 else ''} }};
            public string Code => "{c[:3].upper()}";
            public decimal Quote(Shipment s)
            {{
                return s.Weight * {0.30 + i / 100:.2f}m + {20 + i}m;
            }}
            public bool Accepts(Shipment s)
            {{
                return Countries.Contains(s.Country) && s.Weight <= MaxKg;
            }}
    {extra}
        }}
    }}
    """)
W("cs/Dispatch/Planner.cs", """
    using System;
    using System.Linq;
    using System.Collections.Generic;
    namespace Harrow.Dispatch
    {
        public class Planner
        {
            readonly List<ICarrier> carriers;
            public Planner(IEnumerable<ICarrier> carriers) { this.carriers = carriers.ToList(); }
            public ICarrier Cheapest(Shipment s)
            {
                return carriers.Where(c => c.Accepts(s)).OrderBy(c => c.Quote(s)).First();
            }
            public decimal TotalWeight(IEnumerable<Shipment> all) => all.Sum(s => s.Weight);
            public string Summary(Shipment s)
            {
                var c = Cheapest(s);
                return $"{s.Id}: {c.Code} {c.Quote(s):F2} EUR, {c.TransitTime(s.Country).TotalHours} h";
            }
        }
    }
    """)
W("cs/Settle/Settle.cs", """
    using System;
    using System.Collections.Generic;
    using System.Globalization;
    using System.IO;
    using System.Linq;
    using System.Threading.Tasks;

    namespace Harrow.Settle
    {
        class CarrierFileException : Exception
        {
            public CarrierFileException(string message, Exception inner) : base(message, inner) { }
        }

        static class Program
        {
            static Dictionary<string, decimal> LoadRates(string path)
            {
                var rates = new Dictionary<string, decimal>();
                foreach (var line in File.ReadLines(path).Skip(1))
                {
                    var cells = line.Split(';');
                    rates.Add(cells[0], decimal.Parse(cells[1], CultureInfo.InvariantCulture));
                }
                return rates;
            }

            static decimal Settle(string carrier, Dictionary<string, decimal> rates, IEnumerable<string[]> lines)
            {
                decimal total = 0;
                foreach (var l in lines)
                    total += rates[l[1]] * decimal.Parse(l[2], CultureInfo.InvariantCulture);
                return total;
            }

            static async Task<decimal> SettleFile(string carrier)
            {
                await Task.Yield();
                try
                {
                    var rates = LoadRates($"rates/{carrier}.csv");
                    var lines = File.ReadLines($"lines/{carrier}.csv").Skip(1).Select(l => l.Split(';'));
                    return Settle(carrier, rates, lines);
                }
                catch (Exception e)
                {
                    throw new CarrierFileException($"settling {carrier} failed", e);
                }
            }

            static void Main(string[] args)
            {
                var carriers = new[] { "alder", "birch", "cedar", "dogwood", "elm", "fir", "gorse" };
                var tasks = carriers.Select(SettleFile).ToArray();
                Task.WaitAll(tasks);
                for (int i = 0; i < carriers.Length; i++)
                    Console.WriteLine($"{carriers[i]}: {tasks[i].Result:F2}");
            }
        }
    }
    """)
import os
os.makedirs("cs/Settle/rates"); os.makedirs("cs/Settle/lines")
for c, rates, lines in [
    ("alder", [("A", "0.31"), ("B", "0.29")], [("HRW-1", "A", "120"), ("HRW-2", "B", "80")]),
    ("birch", [("A", "0.33"), ("A", "0.35")], [("HRW-3", "A", "40")]),
    ("cedar", [("A", "0.30"), ("C", "0.27")], [("HRW-4", "A", "10"), ("HRW-5", "D", "12")]),
    ("dogwood", [("A", "0,32")], [("HRW-6", "A", "5")]),
    ("elm", [("A", "0.30")], [("HRW-7", "A", "5"), ("HRW-8", "A", "")]),
    ("fir", [("A", "0.28"), ("B", "0.26")], [("HRW-9", "B", "7")]),
]:
    open(f"cs/Settle/rates/{c}.csv", "w").write("band;rate\n" + "".join(f"{a};{b}\n" for a, b in rates))
    open(f"cs/Settle/lines/{c}.csv", "w").write("id;band;kg\n" + "".join(";".join(x) + "\n" for x in lines))
PY

# --- Perl: the customs declaration exporter (warnings on every row, then Carp's confess)
mkdir -p pl/lib/Harrow
cat > pl/lib/Harrow/Customs.pm <<'PL'
package Harrow::Customs;
use strict;
use warnings;
use Carp qw(confess carp);

my %HS = (furniture => '9403', machinery => '8479', textiles => '6307', ceramics => '6912');

sub new { my ($class, %args) = @_; return bless { rows => [], %args }, $class }

sub hs_code {
    my ($self, $goods) = @_;
    my $code = $HS{ lc $goods };
    carp "no HS code for goods '$goods'" unless defined $code;
    return $code;
}

sub add {
    my ($self, $row) = @_;
    my $line = sprintf "%s|%s|%s|%.2f|%s", $row->{id}, $self->hs_code($row->{goods}),
        $row->{origin}, $row->{value} / $row->{qty}, uc $row->{incoterm};
    push @{ $self->{rows} }, $line;
    return $line;
}

sub declare {
    my ($self, $dest) = @_;
    confess "declaration for $dest has rows without an HS code"
        if grep { /^[^|]*\|\|/ } @{ $self->{rows} };
    return join "\n", @{ $self->{rows} };
}
1;
PL
cat > pl/export.pl <<'PL'
#!/usr/bin/perl
use strict;
use warnings;
use lib 'lib';
use Harrow::Customs;

sub read_rows {
    my ($path) = @_;
    open my $fh, '<', $path or die "cannot open $path: $!";
    my $head = <$fh>;
    chomp(my @cols = split /,/, $head);
    my @rows;
    while (my $l = <$fh>) {
        chomp $l;
        my %r;
        @r{@cols} = split /,/, $l;
        push @rows, \%r;
    }
    return @rows;
}

sub export_for {
    my ($dest, @rows) = @_;
    my $c = Harrow::Customs->new(dest => $dest);
    $c->add($_) for grep { $_->{dest} eq $dest } @rows;
    return $c->declare($dest);
}

my @rows = read_rows('shipments.csv');
for my $dest (qw(GB CH NO)) {
    print "== $dest\n", export_for($dest, @rows), "\n";
}
PL
python3 - <<'PY'
import random
random.seed(3)
goods = ["furniture", "machinery", "textiles", "ceramics", "Furniture", "glassware"]
with open("pl/shipments.csv", "w") as f:
    f.write("id,dest,goods,origin,value,qty,incoterm\n")
    for i in range(1, 181):
        dest = ["GB", "CH", "NO"][i % 3]
        g = goods[i % 6] if i not in (20, 26) else "machinery"
        inc = "dap" if i % 5 else ""
        qty = str(random.randint(1, 40))
        f.write(f"HRW-{i + 400:05d},{dest},{g},{random.choice(['DE', 'NL', 'IT'])},{random.randint(300, 9000)},{qty},{inc}\n")
PY

# --- Go: the weight-note parser and its fuzz test
mkdir -p go/weight
cat > go/go.mod <<'GO'
module harrow.example/weight

go 1.19
GO
cat > go/weight/parse.go <<'GO'
// Package weight parses the weight notes drivers type into the handheld ("812.5kg", "1,2 t", "40 lb").
package weight

import (
	"fmt"
	"strconv"
	"strings"
)

var units = map[string]float64{"kg": 1, "t": 1000, "lb": 0.45359237, "g": 0.001}

// Parse returns the weight in kilograms.
func Parse(note string) (float64, error) {
	s := strings.TrimSpace(strings.ToLower(note))
	i := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' && r != ',' })
	num, unit := s[:i], strings.TrimSpace(s[i:])
	num = strings.Replace(num, ",", ".", 1)
	v, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, fmt.Errorf("weight %q: %w", note, err)
	}
	f, ok := units[unit]
	if !ok {
		return 0, fmt.Errorf("weight %q: unknown unit %q", note, unit)
	}
	return v * f, nil
}
GO
cat > go/weight/parse_test.go <<'GO'
package weight

import (
	"math"
	"testing"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
	}{{"812.5kg", 812.5}, {"1,2 t", 1200}, {"40 lb", 18.1436948}, {" 7 KG ", 7}} {
		got, err := Parse(c.in)
		if err != nil || math.Abs(got-c.want) > 1e-6 {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"812.5kg", "1,2 t", "40 lb", "12 g"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, note string) {
		v, err := Parse(note)
		if err == nil && (v < 0 || math.IsNaN(v)) {
			t.Errorf("Parse(%q) = %v", note, v)
		}
	})
}
GO

# --- Scala: the rate engine after Money became a case class of (cents: Long, currency: String), and the band report
mkdir -p scala/src scala/out scala/out2
python3 - <<'PY'
import textwrap, os
W = lambda p, s: open(p, "w").write(textwrap.dedent(s).lstrip())
os.makedirs("scala/report", exist_ok=True)
W("scala/report/Report.scala", """
    package harrow.report

    sealed trait Band
    case object A extends Band
    case object B extends Band
    case object C extends Band
    case object D extends Band

    object Report {
      def band(kg: Int): Band = if (kg <= 50) A else if (kg <= 250) B else if (kg <= 1000) C else D
      def label(b: Band): String = b match {
        case A => "light"
        case B => "medium"
        case C => "heavy"
      }
      def main(args: Array[String]): Unit = {
        val weights = List(12, 80, 640, 990, 1450, 30)
        weights.groupBy(w => label(band(w))).toList.sortBy(_._1).foreach { case (l, ws) => println(s"$l: ${ws.mkString(", ")}") }
      }
    }
    """)
W("scala/src/Money.scala", """
    package harrow.rates

    case class Money(cents: Long, currency: String) {
      def +(o: Money): Money = { require(o.currency == currency, s"cannot add ${o.currency} to $currency"); Money(cents + o.cents, currency) }
      def *(f: Double): Money = Money(math.round(cents * f), currency)
    }
    object Money {
      val Zero = Money(0L, "EUR")
    }
    """)
W("scala/src/Tariff.scala", """
    package harrow.rates

    sealed trait Band
    case object A extends Band
    case object B extends Band
    case object C extends Band
    case object D extends Band

    class Tariff(rates: Map[(Band, String), Double]) {
      def band(kg: Double): Band = kg match {
        case w if w <= 50 => A
        case w if w <= 250 => B
        case _ => C
      }
      def label(b: Band): String = b match {
        case A => "light"
        case B => "medium"
        case C => "heavy"
      }
      def price(kg: Double, zone: String): Money = Money(rates((band(kg), zone)) * kg)
      def priceAll(items: List[(Double, String)]): Money = items.map { case (kg, z) => price(kg, z) }.sum
    }
    """)
W("scala/src/Invoice.scala", """
    package harrow.rates

    case class Line(desc: String, amount: Money)
    case class Invoice(number: String, customer: String, lines: List[Line]) {
      def total: Money = lines.foldLeft(Money.Zero)(_ + _.amount)
      def vat(rate: Double): Money = total * rate
      def totalCents: Int = total.cents
      def byCurrency: Map[String, Money] = lines.groupBy(_.amount.currency).mapValues(_.map(_.amount).reduce(_ + _))
      def summary = s"$number $customer ${total.euros}"
    }
    """)
W("scala/src/Ledger.scala", """
    package harrow.rates

    import scala.collection.mutable

    class Ledger {
      private val entries = mutable.ArrayBuffer.empty[(String, Money, String)]
      def post(account: String, amount: Money, ref: String): Unit = entries += ((account, amount, ref))
      def balance(account: String): Money = entries.filter(_._1 == account).map(_._2).foldLeft(Money.Zero)(_ + _)
      def reconcile(bank: Map[String, Long]): List[String] =
        bank.toList.flatMap { case (ref, cents) =>
          entries.find(_._3 == ref) match {
            case Some((_, m, _)) if m.cents != cents => Some(s"$ref: ledger ${m.cents}, bank $cents")
            case None => Some(s"$ref: not in ledger")
          }
        }
      def post(account: String, cents: Long, ref: String): Unit = post(account, Money(cents), ref)
    }
    """)
W("scala/src/Main.scala", """
    package harrow.rates

    object Main {
      def main(args: Array[String]): Unit = {
        val t = new Tariff(Map((A, "EU") -> 4.0, (B, "EU") -> 3.0, (C, "EU") -> 2.0))
        val inv = Invoice("HRW-2026-00417", "Voss Logistik GmbH", List(Line("Freight", t.price(120, "EU"))))
        val l = new Ledger
        l.post("1200", inv.total, inv.number)
        println(inv.summary)
        println(l.reconcile(Map("HRW-2026-00417" -> 36000L, "HRW-2026-00391" -> 7300)))
        val late: Option[Int] = args.headOption.map(_.toInt)
        println(late.getOrElse("none") + 1)
      }
    }
    """)
PY
