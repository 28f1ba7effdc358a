/**
 * A point in time as a person writes it on the command line: `HH:MM` (today, local),
 * an ISO date or date-time, or an age (`90m`, `2h`, `3d` ago). Null when unreadable.
 */
export function parseWhen(text: string, now: number): number | null {
  const t = text.trim();
  const age = /^(\d+)\s*(s|m|min|h|d)$/i.exec(t);
  if (age) {
    const unit = { s: 1, m: 60, min: 60, h: 3600, d: 86_400 }[age[2]!.toLowerCase() as "s"]!;
    return now - Number(age[1]) * unit * 1000;
  }
  const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (clock) {
    const d = new Date(now);
    d.setHours(Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0), 0);
    return Number(clock[1]) > 23 || Number(clock[2]) > 59 ? null : d.getTime();
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(t)) {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}
