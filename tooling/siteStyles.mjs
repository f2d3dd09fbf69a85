// The templates' stylesheet split into rules for the page renderer (templates/src/render/pageStyles.ts):
// each selector with the classes it needs on the page, so that a page inlines only the rules that can
// match it (its own template's, not all four). Done when the renderer is built, so publishing parses
// no CSS.
import postcss from 'postcss';
import selectorParser from 'postcss-selector-parser';

/** At-rules whose rules apply only under a condition: their rules are split like the top level's. */
const CONDITIONAL = new Set(['media', 'supports', 'container', 'layer']);

/**
 * The classes an element must carry for `selector` to match anything: those of its compounds, not
 * those inside a pseudo-class's argument (`:not(.x)` needs .x absent, `:is(.x, .y)` either one).
 * @param {string} selector
 */
function classesNeeded(selector) {
  /** @type {Set<string>} */
  const classes = new Set();
  selectorParser((root) => {
    root.walkClasses((node) => {
      for (let parent = node.parent; parent; parent = parent.parent) if (parent.type === 'pseudo') return;
      classes.add(node.value);
    });
  }).processSync(selector);
  return [...classes];
}

/**
 * @param {string} css the stylesheet, as the build extracts it
 * @returns {import('../templates/src/render/pageStyles').StyleRule[]}
 */
export function splitStyles(css) {
  /** @type {import('../templates/src/render/pageStyles').StyleRule[]} */
  const rules = [];
  /**
   * @param {import('postcss').Container} container
   * @param {string[]} within
   */
  const split = (container, within) => {
    container.each((node) => {
      if (node.type === 'rule') {
        rules.push({
          within,
          selectors: node.selectors.map((text) => ({ text, classes: classesNeeded(text) })),
          body: node.nodes.map((declaration) => declaration.toString()).join(';'),
        });
      } else if (node.type === 'atrule' && node.nodes && CONDITIONAL.has(node.name.toLowerCase())) {
        split(node, [...within, `@${node.name} ${node.params}`.trim()]);
      } else if (node.type !== 'comment') {
        // A statement (`@charset "utf-8"`) ends with a semicolon of its own once it stands alone.
        rules.push({ within, selectors: null, body: node.type === 'atrule' && !node.nodes ? `${node};` : node.toString() });
      }
    });
  };
  split(postcss.parse(css), []);
  return rules;
}
