// The templates' stylesheet holds every template's rules; a published page carries only those that
// can match it. The stylesheet is split into rules when the renderer is built (tooling/siteStyles.mjs),
// each selector with the class names it needs; a page runs no script, so a class its markup lacks
// never appears, and a selector needing one never matches.

/** One rule of the templates' stylesheet, as the build splits it. */
export interface StyleRule {
  /** The conditional at-rules around it, outermost first, e.g. `@media (max-width:600px)`. */
  within: readonly string[];
  /** Its selectors, each with the classes it needs; null for text kept on every page (@keyframes …). */
  selectors: readonly { text: string; classes: readonly string[] }[] | null;
  /** The declarations, or (without selectors) the whole text. */
  body: string;
}

/** The classes named in the markup's `class` attributes. */
function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, names = ''] of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of names.split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/** The stylesheet for `html`: the rules that can match it, in their order, in their at-rules. */
export function stylesFor(rules: readonly StyleRule[], html: string): string {
  const present = classesIn(html);
  let css = '';
  let open: readonly string[] = [];
  for (const rule of rules) {
    let text = rule.body;
    if (rule.selectors) {
      const kept = rule.selectors.filter((selector) => selector.classes.every((name) => present.has(name)));
      if (kept.length === 0) continue;
      text = `${kept.map((selector) => selector.text).join(',')}{${rule.body}}`;
    }
    if (open.join('\n') !== rule.within.join('\n')) {
      css += '}'.repeat(open.length) + rule.within.map((atRule) => `${atRule}{`).join('');
      open = rule.within;
    }
    css += text;
  }
  return css + '}'.repeat(open.length);
}
