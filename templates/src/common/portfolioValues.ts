import { useMemo } from 'react';
import type { TemplateValues } from '../types';
import type { SocialLink } from './SocialLinks';

export interface PortfolioProject {
  /** 1 or 2: every portfolio has exactly two projects. */
  n: 1 | 2;
  title: string;
  description: string;
  url: string;
}

/**
 * The two project cards of a portfolio layout, read from project1title … project2url. The same
 * array until one of those fields changes, so typing elsewhere does not redraw the cards.
 */
export function usePortfolioProjects(values: TemplateValues): readonly PortfolioProject[] {
  const {
    project1title = '',
    project1description = '',
    project1url = '',
    project2title = '',
    project2description = '',
    project2url = '',
  } = values;
  return useMemo(
    () => [
      { n: 1, title: project1title, description: project1description, url: project1url },
      { n: 2, title: project2title, description: project2description, url: project2url },
    ],
    [project1title, project1description, project1url, project2title, project2description, project2url],
  );
}

/** The five social networks of a portfolio, in the order the layouts show them; kept like the projects. */
export function usePortfolioSocialLinks(values: TemplateValues): readonly SocialLink[] {
  const { facebooklink, instagramlink, twitterlink, githublink, linkedinlink } = values;
  return useMemo(
    () => [
      { network: 'Facebook', href: facebooklink },
      { network: 'Instagram', href: instagramlink },
      { network: 'Twitter', href: twitterlink },
      { network: 'GitHub', href: githublink },
      { network: 'LinkedIn', href: linkedinlink },
    ],
    [facebooklink, instagramlink, twitterlink, githublink, linkedinlink],
  );
}
