import { memo, type ComponentType, type SVGProps } from 'react';
import { isSafeHref } from '@folioforge/shared';
import type { SocialLink } from '../model';
import {
  BehanceIcon,
  DribbbleIcon,
  FacebookIcon,
  GitHubIcon,
  InstagramIcon,
  LinkedInIcon,
  LinkIcon,
  MastodonIcon,
  TwitterIcon,
  YouTubeIcon,
} from './icons';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** Networks with an icon of their own, by the name a visitor gives them (any case). Others get a link icon. */
const NETWORK_ICONS: Readonly<Record<string, Icon>> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  twitter: TwitterIcon,
  x: TwitterIcon,
  github: GitHubIcon,
  linkedin: LinkedInIcon,
  youtube: YouTubeIcon,
  dribbble: DribbbleIcon,
  behance: BehanceIcon,
  mastodon: MastodonIcon,
};

/** The networks the editor suggests, in its list's order. */
export const KNOWN_NETWORKS = [
  'Facebook',
  'Instagram',
  'Twitter',
  'X',
  'GitHub',
  'LinkedIn',
  'YouTube',
  'Dribbble',
  'Behance',
  'Mastodon',
] as const;

export const iconFor = (network: string): Icon => NETWORK_ICONS[network.trim().toLowerCase()] ?? LinkIcon;

export interface SocialLinksProps {
  links: readonly SocialLink[];
  /** Names the list for screen readers, e.g. 'Connect With me on'. */
  label: string;
  listClassName?: string;
  linkClassName?: string;
}

/**
 * Icon links to social profiles. The icon is decorative; the link is named after the network.
 * An empty address is left out; an unsafe one (e.g. javascript:) is shown as text, never linked.
 * Memoised on the list (the model keeps it while no link changes), and each link on its address.
 */
export const SocialLinks = memo(function SocialLinks({ links, label, listClassName, linkClassName }: SocialLinksProps) {
  const shown = links.filter((link) => link.url.trim() !== '');
  if (shown.length === 0) return null;
  return (
    <ul className={listClassName} aria-label={label}>
      {shown.map(({ id, network, url }) => (
        <SocialLinkItem key={id} network={network} url={url} linkClassName={linkClassName} />
      ))}
    </ul>
  );
});

const SocialLinkItem = memo(function SocialLinkItem({
  network,
  url,
  linkClassName,
}: {
  network: string;
  url: string;
  linkClassName: string | undefined;
}) {
  const Icon = iconFor(network);
  const name = network.trim() || 'Link';
  return (
    <li>
      {isSafeHref(url) ? (
        <a href={url.trim()} className={linkClassName} target="_blank" rel="noopener noreferrer" aria-label={name} title={name}>
          <Icon />
        </a>
      ) : (
        <span data-unsafe-link="true">{`${name}: ${url}`}</span>
      )}
    </li>
  );
});
