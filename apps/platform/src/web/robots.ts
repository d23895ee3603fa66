/**
 * Robots rules of the domain SEO settings (§3, §9): a path matched by a `Disallow` line of the
 * group for every crawler (`User-agent: *`) is answered `noindex, follow`. Patterns follow the
 * robots.txt conventions: a prefix match, `*` for any run of characters, a final `$` anchors the
 * end; they are matched against path and query, so `Disallow: /*?*` marks every URL with a query.
 * An `Allow` line that matches longer (more specific) than the `Disallow` one wins, as crawlers do.
 */

interface Rule {
  allow: boolean;
  pattern: string;
  regex: RegExp;
}

function toRegex(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/** The Allow/Disallow rules that apply to every crawler (the `*` group, or ungrouped lines). */
export function parseRobots(text: string): Rule[] {
  const groups: { agents: string[]; rules: Rule[] }[] = [];
  const ungrouped: Rule[] = [];
  let current: { agents: string[]; rules: Rule[] } | null = null;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const field = match[1]!.toLowerCase();
    const value = match[2]!.trim();
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (field !== 'allow' && field !== 'disallow') continue;
    // An empty pattern (`Disallow:`) matches nothing.
    if (value === '') continue;
    const rule = { allow: field === 'allow', pattern: value, regex: toRegex(value) };
    (current ? current.rules : ungrouped).push(rule);
  }
  return [
    ...ungrouped,
    ...groups.filter((group) => group.agents.includes('*')).flatMap((group) => group.rules),
  ];
}

/** Whether some of the paths (path plus query) is disallowed by the robots text. */
export function isDisallowed(robots: string, targets: readonly string[]): boolean {
  const rules = parseRobots(robots);
  return targets.some((target) => {
    let best: Rule | null = null;
    for (const rule of rules) {
      if (!rule.regex.test(target)) continue;
      const longer = !best || rule.pattern.length > best.pattern.length;
      const tieAllow = best && rule.pattern.length === best.pattern.length && rule.allow;
      if (longer || tieAllow) best = rule;
    }
    return best !== null && !best.allow;
  });
}
