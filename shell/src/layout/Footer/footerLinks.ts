// The footer's columns, in order. Every link leads to a page of the product with real content; the
// spec's other footer destinations (app market, hosting, careers …) had none and were removed.
// Pricing is the header's (one link of a name per page).
interface FooterLink {
  to: string;
  label: string;
}

export const FOOTER_COLUMNS: readonly { title: string; links: readonly FooterLink[] }[] = [
  {
    title: 'Products',
    links: [
      { to: '/templates', label: 'Templates' },
      { to: '/features', label: 'Features' },
      { to: '/domains', label: 'Domains' },
    ],
  },
  {
    title: 'Learn',
    links: [
      { to: '/blog', label: 'Blog' },
      { to: '/help-center', label: 'Help Center' },
    ],
  },
  {
    title: 'About',
    links: [
      { to: '/contact-us', label: 'Contact Us' },
      { to: '/terms-of-use', label: 'Terms of Use' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/accessibility-statement', label: 'Accessibility Statement' },
    ],
  },
];
