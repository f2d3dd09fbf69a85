// The two static articles of the Blog screen. Plain paragraphs, no HTML strings.
interface BlogArticle {
  id: string;
  title: string;
  author: string;
  /** Shown as written: the articles are static, and the spec gives them this label. */
  published: string;
  paragraphs: readonly string[];
}

export const BLOG_ARTICLES: readonly BlogArticle[] = [
  {
    id: 'plan-before-you-build',
    title: 'Plan your website before you build it',
    author: 'FolioForge Editorial Team',
    published: 'published 2 days ago',
    paragraphs: [
      'The most common reason a personal website never gets finished is that it was started in the editor. Before you choose colours or fonts, write down in one sentence who the site is for and what you want them to do after reading it: a recruiter who should invite you to an interview, a client who should ask for a quote, a shopper who should place an order. Every later decision becomes easier once that sentence exists.',
      'Next, gather your material. Collect a short introduction of two or three sentences, a longer about text, two projects you are proud of with a link to each, your contact details, and the profiles you actually keep up to date. A good photo and a current PDF resume are worth more than a dozen half-finished sections. If a piece is missing, the template still works; you can add it later.',
      'Only then pick a template. A personal portfolio puts you and your projects first; a professional one leads with experience and skills; an e-commerce page is built around what you sell and how to order it. Choose the layout whose first screen answers your one-sentence goal, and resist the urge to fill every field just because it is there.',
      'Finally, read your page as a stranger would, on your phone as well as on a laptop. Check that every link opens, that your email address is spelled correctly and that the first thing a visitor sees explains why they should stay. Publish when it is good, not when it is perfect: a live page you improve every month beats a perfect draft nobody sees.',
    ],
  },
  {
    id: 'fast-readable-accessible',
    title: 'Five habits for a fast, readable and accessible website',
    author: 'FolioForge Design Team',
    published: 'published 2 days ago',
    paragraphs: [
      'Visitors decide within seconds whether a page is worth their time, and many of them arrive on a phone over a slow connection. The good news is that the habits that make a site fast also make it easier to read and to use with a keyboard or a screen reader. Here are five that pay off on every website.',
      'First, keep images lean. Export photos at the size they are shown rather than straight from the camera, prefer modern formats, and use simple vector graphics for logos and icons. A portfolio with three well-chosen images loads faster and looks calmer than one with thirty. Second, write for scanning: short paragraphs, headings that say what follows, and links whose text names their destination instead of "click here".',
      'Third, mind the contrast. Light grey text on a white background may look elegant on your monitor but becomes unreadable in sunlight; aim for text that stands out clearly from its background, and never rely on colour alone to carry meaning. Fourth, describe your images. A short alternative text such as "Screenshot of the booking page on a phone" tells someone who cannot see the picture what it shows, and helps search engines too.',
      'Fifth, try your site without a mouse. Press Tab from the top of the page and make sure you can reach every link and button, that you can always see where the focus is, and that forms tell you clearly when something went wrong. A site that works this way works better for everyone, and it takes only a few minutes to check before you publish.',
    ],
  },
];
