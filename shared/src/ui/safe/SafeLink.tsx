import { memo, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { isPageHref, isSafeHref } from './safeUrl';

interface SafeLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> {
  /** Visitor-typed URL; linked only if it is http(s), mailto or tel. */
  href: string | null | undefined;
  children?: ReactNode;
  /** Open in a new tab (with rel="noopener noreferrer", so the new page cannot reach this one). */
  newTab?: boolean;
  /** Class for the plain-text fallback; defaults to className. */
  textClassName?: string;
}

/**
 * A link to a visitor-typed address that is rendered as a link only when the address is safe
 * (isSafeHref); otherwise its content is shown as plain text, so `javascript:` never reaches an href.
 * Memoised: with text children it is not redrawn (nor the address parsed again) while nothing changed.
 */
export const SafeLink = memo(function SafeLink({ href, children, newTab = false, className, textClassName, ...anchor }: SafeLinkProps) {
  const content = children ?? href ?? '';
  // A link to a page of the same site (`page:<id>`) opens in the same tab; the renderer gives it its address.
  const toPage = isPageHref(href);
  if (!toPage && !isSafeHref(href)) {
    return (
      <span className={textClassName ?? className} data-unsafe-link={href ? 'true' : undefined}>
        {content}
      </span>
    );
  }
  return (
    <a
      href={String(href).trim()}
      className={className}
      {...(newTab && !toPage ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...anchor}
    >
      {content}
    </a>
  );
});
