#!/usr/bin/env bash
# The fresh28 set (bench/corpus/fresh28/): the front-end and monorepo tools a JS/TS engineer runs
# daily, in shapes no earlier set holds: next build failing on lint and then on types, vite build
# failing in a plugin and succeeding with many chunks, vue-tsc, svelte-check, tailwindcss, tsup's
# declaration build, turbo over a workspace with one failing package, changesets, size-limit,
# depcheck, publint, tsx's stack trace through source maps, npm explain, npm pack --dry-run.
# A monorepo of a harbour-logistics web team (Harbor): apps/web (Next 14), apps/site (Vue 3 on
# Vite), apps/admin (Svelte 5 on Vite), packages/core, packages/utils and packages/ui (tsup,
# Tailwind 3). Everything comes from the npm registry at install time and runs offline after.
set -euo pipefail
ROOT="$1"
cd "$ROOT"
rm -rf harbor && mkdir -p harbor && cd harbor
export NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1

cat > package.json <<'J'
{
  "name": "harbor",
  "private": true,
  "packageManager": "npm@11.19.1",
  "workspaces": ["packages/*", "apps/*"],
  "scripts": { "build": "turbo run build", "size": "size-limit" },
  "devDependencies": {
    "turbo": "2.5.8",
    "@changesets/cli": "2.29.7",
    "tsx": "4.20.6",
    "size-limit": "11.2.0",
    "@size-limit/file": "11.2.0",
    "depcheck": "1.4.7",
    "publint": "0.3.14",
    "typescript": "5.6.3"
  },
  "size-limit": [
    { "name": "core (esm)", "path": "packages/core/dist/index.js", "limit": "2 kB" },
    { "name": "utils (esm)", "path": "packages/utils/dist/index.js", "limit": "500 B" },
    { "name": "utils (cjs)", "path": "packages/utils/dist/index.cjs", "limit": "500 B" },
    { "name": "ui css", "path": "packages/ui/dist/ui.css", "limit": "4 kB" },
    { "name": "site bundle", "path": "apps/site/dist/assets/*.js", "limit": "60 kB" },
    { "name": "admin bundle", "path": "apps/admin/dist/assets/*.js", "limit": "20 kB" }
  ]
}
J
cat > turbo.json <<'J'
{
  "$schema": "https://turbo.build/schema.json",
  "tasks": {
    "build": { "dependsOn": ["^build"], "outputs": ["dist/**", ".next/**", "!.next/cache/**"] },
    "typecheck": { "dependsOn": ["^build"] }
  }
}
J
cat > tsconfig.base.json <<'J'
{ "compilerOptions": { "target": "ES2022", "module": "ESNext", "moduleResolution": "Bundler", "strict": true,
  "skipLibCheck": true, "esModuleInterop": true, "declaration": true, "isolatedModules": true } }
J
mkdir -p packages/utils/src packages/core/src packages/ui/src apps scripts .changeset

# --- packages/utils: small helpers, builds
cat > packages/utils/package.json <<'J'
{ "name": "@harbor/utils", "version": "1.4.2", "type": "module",
  "main": "./dist/index.cjs", "module": "./dist/index.js", "types": "./dist/index.d.ts",
  "exports": { ".": { "import": "./dist/index.js", "require": "./dist/index.cjs" } },
  "files": ["dist", "src"],
  "scripts": { "build": "tsup src/index.ts --format esm,cjs --dts --sourcemap", "typecheck": "tsc --noEmit" },
  "dependencies": { "date-fns": "4.1.0", "lodash-es": "4.17.21" },
  "devDependencies": { "tsup": "8.5.0" } }
J
cat > packages/utils/tsconfig.json <<'J'
{ "extends": "../../tsconfig.base.json", "include": ["src"] }
J
cat > packages/utils/src/index.ts <<'T'
import { format, parseISO, differenceInHours } from "date-fns";
export function berthWindow(arrival: string, departure: string): string {
  const a = parseISO(arrival);
  const d = parseISO(departure);
  return `${format(a, "dd MMM HH:mm")} to ${format(d, "dd MMM HH:mm")} (${differenceInHours(d, a)} h)`;
}
export function teu(containers: { size: 20 | 40 }[]): number {
  return containers.reduce((n, c) => n + (c.size === 40 ? 2 : 1), 0);
}
export const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
T

