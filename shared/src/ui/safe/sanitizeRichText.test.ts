/**
 * @jest-environment node
 */
// The sanitiser with the DOM jsdom gives (as a browser runs it), and the DOM-free one a server runs
// (the publish renderer): both keep every payload inert, and they answer alike. jsdom also stands in
// for the browser that will parse the answers, to look for anything that could run.
import { JSDOM } from 'jsdom';
import { XSS_PAYLOADS } from '../../testing/xssPayloads';
import { domFreeSanitizer } from './domFreeSanitizer';
import {
  isRichTextHtml,
  plainTextToHtml,
  richTextToPlainText,
  richTextToSafeHtml,
  richTextToSafeInlineHtml,
  sanitizeRichText,
  sanitizeRichTextNodes,
  RICH_TEXT_TAGS,
} from './sanitizeRichText';

const { window } = new JSDOM('');
const asWindow = window as unknown as Window;

/** Everything about a fragment that could run script or load something. */
function dangers(html: string): string[] {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  const found: string[] = [];
  for (const element of Array.from(template.content.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (!['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a'].includes(tag)) found.push(`<${tag}>`);
    for (const attribute of Array.from(element.attributes)) {
      if (!['href', 'target', 'rel'].includes(attribute.name)) found.push(`${tag}[${attribute.name}]`);
      if (attribute.name === 'href' && !/^(https?:\/\/[^/]|mailto:|tel:)/i.test(attribute.value)) found.push(`href=${attribute.value}`);
    }
  }
  return found;
}

describe.each(XSS_PAYLOADS)('payload %s', (payload) => {
  test('sanitised alone and inside editor HTML: no script, handler, style, frame, SVG or unsafe link survives', () => {
    for (const html of [payload, `<p>before</p>${payload}<p>after</p>`, `<p>${payload}</p>`]) {
      expect(dangers(sanitizeRichText(html, asWindow))).toEqual([]);
      expect(dangers(richTextToSafeHtml(html, asWindow))).toEqual([]);
      expect(dangers(richTextToSafeInlineHtml(html, asWindow))).toEqual([]);
    }
  });
});

test('what the editor makes survives: paragraphs, bold, italic, lists and safe links (opening apart)', () => {
  const html =
    '<p>Hello <strong>bold</strong> and <em>italic</em>, <a href="https://example.com/work">my work</a>.</p><ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><p><a href="mailto:me@example.com">mail</a></p>';
  const clean = sanitizeRichText(html, asWindow);
  expect(clean).toContain('<strong>bold</strong>');
  expect(clean).toContain('<em>italic</em>');
  expect(clean).toContain('<ul><li><p>one</p></li></ul>');
  expect(clean).toContain('<ol><li><p>two</p></li></ol>');
  expect(clean).toContain('<a href="https://example.com/work" target="_blank" rel="noopener noreferrer nofollow">my work</a>');
  expect(clean).toContain('href="mailto:me@example.com"');
});

test('a link that is not http(s), mailto or tel keeps its text and loses its href', () => {
  expect(sanitizeRichText('<p><a href="ftp://files.example/x">files</a> <a href="/relative">rel</a></p>', asWindow)).toBe(
    '<p><a>files</a> <a>rel</a></p>',
  );
});

test('old plain text is shown as text: escaped, blank lines make paragraphs, line breaks stay', () => {
  expect(isRichTextHtml('I like <b>tags</b> & things')).toBe(false);
  expect(richTextToSafeHtml('I like <b>tags</b> & things\nsecond line\n\nnew paragraph', asWindow)).toBe(
    '<p>I like &lt;b&gt;tags&lt;/b&gt; &amp; things<br>second line</p><p>new paragraph</p>',
  );
  expect(plainTextToHtml('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
});

test('inline rendering keeps marks and puts line breaks between paragraphs', () => {
  expect(richTextToSafeInlineHtml('<p>Fresh <strong>bread</strong></p><p>every day</p>', asWindow)).toBe(
    'Fresh <strong>bread</strong><br>every day',
  );
});

test('without a DOM nothing is trusted: tags dropped, text escaped', () => {
  expect(sanitizeRichText('<p>ok</p><img src=x onerror=alert(1)><script>alert(2)</script> & <b>more</b>', undefined)).toBe(
    '<p>ok &amp; more</p>',
  );
});

test('plain text of rich text, for titles and emptiness', () => {
  expect(richTextToPlainText('<p>One &amp; <strong>two</strong></p><ul><li><p>three</p></li></ul>')).toBe('One & two\nthree');
  expect(richTextToPlainText('<p></p>')).toBe('');
  expect(richTextToPlainText('just text')).toBe('just text');
});

test('nodes built by an editor are sanitised in place', () => {
  const inert = window.document.implementation.createHTMLDocument('');
  const nodesOf = (html: string) => {
    const template = inert.createElement('template');
    template.innerHTML = html;
    return template.content;
  };
  for (const payload of XSS_PAYLOADS) expect(dangers(sanitizeRichTextNodes(nodesOf(payload), asWindow))).toEqual([]);
  const made = '<p>Hi <strong>there</strong> <a href="https://example.com">site</a></p><ul><li><p>x</p></li></ul>';
  expect(sanitizeRichTextNodes(nodesOf(made), asWindow)).toBe(sanitizeRichText(made, asWindow));
});

test('an answer of the sanitiser passes again unchanged; anything else is sanitised', () => {
  const clean = sanitizeRichText('<p>once <em>only</em><img src=x onerror=alert(1)></p>', asWindow);
  expect(clean).toBe('<p>once <em>only</em></p>');
  expect(sanitizeRichText(clean, asWindow)).toBe(clean);
  expect(sanitizeRichText('<p>once <em>only</em></p><script>x</script>', asWindow)).toBe(clean);
});

test('a link to a page of the site (page:<id>) is kept in the same tab by both sanitisers; a malformed one loses its href', () => {
  const html = '<p><a href=" page:k3x9q2m7ab " target="_blank">projects</a> <a href="page:../x">up</a> <a href="PAGE:x">caps</a></p>';
  const expected = '<p><a href="page:k3x9q2m7ab">projects</a> <a>up</a> <a>caps</a></p>';
  expect(sanitizeRichText(html, asWindow)).toBe(expected);
  expect(domFreeSanitizer.sanitize(html, RICH_TEXT_TAGS)).toBe(expected);
  expect(richTextToSafeInlineHtml(html, asWindow)).toBe(expected.replace(/^<p>|<\/p>$/g, ''));
});

describe('without a DOM (the publish function on a server)', () => {
  const EDITOR_HTML = [
    '<p>Hello <strong>bold</strong> and <em>italic</em>, <a href="https://example.com/work">my work</a>.</p>',
    '<ul><li><p>one</p></li></ul><ol><li><p>two &amp; three</p></li></ol><p><a href="mailto:me@example.com">mail</a></p>',
    '<p>emoji 🎉, non\u00a0breaking, quotes "double" and \'single\', a &lt;tag&gt; typed as text</p>',
    '<p>line<br>break</p><p><a href=" https://example.com/?a=1&amp;b=2 ">spaced</a> <a href="/relative">rel</a></p>',
    '<p>see <a href="page:k3x9q2m7ab">my projects</a>, <a href="page:home">home</a>, <a href="page:bad id">odd</a></p>',
  ];

  test.each(XSS_PAYLOADS)('payload %s is inert, alone and inside editor HTML', (payload) => {
    for (const html of [payload, `<p>before</p>${payload}<p>after</p>`, `<p>${payload}</p>`]) {
      expect(dangers(sanitizeRichText(html, domFreeSanitizer))).toEqual([]);
      expect(dangers(richTextToSafeHtml(html, domFreeSanitizer))).toEqual([]);
      expect(dangers(richTextToSafeInlineHtml(html, domFreeSanitizer))).toEqual([]);
    }
  });

  // One known difference: DOMPurify keeps an empty <p> it finds inside a <noscript>; this drops the
  // <noscript> with everything in it, as RICH_TEXT_FORBID_CONTENTS says. Both are inert (above).
  const ALIKE = XSS_PAYLOADS.filter((payload) => !payload.startsWith('<noscript>'));

  test("its answers are DOMPurify's, character for character, for the editor's HTML and the payloads", () => {
    expect(ALIKE.length).toBe(XSS_PAYLOADS.length - 1);
    for (const html of [...EDITOR_HTML, ...ALIKE, ...ALIKE.map((payload) => `<p>x ${payload} y</p>`)]) {
      expect(domFreeSanitizer.sanitize(html, RICH_TEXT_TAGS)).toBe(sanitizeRichText(html, asWindow));
      expect(richTextToSafeInlineHtml(html, domFreeSanitizer)).toBe(richTextToSafeInlineHtml(html, asWindow));
    }
  });

  test('what it answers, it answers again unchanged', () => {
    for (const html of [...EDITOR_HTML, ...XSS_PAYLOADS]) {
      const once = domFreeSanitizer.sanitize(html, RICH_TEXT_TAGS);
      expect(domFreeSanitizer.sanitize(once, RICH_TEXT_TAGS)).toBe(once);
    }
  });

  test('markup that only a parser sees through stays text: split tags, comments, CDATA, unclosed attributes', () => {
    const tricky = [
      '<p>a<!--<img src=x onerror=alert(1)>-->b</p>',
      '<p><![CDATA[<img src=x onerror=alert(1)>]]></p>',
      '<p title="<img src=x onerror=alert(1)>">t</p>',
      '<p><a href="https://ok.example/" title="x\' onmouseover=alert(1) \'">q</a></p>',
      '<p><b <img src=x onerror=alert(1)>>x</b></p>',
      '<<p>>text<</p>>',
      '<p>\u0000<script>alert(1)</script></p>',
    ];
    for (const html of tricky) expect(dangers(domFreeSanitizer.sanitize(html, RICH_TEXT_TAGS))).toEqual([]);
  });
});

test('a post body built by the editor keeps its headings, quotes and code; the same HTML in a field loses them', () => {
  const inert = window.document.implementation.createHTMLDocument('');
  const nodesOf = (html: string) => {
    const template = inert.createElement('template');
    template.innerHTML = html;
    return template.content;
  };
  const post = '<h2>Day</h2><blockquote><p>said</p></blockquote><pre><code>x = 1</code></pre><script>x</script>';
  const kept = sanitizeRichTextNodes(nodesOf(post), asWindow, 'post');
  expect(kept).toBe('<h2>Day</h2><blockquote><p>said</p></blockquote><pre><code>x = 1</code></pre>');
  // The post's answer is not taken as one of the field sanitiser's own (which pass again unchecked).
  expect(sanitizeRichText(kept, asWindow)).toBe('Day<p>said</p>x = 1');
  for (const payload of XSS_PAYLOADS)
    expect(dangers(sanitizeRichTextNodes(nodesOf(payload), asWindow, 'post').replace(/<\/?(h[2-4]|blockquote|pre|code)>/g, ''))).toEqual(
      [],
    );
});
