// jsdom without Node's fetch family; supabase-js, the router's data APIs and our loaders need them.
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-jsdom');

// jsdom's getComputedStyle resolves `visibility` (inherited) by matching every rule of its default
// stylesheet against the element, then against its parent, and so on up to the root: a getByRole over
// the editor screen asks that of each ancestor of each candidate, half of the editor tests' CPU. Only
// rules that set a property jsdom resolves that way can change what it resolves, so the rules that set
// none are skipped before their selector is matched, not after; the styles read are the same.
const jsdomDir = path.dirname(require.resolve('jsdom/package.json', { paths: [require.resolve('jest-environment-jsdom')] }));
const styleRules = require(path.join(jsdomDir, 'lib/jsdom/living/helpers/style-rules.js'));
const { matchesDontThrow } = require(path.join(jsdomDir, 'lib/jsdom/living/helpers/selectors.js'));
const cssom = require(require.resolve('cssom', { paths: [jsdomDir] }));
const defaultStyleSheet = cssom.parse(require(path.join(jsdomDir, 'lib/jsdom/browser/default-stylesheet.js')));
const resolvedProperties = Object.keys(styleRules.propertiesWithResolvedValueImplemented);
const { forEach, indexOf } = Array.prototype;
/** jsdom's walk over one sheet's rules (those of a screen media rule too), minus the rules that set no resolved property. */
function forEachResolvingRule(sheet, element, handleRule) {
  const handle = (rule) => {
    if (
      rule.style &&
      resolvedProperties.some((property) => rule.style.getPropertyValue(property) !== '') &&
      matchesDontThrow(element, rule.selectorText)
    )
      handleRule(rule);
  };
  forEach.call(sheet.cssRules, (rule) => {
    if (!rule.media) handle(rule);
    else if (indexOf.call(rule.media, 'screen') !== -1) forEach.call(rule.cssRules, handle);
  });
}
// Only the cascade of the resolved properties calls it through `exports`. getComputedStyle's own pass over
// every property keeps the original: Window.js takes its copy as it loads, so it loads first.
require(path.join(jsdomDir, 'lib/jsdom/browser/Window.js'));
styleRules.forEachMatchingSheetRuleOfElement = (element, handleRule) => {
  forEachResolvingRule(defaultStyleSheet, element, handleRule);
  forEach.call(element._ownerDocument.styleSheets._list, (sheet) => forEachResolvingRule(sheet, element, handleRule));
};

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, {
      fetch,
      Request,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      ReadableStream,
      TextEncoder,
      TextDecoder,
      structuredClone,
      BroadcastChannel,
    });
  }
}
module.exports = JsdomWithFetch;
