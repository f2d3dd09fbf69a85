import type { TemplateField, TemplateValues } from '../types';

/** The portfolio generator's form, in order. */
export const GENERATOR_FIELDS: readonly TemplateField[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'email', label: 'Email', kind: 'email' },
  { key: 'phone', label: 'Phone', kind: 'phone' },
  { key: 'portfolioLink', label: 'Portfolio Link', kind: 'url' },
  { key: 'skills', label: 'Skills', kind: 'text', accessibleLabel: 'Skills (separate them with commas)' },
  { key: 'experience', label: 'Experience', kind: 'longText' },
  { key: 'education', label: 'Education', kind: 'longText' },
  { key: 'githubLink', label: 'GitHub Link', kind: 'url' },
  { key: 'linkedinLink', label: 'LinkedIn Link', kind: 'url' },
  { key: 'image', label: 'Upload Image', kind: 'image' },
  { key: 'resume', label: 'Upload Resume', kind: 'pdf' },
];

/** The generator starts blank, as the spec's screen does; the preview shows what goes where. */
export const GENERATOR_EMPTY_VALUES: TemplateValues = Object.fromEntries(GENERATOR_FIELDS.map((field) => [field.key, '']));

/** 'React, TypeScript,  SCSS' → ['React', 'TypeScript', 'SCSS']. */
export function splitSkills(skills: string): string[] {
  return skills
    .split(/[,\n]/)
    .map((skill) => skill.trim())
    .filter(Boolean);
}
