// A JSON Resume file (resume.json, https://jsonresume.org/schema) as a new portfolio: basics become
// the profile, each part a section (work → Experience, education, skills, projects, references →
// Testimonials, and the rest where they fit). FolioForge's own export carries its page under
// meta.folioforge, which comes back whole. A file that is not one says what is wrong, and nothing
// is made of it.
import { z } from 'zod';
import { builtOnFirstUse } from './builtOnFirstUse';
import { isFileValue } from './files';
import { newId } from './ids';
import { findJsonBreak } from './jsonBreak';
import { PROFILE_FIELDS, type SectionKind } from './kinds';
import { SCHEMA_VERSION, type AnyItem, type Portfolio, type Profile, type Section } from './portfolio';
import { checkPortfolio } from './schema';
import { withNewIds } from './starter';
import { escapeHtml } from '@folioforge/shared/escape-html';

/** Larger than any resume; what an upload of a wrong file is stopped at. */
export const MAX_IMPORT_BYTES = 1024 * 1024;

const list = <T extends z.ZodRawShape>(shape: T) => z.array(z.object(shape), { error: 'must be a list of entries' }).optional();

const jsonResumeSchema = builtOnFirstUse(() => {
  const text = z.string({ error: 'must be text' }).optional();
  const texts = z.array(z.string({ error: 'must be text' }), { error: 'must be a list of texts' }).optional();
  return z.object(
    {
      basics: z
        .object(
          {
            name: text,
            label: text,
            image: text,
            email: text,
            phone: text,
            url: text,
            summary: text,
            location: z
              .object({ address: text, postalCode: text, city: text, countryCode: text, region: text }, { error: 'must be an object' })
              .optional(),
            profiles: list({ network: text, username: text, url: text }),
          },
          { error: 'must be an object' },
        )
        .optional(),
      work: list({ name: text, position: text, url: text, startDate: text, endDate: text, summary: text, highlights: texts }),
      volunteer: list({ organization: text, position: text, url: text, startDate: text, endDate: text, summary: text, highlights: texts }),
      education: list({
        institution: text,
        url: text,
        area: text,
        studyType: text,
        startDate: text,
        endDate: text,
        score: text,
        courses: texts,
      }),
      awards: list({ title: text, date: text, awarder: text, summary: text }),
      certificates: list({ name: text, date: text, issuer: text, url: text }),
      publications: list({ name: text, publisher: text, releaseDate: text, url: text, summary: text }),
      skills: list({ name: text, level: text, keywords: texts }),
      languages: list({ language: text, fluency: text }),
      interests: list({ name: text, keywords: texts }),
      references: list({ name: text, reference: text }),
      projects: list({ name: text, description: text, highlights: texts, url: text }),
      meta: z.object({ folioforge: z.unknown().optional() }).optional(),
    },
    { error: 'must be an object' },
  );
});

type JsonResumeInput = z.infer<ReturnType<typeof jsonResumeSchema>>;

export type ImportResult = { ok: true; portfolio: Portfolio } | { ok: false; problems: string[] };