# --- packages/core: the domain model; its declarations do not build (a type error tsup's dts step finds)
cat > packages/core/package.json <<'J'
{ "name": "@harbor/core", "version": "2.0.0-next.3", "type": "module",
  "main": "./dist/index.js", "types": "./dist/index.d.ts",
  "exports": { ".": { "types": "./dist/index.d.ts", "import": "./dist/index.js" }, "./package.json": "./package.json" },
  "scripts": { "build": "tsup src/index.ts --format esm --dts", "seed": "tsx src/seed.ts", "typecheck": "tsc --noEmit" },
  "dependencies": { "@harbor/utils": "*", "zod": "3.25.76", "nanoid": "5.1.6" },
  "devDependencies": { "tsup": "8.5.0" } }
J
cat > packages/core/tsconfig.json <<'J'
{ "extends": "../../tsconfig.base.json", "compilerOptions": { "sourceMap": true }, "include": ["src"] }
J
cat > packages/core/src/vessel.ts <<'T'
import { z } from "zod";
export const Vessel = z.object({
  imo: z.string().regex(/^IMO\d{7}$/),
  name: z.string().min(2),
  flag: z.string().length(2),
  loa: z.number().positive(),
  draft: z.number().positive(),
});
export type Vessel = z.infer<typeof Vessel>;
T
cat > packages/core/src/berth.ts <<'T'
import type { Vessel } from "./vessel";
export interface Berth { id: string; quay: "north" | "south" | "east"; maxLoa: number; maxDraft: number }
export interface Allocation { berth: Berth; vessel: Vessel; from: Date; to: Date }

export function fits(b: Berth, v: Vessel): boolean {
  return v.loa <= b.maxLoa && v.draft <= b.maxDraft;
}

export function allocate(berths: Berth[], v: Vessel, from: Date, hours: number): Allocation {
  const berth = berths.find((b) => fits(b, v));
  const to = new Date(from.getTime() + hours * 3600_000);
  // the quay of a berth that does not exist: undefined where a Berth is owed
  return { berth, vessel: v, from, to };
}

export function quayLoad(allocs: Allocation[]): Record<Berth["quay"], number> {
  const load = { north: 0, south: 0 };
  for (const a of allocs) load[a.berth.quay] += (a.to.getTime() - a.from.getTime()) / 3600_000;
  return load;
}
T
cat > packages/core/src/seed.ts <<'T'
import { readFileSync } from "node:fs";
import { Vessel } from "./vessel";
import { allocate, type Berth } from "./berth";

const berths: Berth[] = [
  { id: "N1", quay: "north", maxLoa: 300, maxDraft: 14.5 },
  { id: "N2", quay: "north", maxLoa: 220, maxDraft: 11 },
  { id: "S1", quay: "south", maxLoa: 400, maxDraft: 16 },
];

function loadManifest(path: string) {
  const rows = JSON.parse(readFileSync(path, "utf8")) as unknown[];
  return rows.map((r, i) => {
    const v = Vessel.safeParse(r);
    if (!v.success) throw new Error(`manifest row ${i}: ${v.error.issues.map((x) => `${x.path.join(".")} ${x.message}`).join("; ")}`);
    return v.data;
  });
}

function plan(path: string) {
  const vessels = loadManifest(path);
  const start = new Date("2026-12-01T06:00:00Z");
  return vessels.map((v, i) => {
    const a = allocate(berths, v, new Date(start.getTime() + i * 4 * 3600_000), 18);
    return `${a.berth.id.padEnd(4)} ${v.name}`;
  });
}

console.log(plan(process.argv[2] ?? "data/manifest.json").join("\n"));
T
mkdir -p packages/core/data
python3 - <<'PY'
import json, random
random.seed(28)
names = ["Maersk Elba","Ever Gentle","CMA CGM Tage","MSC Aurora","Hapag Essen","ONE Crane","Cosco Lima","Yang Ming Unity","HMM Oslo","Zim Kingston","Wan Hai 517","Evergreen Ace","Nordic Tern","Baltic Swift"]
rows = []
for i, n in enumerate(names):
    rows.append({"imo": f"IMO{9300000 + i*1379}", "name": n, "flag": random.choice(["DK","PA","LR","MT","SG","DE"]), "loa": random.choice([199.9, 294, 366, 399.9, 210]), "draft": random.choice([10.5, 13.2, 15.5, 16.0, 11.8])})
