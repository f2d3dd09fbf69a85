import { isSafeHref } from '@folioforge/shared';

export type ContactLink =
  | { kind: 'email'; href: string; text: string }
  | { kind: 'phone'; href: string; text: string }
  | { kind: 'web'; href: string; text: string }
  | { kind: 'none'; text: string };

/** What template 2's 'Contact link' is: an email (mailto:), a phone (tel:), a web page, or nothing usable. */
export function readContactLink(raw: string | undefined): ContactLink {
  const value = (raw ?? '').trim();
  if (!isSafeHref(value)) return { kind: 'none', text: value };
  const lower = value.toLowerCase();
  if (lower.startsWith('mailto:')) return { kind: 'email', href: value, text: decodeURIComponent(value.slice(7).split('?')[0] ?? '') };
  if (lower.startsWith('tel:')) return { kind: 'phone', href: value, text: value.slice(4) };
  return { kind: 'web', href: value, text: value.replace(/^https?:\/\//i, '').replace(/\/$/, '') };
}
