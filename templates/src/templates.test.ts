import { describe, expect, test } from '@jest/globals';
import { TEMPLATES, getTemplate, templateValuesSchema, applyDetails } from './index';

// The design form's labels, in the product's order, with template 2's second
// highlight given its own label and template 3 given the full portfolio-profile editor.
const SPEC_LABELS: Record<number, string[]> = {
  1: [
    'Name',
    'Email',
    'Description',
    'About',
    'Address',
    'Project 1 Title',
    'Description',
    'URL',
    'Project 2 Title',
    'Description',
    'URL',
    'Phone',
    'Image',
    'Resume',
    'Facebook',
    'Instagram',
    'Twitter',
    'GitHub',
    'LinkedIn',
  ],
  2: [
    'Name',
    'Main Description',
    'Main Summary',
    'Contact link',
    'About Header',
    'About Description',
    'What we offer Header',
    'What we offer Description',
    'Highlights heading 1',
    'Highlights content 1',
    'Highlights heading 2',
    'Highlights content 2',
    'Facebook',
    'Instagram',
    'Twitter',
    'LinkedIn',
  ],
  3: [
    'Name',
    'Description',
    'About',
    'Address',
    'Phone',
    'Email',
    'Profile Image',
    'Facebook',
    'Instagram',
    'Twitter',
    'GitHub',
    'LinkedIn',
    'Project 1 Title',
    'Project 1 Description',
    'Project 1 URL',
    'Project 2 Title',
    'Project 2 Description',
    'Project 2 URL',
  ],
  4: ['Heading', 'Description', 'Image', 'Product URL'],
};

// The value keys each template is saved with (stored rows depend on them).
const SPEC_KEYS: Record<number, string[]> = {
  1: [
    'name',
    'email',
    'description',
    'about',
    'address',
    'project1title',
    'project1description',
    'project1url',
    'project2title',
    'project2description',
    'project2url',
    'phone',
    'image',
    'resume',
    'facebooklink',
    'instagramlink',
    'twitterlink',
    'githublink',
    'linkedinlink',
  ],
  2: [
    'temp2name',
    'temp2maindescription',
    'temp2mainsummary',
    'temp2contactlink',
    'temp2aboutheader',
    'temp2aboutdescription',
    'temp2whatweofferhead',
    'temp2whatweofferdescription',
    'temp2highlightsheading1',
    'temp2highlightscontent1',
    'temp2highlightsheading2',
    'temp2highlightscontent2',
    'temp2facebooklink',
    'temp2instagramlink',
    'temp2twitterlink',
    'temp2linkedinlink',
  ],
  4: ['temp4heading', 'temp4description', 'temp4image', 'temp4url'],
};