rows[6]["loa"] = 421.5  # longer than any berth
json.dump(rows, open("packages/core/data/manifest.json", "w"), indent=1)
PY
cat > packages/core/src/index.ts <<'T'
export * from "./vessel";
export * from "./berth";
export { nanoid as newId } from "nanoid";
T

# --- packages/ui: Tailwind 3 styles and a few class helpers
cat > packages/ui/package.json <<'J'
{ "name": "@harbor/ui", "version": "0.9.1", "type": "module", "main": "./dist/index.js",
  "types": "./dist/index.d.ts",
  "exports": { ".": { "import": "./dist/index.js", "types": "./dist/index.d.ts" }, "./ui.css": "./dist/ui.css" },
  "scripts": { "build": "tailwindcss -i src/ui.css -o dist/ui.css --minify && tsup src/index.ts --format esm" },
  "dependencies": { "clsx": "2.1.1", "@harbor/utils": "*" },
  "devDependencies": { "tailwindcss": "3.4.17", "autoprefixer": "10.4.21", "postcss": "8.5.6", "tsup": "8.5.0" } }
J
cat > packages/ui/tailwind.config.js <<'J'
export default {
  content: ["./src/**/*.{ts,tsx}", "../../apps/*/src/**/*.{vue,svelte,tsx}"],
  theme: { extend: { colors: { harbor: { 50: "#eef8ff", 500: "#1b6ca8", 900: "#0b2942" } } } },
};
J
cat > packages/ui/src/ui.css <<'C'
@tailwind base;
@tailwind components;
@tailwind utilities;

@layer components {
  .btn { @apply inline-flex items-center rounded-md px-3 py-1.5 text-sm font-medium; }
  .btn-primary { @apply btn bg-harbor-500 text-white hover:bg-harbor-900; }
  .badge-delayed { @apply rounded bg-amber-100 px-2 text-amber-800; }
  .berth-card { @apply rounded-lg border border-slate-200 p-4 shadow-sm bg-brand-500; }
}
C
cat > packages/ui/src/index.ts <<'T'
import clsx from "clsx";
export const button = (primary?: boolean) => clsx("btn", primary && "btn-primary");
T

# --- apps/web: Next 14 (app router) with ESLint's next/core-web-vitals
mkdir -p apps/web/app/vessels apps/web/components apps/web/public
cat > apps/web/package.json <<'J'
{ "name": "@harbor/web", "version": "0.1.0", "private": true,
  "scripts": { "build": "next build", "lint": "next lint", "typecheck": "tsc --noEmit" },
  "dependencies": { "next": "14.2.33", "react": "18.3.1", "react-dom": "18.3.1", "@harbor/core": "*", "@harbor/utils": "*" },
  "devDependencies": { "eslint": "8.57.1", "eslint-config-next": "14.2.33", "@types/react": "18.3.26", "@types/node": "22.18.12" } }
J
cat > apps/web/.eslintrc.json <<'J'
{ "extends": "next/core-web-vitals" }
J
cat > apps/web/next.config.mjs <<'J'
export default { transpilePackages: ["@harbor/core", "@harbor/utils"] };
J
cat > apps/web/tsconfig.json <<'J'
{ "compilerOptions": { "target": "ES2017", "lib": ["dom", "dom.iterable", "esnext"], "allowJs": true, "skipLibCheck": true,
  "strict": true, "noEmit": true, "esModuleInterop": true, "module": "esnext", "moduleResolution": "bundler",
  "resolveJsonModule": true, "isolatedModules": true, "jsx": "preserve", "incremental": true,
  "plugins": [{ "name": "next" }], "paths": { "@/*": ["./*"] } },
  "include": ["next-env.d.ts", "**/*.ts", "**/*.tsx", ".next/types/**/*.ts"], "exclude": ["node_modules"] }
