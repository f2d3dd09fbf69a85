import { memo } from 'react';
import { SafeLink, mailtoHref, telHref } from '@folioforge/shared';
import { useAssetUrl } from './assets';

export interface ContactLinesProps {
  address?: string;
  phone?: string;
  email?: string;
  website?: string;
  /** A resume (or brochure) to link, and what the link says; none: not shown. */
  resume?: { value: string; label: string };
}

/** A footer's lines of how to reach the owner: address, phone, email, website, a PDF; each only when there. */
export const ContactLines = memo(function ContactLines({ address, phone, email, website, resume }: ContactLinesProps) {
  const resumeUrl = useAssetUrl(resume?.value);
  return (
    <>
      {address ? <p>{address}</p> : null}
      {phone ? (
        <p>
          <SafeLink href={telHref(phone)}>{phone}</SafeLink>
        </p>
      ) : null}
      {email ? (
        <p>
          <SafeLink href={mailtoHref(email)}>{email}</SafeLink>
        </p>
      ) : null}
      {website ? (
        <p>
          <SafeLink href={website} newTab>
            {website.replace(/^https?:\/\//i, '')}
          </SafeLink>
        </p>
      ) : null}
      {resumeUrl && resume ? (
        <p>
          <a href={resumeUrl} target="_blank" rel="noopener noreferrer">
            {resume.label}
          </a>
        </p>
      ) : null}
    </>
  );
});
