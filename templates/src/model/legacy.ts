// Portfolios saved before the model (schemaVersion 1, never written: a flat record of strings keyed
// per template, e.g. `project1title`, `temp2name`) become the model here, with nothing typed lost.
// The SQL migration that introduced the model (supabase/migrations/*_portfolio_sections.sql,
// public.portfolio_from_legacy) does the same to saved rows; a local-cloud test runs both over the
// same fixtures and requires the same answer. This one upgrades what the browser still holds:
// device drafts, this device's copies of account rows, and navigation state from an older build.
import { PROFILE_FIELDS } from './kinds';
import { sampleRef } from './files';
import { SCHEMA_VERSION, type AnyItem, type Portfolio, type Profile, type Section, type SocialLink } from './portfolio';

export type LegacyValues = Readonly<Record<string, unknown>>;

/** True when `data` is not in the model yet (no schemaVersion): a flat record of values. */
export const isLegacyData = (data: unknown): data is LegacyValues =>
  typeof data === 'object' && data !== null && !Array.isArray(data) && !('schemaVersion' in data);

const emptyProfile = (): Profile => Object.fromEntries(PROFILE_FIELDS.map((field) => [field.key, ''])) as Profile;

function reader(values: LegacyValues) {
  return (key: string): string => {
    const value = values[key];
    return typeof value === 'string' ? value : '';
  };
}

const social = (network: string, url: string): SocialLink => ({ id: network.toLowerCase(), network, url });

function section(id: string, kind: Section['kind'], title: string, items: AnyItem[], body = ''): Section {
  return { id, kind, title, hidden: false, body, items } as Section;
}

/** Template 1 and template 3 share their keys: a personal portfolio with two projects. */
function personal(v: (key: string) => string): Portfolio {
  return {
    schemaVersion: SCHEMA_VERSION,
    profile: {
      ...emptyProfile(),
      name: v('name'),
      email: v('email'),
      headline: v('description'),
      about: v('about'),
      address: v('address'),
      phone: v('phone'),
      photo: v('image'),
      resume: v('resume'),
    },
    socials: [
      social('Facebook', v('facebooklink')),
      social('Instagram', v('instagramlink')),
      social('Twitter', v('twitterlink')),
      social('GitHub', v('githublink')),
      social('LinkedIn', v('linkedinlink')),
    ],
    sections: [
      section(
        'projects',
        'projects',
        'Projects',
        [1, 2].map((n) => ({
          id: `project-${n}`,
          name: v(`project${n}title`),
          description: v(`project${n}description`),
          url: v(`project${n}url`),
          image: '',
        })),
      ),
    ],
  };
}

/** Template 2: a small business; its banner and highlight pictures were the bundled ones. */
function business(v: (key: string) => string): Portfolio {
  return {
    schemaVersion: SCHEMA_VERSION,
    profile: {
      ...emptyProfile(),
      name: v('temp2name'),
      headline: v('temp2maindescription'),
      about: v('temp2mainsummary'),
      photo: sampleRef('bakeryBanner'),
    },
    socials: [
      social('Facebook', v('temp2facebooklink')),
      social('Instagram', v('temp2instagramlink')),
      social('Twitter', v('temp2twitterlink')),
      social('LinkedIn', v('temp2linkedinlink')),
    ],
    sections: [
      section('about', 'text', v('temp2aboutheader'), [], v('temp2aboutdescription')),
      section(
        'offer',
        'highlights',
        v('temp2whatweofferhead'),
        [
          {
            id: 'highlight-1',
            title: v('temp2highlightsheading1'),
            description: v('temp2highlightscontent1'),
            image: sampleRef('bakeryBread'),
          },
          {
            id: 'highlight-2',
            title: v('temp2highlightsheading2'),
            description: v('temp2highlightscontent2'),
            image: sampleRef('bakeryCake'),
          },
        ],
        v('temp2whatweofferdescription'),
      ),
      section('contact', 'contact', 'Have Question In Mind? Let Us Help You', [
        { id: 'contact-1', label: 'Call And Book Now', url: v('temp2contactlink') },
      ]),
    ],
  };
}

/** Template 4: one product. */
function shop(v: (key: string) => string): Portfolio {
  return {
    schemaVersion: SCHEMA_VERSION,
    profile: emptyProfile(),
    socials: [],
    sections: [
      section('products', 'products', 'Products', [
        {
          id: 'product-1',
          name: v('temp4heading'),
          price: '',
          description: v('temp4description'),
          image: v('temp4image'),
          url: v('temp4url'),
        },
      ]),
    ],
  };
}

/** ASCII white space, as Postgres' `\s` has it: the migration trims the same characters. */
const trimAscii = (text: string) => text.replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, '');

/** 'React, TypeScript,  SCSS' → ['React', 'TypeScript', 'SCSS'] (commas or lines). */
export function splitSkills(skills: string): string[] {
  return skills.split(/[,\n]/).map(trimAscii).filter(Boolean);
}

/** The generator: details, a comma list of skills, experience and education as prose. */
function generator(v: (key: string) => string): Portfolio {
  const prose = (text: string) => trimAscii(text) !== '';
  return {
    schemaVersion: SCHEMA_VERSION,
    profile: {
      ...emptyProfile(),
      name: v('name'),
      email: v('email'),
      phone: v('phone'),
      website: v('portfolioLink'),
      photo: v('image'),
      resume: v('resume'),
    },
    socials: [social('GitHub', v('githubLink')), social('LinkedIn', v('linkedinLink'))],
    sections: [
      section(
        'skills',
        'skills',
        'Skills',
        splitSkills(v('skills')).map((name, index) => ({ id: `skill-${index + 1}`, name, level: '' })),
      ),
      section(
        'experience',
        'experience',
        'Experience',
        prose(v('experience'))
          ? [{ id: 'experience-1', name: '', position: '', startDate: '', endDate: '', summary: v('experience'), url: '' }]
          : [],
      ),
      section(
        'education',
        'education',
        'Education',
        prose(v('education'))
          ? [{ id: 'education-1', institution: '', area: '', studyType: '', startDate: '', endDate: '', summary: v('education') }]
          : [],
      ),
    ],
  };
}

/** Any other template id: what every template had in common. */
function other(v: (key: string) => string): Portfolio {
  return {
    schemaVersion: SCHEMA_VERSION,
    profile: { ...emptyProfile(), name: v('name'), email: v('email'), phone: v('phone'), address: v('address') },
    socials: [],
    sections: [],
  };
}

/** The model of a portfolio saved as flat values for `templateId` ('1'…'4', 'generator'). */
export function upgradeLegacy(templateId: string, values: LegacyValues): Portfolio {
  const v = reader(values);
  switch (templateId) {
    case '1':
    case '3':
      return personal(v);
    case '2':
      return business(v);
    case '4':
      return shop(v);
    case 'generator':
      return generator(v);
    default:
      return other(v);
  }
}

/** `data` in the model: upgraded when it is from before, else as it is (for the schema to check). */
export function toModelData(templateId: string, data: unknown): unknown {
  return isLegacyData(data) ? upgradeLegacy(templateId, data) : data;
}