J
cat > apps/web/app/layout.tsx <<'T'
export const metadata = { title: "Harbor" };
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (<html lang="en"><body>{children}</body></html>);
}
T
cat > apps/web/app/page.tsx <<'T'
import Link from "next/link";
export default function Home() {
  return (<main><h1>Harbor</h1><Link href="/vessels">Vessels</Link></main>);
}
T
python3 - <<'PY'
import os
quays = ["north","south","east","west","inner","outer"]
pages = ["arrivals","departures","berths","cranes","pilots","tugs","manifests","customs","reefers","hazmat","gates","yard","rail","invoices","tariffs","crews","weather","tides","alerts","reports","audits","settings","users","roles","carriers","agents","routes","schedules","delays","incidents","inspections","bunkering","waste","security"]
for i, p in enumerate(pages):
    d = f"apps/web/app/{p}"
    os.makedirs(d, exist_ok=True)
    T = p.capitalize()
    body = f'''"use client";
import {{ useEffect, useState }} from "react";
import {{ slug }} from "@harbor/utils";

export default function {T}Page({{ params }}: {{ params: {{ quay: string }} }}) {{
  const [rows, setRows] = useState<string[]>([]);
  const [filter, setFilter] = useState("");
  useEffect(() => {{
    fetch(`/api/{p}?q=${{filter}}&quay=${{params.quay}}`).then((r) => r.json()).then(setRows);
  }}, []);
'''
    if i % 3 == 0:
        body += f'''  if (rows.length === 0) {{
    const [loading] = useState(true);
    if (loading) return <p>Loading {p}...</p>;
  }}
'''
    body += f'''  return (
    <section>
      <h2>{T} at the harbour's {quays[i % len(quays)]} quay</h2>
'''
    if i % 2 == 0:
        body += f'''      <img src="/{p}.png" alt="{p}" />
'''
    if i % 4 == 1:
        body += f'''      <a href="/berths">All berths</a>
'''
    body += f'''      <input value={{filter}} onChange={{(e) => setFilter(e.target.value)}} />
      <ul>{{rows.map((r) => <li>{{slug(r)}}</li>)}}</ul>
    </section>
  );
}}
'''
    open(f"{d}/page.tsx","w").write(body)
PY
# a page with a type error only (the lint passes there): reached once the lint is fixed or skipped
cat > apps/web/app/vessels/page.tsx <<'T'
import { allocate, type Berth } from "@harbor/core";
import { teu } from "@harbor/utils";

const berths: Berth[] = [{ id: "N1", quay: "north", maxLoa: 300, maxDraft: 14.5 }];

export default function Vessels() {
  const a = allocate(berths, { imo: "IMO9300000", name: "Maersk Elba", flag: "DK", loa: 294, draft: "13.2" }, new Date(), 18);
  const load: number = teu([{ size: 20 }, { size: 45 }]);
  return (<main><h1>{a.vessel.name}</h1><p>{load} TEU at {a.berth.quay}</p></main>);
}
T

# --- apps/site: Vue 3 on Vite, type-checked by vue-tsc
mkdir -p apps/site/src/components apps/site/src/views
cat > apps/site/package.json <<'J'
{ "name": "@harbor/site", "version": "0.3.0", "private": true, "type": "module",
  "scripts": { "build": "vite build", "typecheck": "vue-tsc --noEmit" },
  "dependencies": { "vue": "3.5.22", "vue-router": "4.6.3", "@harbor/utils": "*", "@harbor/ui": "*" },
  "devDependencies": { "vite": "5.4.21", "@vitejs/plugin-vue": "5.2.4", "vue-tsc": "2.2.12" } }
J
cat > apps/site/vite.config.ts <<'J'
import { defineConfig } from "vite";
import vue from "@vitejs/plugin-vue";
export default defineConfig({ plugins: [vue()], build: { sourcemap: true } });
J
cat > apps/site/tsconfig.json <<'J'
{ "extends": "../../tsconfig.base.json", "compilerOptions": { "lib": ["ES2022", "DOM"], "jsx": "preserve", "noEmit": true },
  "include": ["src/**/*.ts", "src/**/*.vue"] }