/** Plain text and a list of highlights as the rich text the editor makes. */
function prose(summary: string | undefined, highlights: readonly string[] | undefined = []): string {
  const paragraphs = (summary ?? '')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`);
  const points = highlights.map((point) => point.trim()).filter(Boolean);
  return [...paragraphs, points.length ? `<ul>${points.map((point) => `<li>${escapeHtml(point)}</li>`).join('')}</ul>` : ''].join('');
}

const joined = (separator: string, ...parts: (string | undefined)[]) =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(separator);

function section(kind: SectionKind, title: string, items: Omit<AnyItem, 'id'>[]): Section[] {
  if (items.length === 0) return [];
  return [{ id: newId(), kind, title, hidden: false, body: '', items: items.map((item) => ({ id: newId(), ...item })) } as Section];
}

function toPortfolio(resume: JsonResumeInput): Portfolio {
  const basics = resume.basics ?? {};
  const location = basics.location ?? {};
  const photo = basics.image?.trim() ?? '';
  const profile = {
    ...(Object.fromEntries(PROFILE_FIELDS.map((field) => [field.key, ''])) as Profile),
    name: basics.name?.trim() ?? '',
    headline: prose(basics.label),
    about: prose(basics.summary),
    email: basics.email?.trim() ?? '',
    phone: basics.phone?.trim() ?? '',
    website: basics.url?.trim() ?? '',
    address: joined(', ', location.address, location.city, location.region, location.postalCode, location.countryCode),
    // A picture on the web is kept; anything else (a path on someone's disk) is not a picture here.
    photo: /^https:\/\//i.test(photo) && isFileValue(photo) ? photo : '',
  };
  const socials = (basics.profiles ?? []).flatMap((link) =>
    link.url?.trim() ? [{ id: newId(), network: link.network?.trim() || 'Link', url: link.url.trim() }] : [],
  );
  const job = (entry: NonNullable<JsonResumeInput['work']>[number], organisation: string | undefined) => ({
    name: organisation?.trim() ?? '',
    position: entry.position?.trim() ?? '',
    startDate: entry.startDate?.trim() ?? '',
    endDate: entry.endDate?.trim() ?? '',
    summary: prose(entry.summary, entry.highlights),
    url: entry.url?.trim() ?? '',
  });
  const sections: Section[] = [
    ...section(
      'experience',
      'Experience',
      (resume.work ?? []).map((entry) => job(entry, entry.name)),
    ),
    ...section(
      'education',
      'Education',
      (resume.education ?? []).map((entry) => ({
        institution: entry.institution?.trim() ?? '',
        area: entry.area?.trim() ?? '',
        studyType: entry.studyType?.trim() ?? '',
        startDate: entry.startDate?.trim() ?? '',
        endDate: entry.endDate?.trim() ?? '',
        summary: prose(entry.score ? `Score: ${entry.score}` : '', entry.courses),
      })),
    ),
    ...section(
      'skills',
      'Skills',
      (resume.skills ?? []).map((entry) => ({ name: entry.name?.trim() ?? '', level: entry.level?.trim() ?? '' })),
    ),
    ...section(
      'projects',
      'Projects',
      (resume.projects ?? []).map((entry) => ({
        name: entry.name?.trim() ?? '',
        description: prose(entry.description, entry.highlights),
        url: entry.url?.trim() ?? '',
        image: '',
      })),
    ),
    ...section(
      'experience',
      'Volunteering',
      (resume.volunteer ?? []).map((entry) => job(entry, entry.organization)),
    ),
    ...section(
      'highlights',
      'Awards',
      (resume.awards ?? []).map((entry) => ({
        title: entry.title?.trim() ?? '',
        description: prose(joined('\n', joined(', ', entry.awarder, entry.date), entry.summary)),
        image: '',
      })),
    ),
    ...section(
      'highlights',
      'Certificates',
      (resume.certificates ?? []).map((entry) => ({
        title: entry.name?.trim() ?? '',
        description: prose(joined(', ', entry.issuer, entry.date)),
        image: '',
      })),
    ),
    ...section(
      'projects',
      'Publications',
      (resume.publications ?? []).map((entry) => ({
        name: entry.name?.trim() ?? '',
        description: prose(joined('\n', joined(', ', entry.publisher, entry.releaseDate), entry.summary)),
        url: entry.url?.trim() ?? '',
        image: '',
      })),
    ),
    ...section(
      'skills',
      'Languages',
      (resume.languages ?? []).map((entry) => ({ name: entry.language?.trim() ?? '', level: entry.fluency?.trim() ?? '' })),
    ),
    ...section(
      'skills',
      'Interests',
      (resume.interests ?? []).map((entry) => ({ name: entry.name?.trim() ?? '', level: '' })),
    ),
    ...section(
      'testimonials',
      'References',
      (resume.references ?? []).map((entry) => ({ reference: prose(entry.reference), name: entry.name?.trim() ?? '', role: '' })),
    ),
  ];
  return { schemaVersion: SCHEMA_VERSION, profile, socials, sections };
}

const where = (path: readonly PropertyKey[]) =>
  path.map((part) => (typeof part === 'number' ? `entry ${part + 1}` : String(part))).join(' › ') || 'The file';

/** What is wrong with a text that is not JSON, in plain words, with the line where it breaks (not the parser's own words). */
function notJsonProblem(fileText: string): string {
  const problem = 'This file is not valid JSON, so it cannot be read as a JSON Resume file.';
  const broken = findJsonBreak(fileText);
  if (!broken) return problem;
  if (broken.found === undefined)
    return `${problem} It ends on line ${broken.line} before everything it opens is closed: look for a missing quote, } or ].`;
  // A space, a tab or a line break (inside quotes: the text in quotes runs on) is not worth quoting.
  const at = broken.found <= ' ' ? '' : `, at “${broken.found}”`;
  return `${problem} It breaks on line ${broken.line}${at}: look there, or at the end of the line before, for a missing or extra comma, quote or bracket.`;
}

/** The portfolio a JSON Resume file's text describes, or what is wrong with it. */
export function importJsonResume(fileText: string): ImportResult {
  if (fileText.length > MAX_IMPORT_BYTES)
    return {
      ok: false,
      problems: [`This file is too large for a resume (over ${MAX_IMPORT_BYTES / 1024 / 1024} MB). Choose your resume.json.`],
    };
  let json: unknown;
  try {
    json = JSON.parse(fileText);
  } catch {
    return { ok: false, problems: [notJsonProblem(fileText)] };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { ok: false, problems: ['A JSON Resume file holds one object ({ "basics": … }); this file holds something else.'] };
  const parsed = jsonResumeSchema().safeParse(json);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => `${where(issue.path)}: ${issue.message}`) };
  const own = parsed.data.meta?.folioforge;
  if (own !== undefined) {
    const checked = checkPortfolio(own);
    if (checked.ok) return { ok: true, portfolio: withNewIds(checked.portfolio) };
  }
  const parts = [
    'basics',
    'work',
    'volunteer',
    'education',
    'awards',
    'certificates',
    'publications',
    'skills',
    'languages',
    'interests',
    'references',
    'projects',
  ];
  if (!parts.some((part) => part in json))
    return { ok: false, problems: ['This file has none of the parts of a JSON Resume (basics, work, education, skills, projects …).'] };
  const checked = checkPortfolio(toPortfolio(parsed.data));
  return checked.ok ? { ok: true, portfolio: checked.portfolio } : { ok: false, problems: checked.problems };
}
