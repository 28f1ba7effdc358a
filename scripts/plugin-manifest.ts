// Writes the plugin's hooks/hooks.json from the install plan, so `cairn install` and
// the plugin register exactly the same hooks. Run: npx node scripts/plugin-manifest.ts
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pluginHooks } from "../src/claude/install-plan.ts";

export function pluginHooksJson(): string {
  return `${JSON.stringify(pluginHooks(), null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(join(import.meta.dirname, "..", "hooks", "hooks.json"), pluginHooksJson());
  console.log("wrote hooks/hooks.json");
}
