// The footer's columns, in order. Labels come from the paths.
export const FOOTER_COLUMNS: { title: string; paths: string[] }[] = [
  {
    title: 'Products',
    paths: ['/templates', '/builder', '/design', '/features', '/app-market', '/hosting', '/domains', '/accessibility', '/app-builder'],
  },
  {
    title: 'Solutions',
    paths: [
      '/online-store',
      '/online-booking',
      '/restaurant-website',
      '/blog-website',
      '/portfolio-website',
      '/studio',
      '/enterprise-solutions',
      '/student-website',
      '/business-email',
      '/logo-maker',
    ],
  },
  { title: 'Learn', paths: ['/blog', '/privacy-security-hub', '/seo-learning-hub', '/encyclopedia'] },
  { title: 'Support', paths: ['/help-center', '/hire-professional', '/report-abuse', '/system-status'] },
  {
    title: 'Company',
    paths: ['/press-media', '/investor-relations', '/capital', '/accessibility-statement', '/patent-notice', '/sitemap', '/careers'],
  },
  { title: 'About', paths: ['/contact-us', '/terms-of-use', '/privacy-policy'] },
];

const SPECIAL_LABELS: Record<string, string> = {
  '/seo-learning-hub': 'SEO Learning Hub',
  '/press-media': 'Press & Media',
  '/privacy-security-hub': 'Privacy & Security Hub',
};

/** "/app-market" → "App Market". */
export function labelForPath(path: string): string {
  return (
    SPECIAL_LABELS[path] ??
    path
      .slice(1)
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}
