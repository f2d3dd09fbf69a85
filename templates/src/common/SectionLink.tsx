import type { MouseEvent, ReactNode } from 'react';
import { scrollToSection } from '@folioforge/shared';

export interface SectionLinkProps {
  /** Id of the section in this preview. */
  targetId: string;
  children: ReactNode;
  className?: string;
  /** Runs after the scroll starts, e.g. to close a menu. */
  onNavigate?: () => void;
}

/** An in-page anchor that scrolls to its section without changing the URL the host's router owns. */
export function SectionLink({ targetId, children, className, onNavigate }: SectionLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    scrollToSection(document.getElementById(targetId));
    onNavigate?.();
  };
  return (
    <a href={`#${targetId}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

export interface SectionTarget {
  label: string;
  targetId: string;
}

export interface SectionLinksProps {
  links: readonly SectionTarget[];
  className?: string;
  id?: string;
  /** Runs after any link's scroll starts, e.g. to close a menu. */
  onNavigate?: () => void;
  'data-open'?: 'true' | 'false';
}

/** A template's menu: a list of in-page links, one item each. */
export function SectionLinks({ links, onNavigate, ...list }: SectionLinksProps) {
  return (
    <ul {...list}>
      {links.map((link) => (
        <li key={link.label}>
          <SectionLink targetId={link.targetId} onNavigate={onNavigate}>
            {link.label}
          </SectionLink>
        </li>
      ))}
    </ul>
  );
}