J
cat > apps/site/index.html <<'H'
<!doctype html><html><body><div id="app"></div><script type="module" src="/src/main.ts"></script></body></html>
H
cat > apps/site/src/env.d.ts <<'T'
declare module "*.vue" { import type { DefineComponent } from "vue"; const c: DefineComponent<{}, {}, any>; export default c; }
T
python3 - <<'PY'
import os
views = ["Arrivals","Departures","Berths","Cranes","Pilots","Tugs","Manifests","Customs","Reefers","Hazmat","Gates","Yard","Rail","Invoices","Tariffs","Crews","Weather","Tides","Alerts","Reports","Audits","Carriers","Agents","Schedules"]
routes = []
for i, v in enumerate(views):
    props = "defineProps<{ quay: string; limit?: number }>()"
    script = f'''<script setup lang="ts">
import {{ ref, computed }} from "vue";
import {{ slug, teu }} from "@harbor/utils";
const props = {props};
interface Row {{ id: number; name: string; eta: string; containers: {{ size: 20 | 40 }}[] }}
const rows = ref<Row[]>([]);
const total = computed(() => rows.value.reduce((n, r) => n + teu(r.containers), 0));
'''
    if i % 2 == 0:
        script += f'''const first: Row = rows.value[0] ?? {{ id: "none", name: "{v}" }};
'''
    if i % 3 == 0:
        script += f'''const limit: string = props.limit;
'''
    if i % 5 == 0:
        script += f'''const label = slug(props.quay, "-");
'''
    script += "</script>\n"
    tmpl = f'''<template>
  <section class="berth-card">
    <h2>{v} ({{{{ total }}}} TEU)</h2>
    <ul>
      <li v-for="r in rows" :key="r.id">{{{{ r.name }}}} — {{{{ r.eta.toFixed(1) }}}}</li>
    </ul>
'''
    if i % 4 == 2:
        tmpl += f'''    <p>{{{{ props.quay.toUpperCase() }}}} {{{{ missingCount }}}}</p>
'''
    tmpl += "  </section>\n</template>\n"
    open(f"apps/site/src/views/{v}View.vue","w").write(script + tmpl)
    routes.append(f'  {{ path: "/{v.lower()}", component: () => import("./views/{v}View.vue") }},')
open("apps/site/src/main.ts","w").write('''import { createApp } from "vue";
import { createRouter, createWebHistory } from "vue-router";
import App from "./App.vue";
const routes = [
''' + "\n".join(routes) + '''
];
createApp(App).use(createRouter({ history: createWebHistory(), routes })).mount("#app");
''')
open("apps/site/src/App.vue","w").write('''<script setup lang="ts">
import { RouterView } from "vue-router";
</script>
<template><main><RouterView /></main></template>
''')
PY
# a broken template in one view, which the Vue plugin's compiler rejects at build time
cat > apps/site/src/components/QuayMap.vue <<'V'
<script setup lang="ts">
defineProps<{ quays: string[] }>();
</script>
<template>
  <svg viewBox="0 0 100 40">
    <g v-for="(q, i) in quays" :key="q">
      <rect :x="i * 20" y="5" width="18" height="30" />
      <text :x="i * 20 + 2" y="22">{{ q }}</text>
  </svg>
  <p v-if="quays.length > 4">Busy harbour</p>
</template>
V
sed -i 's|import App from "./App.vue";|import App from "./App.vue";\nimport QuayMap from "./components/QuayMap.vue";\nvoid QuayMap;|' apps/site/src/main.ts

# --- apps/admin: Svelte 5 on Vite, checked by svelte-check
mkdir -p apps/admin/src/lib
cat > apps/admin/package.json <<'J'
{ "name": "@harbor/admin", "version": "0.2.0", "private": true, "type": "module",
  "scripts": { "build": "vite build", "typecheck": "svelte-check --tsconfig ./tsconfig.json" },
  "dependencies": { "@harbor/core": "*", "@harbor/utils": "*" },
  "devDependencies": { "svelte": "5.41.0", "svelte-check": "4.3.3", "@sveltejs/vite-plugin-svelte": "4.0.4", "vite": "5.4.21" } }
