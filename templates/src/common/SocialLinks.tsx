import { memo, type ComponentType, type SVGProps } from 'react';
import { isSafeHref } from '@folioforge/shared';
import { FacebookIcon, GitHubIcon, InstagramIcon, LinkedInIcon, TwitterIcon } from './icons';

export type SocialNetwork = 'Facebook' | 'Instagram' | 'Twitter' | 'GitHub' | 'LinkedIn';

const ICONS: Record<SocialNetwork, ComponentType<SVGProps<SVGSVGElement>>> = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  Twitter: TwitterIcon,
  GitHub: GitHubIcon,
  LinkedIn: LinkedInIcon,
};

export interface SocialLink {
  network: SocialNetwork;
  href: string | undefined;
}

export interface SocialLinksProps {
  links: readonly SocialLink[];
  /** Names the list for screen readers, e.g. 'Connect With me on'. */
  label: string;
  listClassName?: string;
  linkClassName?: string;
}

/**
 * Icon links to social profiles. The icon is decorative; the link is named after the network.
 * An empty value is left out; an unsafe one (e.g. javascript:) is shown as text, never linked.
 * Memoised on the list (which the layouts keep while no link changes), and each link on its
 * address: typing in another field redraws none of them.
 */
export const SocialLinks = memo(function SocialLinks({ links, label, listClassName, linkClassName }: SocialLinksProps) {
  const shown = links.filter((link) => (link.href ?? '').trim() !== '');
  return (
    <ul className={listClassName} aria-label={label}>
      {shown.map(({ network, href }) => (
        <SocialLinkItem key={network} network={network} href={href} linkClassName={linkClassName} />
      ))}
    </ul>
  );
});

const SocialLinkItem = memo(function SocialLinkItem({ network, href, linkClassName }: SocialLink & { linkClassName: string | undefined }) {
  const Icon = ICONS[network];
  return (
    <li>
      {isSafeHref(href) ? (
        <a href={href.trim()} className={linkClassName} target="_blank" rel="noopener noreferrer" aria-label={network} title={network}>
          <Icon />
        </a>
      ) : (
        <span data-unsafe-link="true">{`${network}: ${href ?? ''}`}</span>
      )}
    </li>
  );
});
