import type { TemplateValues } from '../types';
import type { SocialLink } from './SocialLinks';

export interface PortfolioProject {
  /** 1 or 2: every portfolio has exactly two projects (spec section 9). */
  n: 1 | 2;
  title: string;
  description: string;
  url: string;
}

/** The two project cards of a portfolio layout, read from project1title … project2url. */
export function portfolioProjects(values: TemplateValues): PortfolioProject[] {
  return ([1, 2] as const).map((n) => ({
    n,
    title: values[`project${n}title`] ?? '',
    description: values[`project${n}description`] ?? '',
    url: values[`project${n}url`] ?? '',
  }));
}

/** The five social networks of a portfolio (spec section 9), in the order the layouts show them. */
export function portfolioSocialLinks(values: TemplateValues): SocialLink[] {
  return [
    { network: 'Facebook', href: values.facebooklink },
    { network: 'Instagram', href: values.instagramlink },
    { network: 'Twitter', href: values.twitterlink },
    { network: 'GitHub', href: values.githublink },
    { network: 'LinkedIn', href: values.linkedinlink },
  ];
}