J
cat > apps/admin/vite.config.ts <<'J'
import { defineConfig } from "vite";
import { svelte } from "@sveltejs/vite-plugin-svelte";
export default defineConfig({ plugins: [svelte()] });
J
cat > apps/admin/svelte.config.js <<'J'
import { vitePreprocess } from "@sveltejs/vite-plugin-svelte";
export default { preprocess: vitePreprocess() };
J
cat > apps/admin/tsconfig.json <<'J'
{ "extends": "../../tsconfig.base.json", "compilerOptions": { "lib": ["ES2022", "DOM"], "noEmit": true, "verbatimModuleSyntax": true, "types": ["svelte"] },
  "include": ["src/**/*.ts", "src/**/*.svelte"] }
J
cat > apps/admin/index.html <<'H'
<!doctype html><html><body><div id="app"></div><script type="module" src="/src/main.ts"></script></body></html>
H
python3 - <<'PY'
import os
comps = ["BerthTable","CraneRoster","PilotQueue","TugBoard","GateLog","YardGrid","RailSlots","InvoiceList","TariffEditor","CrewRota","TideChart","AlertFeed","AuditTrail","UserAdmin","RoleMatrix","CarrierForm","AgentList","RouteMap","DelayReport","IncidentForm"]
imports = []
for i, c in enumerate(comps):
    s = f'''<script lang="ts">
  import {{ slug }} from "@harbor/utils";
  import type {{ Berth }} from "@harbor/core";
  let {{ title, rows = [] }}: {{ title: string; rows?: Berth[] }} = $props();
  let selected = $state<Berth | null>(null);
  let count = $derived(rows.length);
'''
    if i % 2 == 0:
        s += f'''  let maxLoa: number = $derived(selected?.maxLoa);
'''
    if i % 3 == 0:
        s += f'''  function pick(id: number) {{ selected = rows.find((r) => r.id === id); }}
'''
    s += "</script>\n\n"
    s += f'''<h2>{{title}} ({{count}})</h2>
<table>
  {{#each rows as r}}
    <tr onclick={{() => (selected = r)}}><td>{{slug(r.id)}}</td><td>{{r.quay}}</td><td>{{r.maxLoa}}</td></tr>
  {{/each}}
</table>
'''
    if i % 4 == 1:
        s += f'''<img src="/icons/{c.lower()}.svg">
'''
    if i % 5 == 2:
        s += f'''<div on:click={{() => (selected = null)}}>clear</div>
'''
    if i % 3 == 1:
        s += f'''<p>{{selected.quay.toUpperCase()}}</p>
'''
    open(f"apps/admin/src/lib/{c}.svelte","w").write(s)
    imports.append(f'import {c} from "./lib/{c}.svelte";')
open("apps/admin/src/main.ts","w").write("import { mount } from \"svelte\";\n" + "\n".join(imports) + "\nfor (const C of [" + ", ".join(comps) + "]) mount(C, { target: document.getElementById(\"app\")!, props: { title: \"x\" } });\n")
PY

# --- changesets: one pending change set, and one package changed without any
cat > .changeset/config.json <<'J'
{ "$schema": "https://unpkg.com/@changesets/config@3.1.1/schema.json", "changelog": "@changesets/cli/changelog",
  "commit": false, "fixed": [], "linked": [], "access": "restricted", "baseBranch": "main",
  "updateInternalDependencies": "patch", "ignore": ["@harbor/web", "@harbor/site", "@harbor/admin"] }
J
cat > .changeset/brave-tugs-dance.md <<'M'
---
"@harbor/utils": minor
"@harbor/core": patch
---

berthWindow() prints the stay in hours
M

npm install --no-audit --no-fund --loglevel=error >/dev/null
git init -q -b main . && git add -A && git -c user.email=dev@harbor.test -c user.name=dev commit -qm "harbor: initial" 
# work since main: core and ui changed, no change set names ui
echo '// quay loads counted per berth' >> packages/core/src/berth.ts
echo '.quay-tag { @apply text-xs uppercase; }' >> packages/ui/src/ui.css
git checkout -q -b feature/quay-load && git add -A && git -c user.email=dev@harbor.test -c user.name=dev commit -qm "quay load per berth"