describe('template catalog', () => {
  test('has templates 1–4 with the spec names, uses, panel titles, buttons and prices', () => {
    expect(TEMPLATES.map((t) => [t.id, t.name, t.description, t.panelTitle, t.getButtonLabel, t.priceRupees])).toEqual([
      [1, 'Personal Portfolio Template', 'Personal use', 'Input Section', 'Get Temp 1', 100],
      [2, 'E-Commerce', 'Business use', 'E-Commerce', 'Get Temp 2', 150],
      [3, 'Professional Portfolio Template', 'Professional use', 'Professional Portfolio', 'Get Temp 3', 800],
      [4, 'E-commerce Portfolio Template', 'Commercial use', 'E-commerce Portfolio Template', 'Get Temp 4', 100],
    ]);
  });

  test.each(TEMPLATES.map((t) => [t.id, t] as const))('template %i lists its labels in spec order', (id, template) => {
    expect(template.fields.map((field) => field.label)).toEqual(SPEC_LABELS[id]);
  });

  test.each([1, 2, 4])('template %i keeps the value keys saved rows use', (id) => {
    expect(getTemplate(id)?.fields.map((field) => field.key)).toEqual(SPEC_KEYS[id]);
  });

  test('every field has a sample value, and every sample value a field', () => {
    for (const template of TEMPLATES) {
      expect(Object.keys(template.sampleValues).sort()).toEqual(template.fields.map((f) => f.key).sort());
      for (const field of template.fields) expect(template.sampleValues[field.key]).not.toBe('');
    }
  });

  test('repeated visible labels carry a distinct accessible label', () => {
    for (const template of TEMPLATES) {
      const names = template.fields.map((f) => f.accessibleLabel ?? f.label);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  test('getTemplate takes numbers and numeric strings', () => {
    expect(getTemplate('2')?.id).toBe(2);
    expect(getTemplate(9)).toBeUndefined();
    expect(getTemplate(null)).toBeUndefined();
  });
});

describe('templateValuesSchema', () => {
  const template1 = getTemplate(1)!;
  const storable = { ...template1.sampleValues, image: 'https://cdn.example.com/me.png', resume: '/assets/sample-resume.pdf' };

  test('accepts the sample values and fills missing keys with empty strings', () => {
    const parsed = templateValuesSchema(template1).parse({ name: '  Asha  ' });
    expect(parsed.name).toBe('Asha');
    expect(parsed.githublink).toBe('');
    expect(templateValuesSchema(template1).safeParse(storable).success).toBe(true);
  });

  test('drops keys the template does not have', () => {
    const parsed = templateValuesSchema(template1).parse({ ...storable, id: 1, temp2name: 'x' });
    expect(parsed).not.toHaveProperty('id');
    expect(parsed).not.toHaveProperty('temp2name');
  });

  test('refuses script links, bad emails, bad phones, unsaved files and oversized text', () => {
    const schema = templateValuesSchema(template1);
    const issuesFor = (patch: Record<string, unknown>) => {
      const result = schema.safeParse({ ...storable, ...patch });
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    };
    expect(issuesFor({ githublink: 'javascript:alert(1)' })).toEqual(['githublink']);
    expect(issuesFor({ email: 'not-an-email' })).toEqual(['email']);
    expect(issuesFor({ phone: 'call me' })).toEqual(['phone']);
    expect(issuesFor({ image: 'blob:https://app.example.com/123' })).toEqual(['image']);
    expect(issuesFor({ name: 'x'.repeat(201) })).toEqual(['name']);
    expect(issuesFor({ name: 42 })).toEqual(['name']);
  });

  test('strips control characters from every field: line breaks stay in long text only (issue 20 #16)', () => {
    const parsed = templateValuesSchema(template1).parse({
      name: 'Ada\u0000 \u0007Love\u001blace\u0085',
      phone: '+91\t98765\r\n43210',
      about: '<p>First line\nsecond\u0008 line</p>',
    });
    expect(parsed.name).toBe('Ada Lovelace');
    expect(parsed.phone).toBe('+91 98765 43210');
    expect(parsed.about).toBe('<p>First line\nsecond line</p>');
  });

  test('accepts mailto and tel as contact links for template 2', () => {
    const schema = templateValuesSchema(getTemplate(2)!);
    expect(schema.safeParse({ temp2contactlink: 'tel:+919876543210' }).success).toBe(true);
    expect(schema.safeParse({ temp2contactlink: 'mailto:a@b.co' }).success).toBe(true);
    expect(schema.safeParse({ temp2contactlink: 'data:text/html,hi' }).success).toBe(false);
  });
});

describe('applyDetails', () => {
  const details = {
    name: 'Riya Sen',
    address: 'Kolkata',
    github: 'https://github.com/riya',
    linkedin: 'https://linkedin.com/in/riya',
    phone: '+91 90000 00000',
    email: 'riya@example.com',
  };

  test('lays the popup values over template 1 keys', () => {
    const values = applyDetails(getTemplate(1)!, details);
    expect(values).toMatchObject({
      name: 'Riya Sen',
      address: 'Kolkata',
      githublink: details.github,
      linkedinlink: details.linkedin,
      phone: details.phone,
      email: details.email,
    });
    expect(values.about).toBe(getTemplate(1)!.sampleValues.about);
  });

  test('uses the temp2/temp4 keys that exist and keeps samples for blanks', () => {
    expect(applyDetails(getTemplate(2)!, { ...details, name: '  ' })).toMatchObject({
      temp2name: 'Saffron & Crumb Bakery',
      temp2linkedinlink: details.linkedin,
    });
    expect(applyDetails(getTemplate(4)!, details).temp4heading).toBe('Riya Sen');
  });
});
