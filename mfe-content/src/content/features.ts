// The product's eight features, told once and shown twice: as a list on Home and
// explained on /features. `to` points into the product where the feature can be tried.
interface ProductFeature {
  /** Stable key for lists and anchors (/features#responsive-design). */
  id: string;
  name: string;
  /** One line for the Home list. */
  summary: string;
  /** A short paragraph for /features. */
  explanation: string;
  /** Where to try it, when a screen exists. */
  link?: { to: string; label: string };
}

export const PRODUCT_FEATURES: readonly ProductFeature[] = [
  {
    id: 'responsive-design',
    name: 'Responsive design',
    summary: 'Every template reads well on phones, tablets and desktops.',
    explanation:
      'Each template rearranges itself for the screen it is shown on: one column on a phone, more room for projects and images on a laptop or a wide monitor. You write your content once and your visitors see a page that fits their device, without pinching or sideways scrolling.',
    link: { to: '/templates', label: 'See the templates' },
  },
  {
    id: 'customizable-templates',
    name: 'Customizable templates',
    summary: 'Make a template yours: your words, links, pictures and projects.',
    explanation:
      'A template is a starting point, not a cage. On the design screen you replace every text, add your projects with their links, and connect your Facebook, Instagram, Twitter, GitHub and LinkedIn profiles. The layout stays polished while the content is entirely yours.',
    link: { to: '/design', label: 'Open the design screen' },
  },
  {
    id: 'portfolio-preview',
    name: 'Portfolio preview',
    summary: 'See the finished page beside the form while you fill it in.',
    explanation:
      'The design screen and the portfolio generator show a live preview next to the form. You see exactly what a visitor will see, so you can judge how long a description reads or how a project title wraps before anything goes public.',
    link: { to: '/design', label: 'Try the live preview' },
  },
  {
    id: 'file-upload-support',
    name: 'File upload support',
    summary: 'Add a profile picture and your resume straight from your device.',
    explanation:
      'Pick a photo or logo and a resume from your computer or phone. Pictures must be image files and resumes must be PDFs, so what you upload is what visitors can open. The preview shows them as soon as you choose them.',
    link: { to: '/portfo', label: 'Upload in the generator' },
  },
  {
    id: 'rich-text-editing',
    name: 'Rich text editing',
    summary: 'Write about yourself, your experience and education at length.',
    explanation:
      'Longer sections such as your experience, your education or the about text have roomy multi-line fields that keep your paragraphs and line breaks. Write as you would in a letter; the template takes care of typography and spacing.',
    link: { to: '/portfo', label: 'Write in the generator' },
  },
  {
    id: 'image-and-pdf-storage',
    name: 'Image and PDF storage',
    summary: 'Your pictures and resume are stored with your portfolio.',
    explanation:
      'Images and PDF resumes you upload are kept in your FolioForge account together with your portfolio, so the published page can show them and you can come back later to update them. Only you can change your files.',
  },
  {
    id: 'template-selection',
    name: 'Template selection',
    summary: 'Choose from personal, professional and e-commerce templates.',
    explanation:
      'Four templates cover the common cases: a personal portfolio, a professional portfolio, an e-commerce business page and an e-commerce portfolio for a single product. Compare them side by side in the collection and start from the one that suits your goal.',
    link: { to: '/templates', label: 'Browse the collection' },
  },
  {
    id: 'dynamic-content-update',
    name: 'Dynamic content update',
    summary: 'Change your content any time; the page follows at once.',
    explanation:
      'Every edit shows up in the preview immediately, and a saved portfolio can be opened and changed again whenever your projects or contact details change. Your page grows with your career instead of going stale.',
    link: { to: '/design', label: 'Edit a portfolio' },
  },
];
