/**
 * apt's simulated plan (`apt-get install -s`): an `Inst` line per package, where one that
 * replaces an installed version names it in brackets (`Inst libpcre2-8-0 [10.42-1]
 * (10.42-1+deb12u2 Debian-Security:12/oldstable-security [amd64])`). Among hundreds of new
 * packages, the few that change what is installed already are what the plan does to the
 * system (from which version to which); where most lines are such (`apt-get -s upgrade`),
 * they are the plan itself, and none stands out. A plan's removals (`Remv`, `Purg`) are
 * among its lines too: six upgrades beside ninety removals stand out as much as beside
 * ninety new packages. Pure; aptExcerpt makes them facts.
 */

/** An `Inst` line naming the version it replaces. */
const REPLACES = /^Inst \S+ \[[^\]]+\] \(/;

/** The upgrades stand out when they are at most this share of the plan's lines. */
const SHARE = 0.1;

/** The `Inst` lines that replace an installed version, when they are few among the plan's lines; [] otherwise. */
export function aptUpgrades(lines: readonly string[]): number[] {
  let installs = 0;
  const upgrades: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith("Remv ") || line.startsWith("Purg ")) installs++;
    if (!line.startsWith("Inst ")) continue;
    installs++;
    if (REPLACES.test(line)) upgrades.push(i);
  }
  return upgrades.length <= installs * SHARE ? upgrades : [];
}
