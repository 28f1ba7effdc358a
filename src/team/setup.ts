import type { Config } from "../config/schema.ts";
import type { CairnPaths } from "../core/paths.ts";
import { type Machine, machineIdentity, type ProjectIdentity, projectIdentity } from "./identity.ts";
import { teamUrl } from "./url.ts";

/** Team memory as configured for one project: off, or on with its server and identities. */
export type TeamSetup =
  | { readonly on: false; readonly why: string }
  | {
      readonly on: true;
      readonly url: string;
      readonly project: ProjectIdentity | undefined;
      readonly machine: Machine;
    };

export function teamSetup(
  config: Config,
  env: NodeJS.ProcessEnv,
  paths: CairnPaths,
  projectDir: string | undefined,
): TeamSetup {
  const url = teamUrl(config["team.url"], env);
  if (!url) return { on: false, why: "team.url is not set (in ~/.cairn/config.yaml)" };
  return {
    on: true,
    url,
    project: projectDir ? projectIdentity(projectDir, config["team.project"]) : undefined,
    machine: machineIdentity(paths, env),
  };
}
