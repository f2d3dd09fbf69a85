// The catalog's entries: the shared definitions plus their screenshots, which only this remote
// bundles (made by scripts/makeTemplatePreviews.mjs from each template's Preview). A template
// without screenshots yet is shown by its live preview instead, so a new folder needs nothing here.
import { TEMPLATES, type TemplateDefinition } from '@folioforge/templates';
// The first card's first picture is the page's LCP element: inlined, it paints with the screen.
import template1a from './previews/template1-1.jpg?inline';
import template1b from './previews/template1-2.jpg';
import template1c from './previews/template1-3.jpg';
import template2a from './previews/template2-1.jpg';
import template2b from './previews/template2-2.jpg';
import template2c from './previews/template2-3.jpg';
import template3a from './previews/template3-1.jpg';
import template3b from './previews/template3-2.jpg';
import template3c from './previews/template3-3.jpg';
import template4a from './previews/template4-1.jpg';
import template4b from './previews/template4-2.jpg';
import template4c from './previews/template4-3.jpg';

interface PreviewPicture {
  src: string;
  alt: string;
}

export type CatalogEntry = TemplateDefinition & { pictures: readonly PreviewPicture[] };

/** What each screenshot shows, for its alt text (see SHOTS in the script). */
const PICTURES: Partial<Record<number, readonly [[string, string], [string, string], [string, string]]>> = {
  1: [
    [template1a, 'top of the page: name, introduction and photo'],
    [template1b, 'projects section with two project cards'],
    [template1c, 'on phones, with the menu closed and open'],
  ],
  2: [
    [template2a, 'home banner with the Order Now button'],
    [template2b, 'What we offer, with two highlight cards'],
    [template2c, 'on phones, with the drawer menu open'],
  ],
  3: [
    [template3a, 'home section in light mode'],
    [template3b, 'projects section in dark mode'],
    [template3c, 'on phones, in light and dark mode'],
  ],
  4: [
    [template4a, 'product page with the Shop Now button'],
    [template4b, 'on tablets'],
    [template4c, 'on phones'],
  ],
};

export const CATALOG: readonly CatalogEntry[] = TEMPLATES.map((template) => {
  const shots = PICTURES[template.id] ?? [];
  const pictures = shots.map(([src, what]) => ({ src, alt: `${template.name} preview: ${what}` }));
  return { ...template, pictures };
});
