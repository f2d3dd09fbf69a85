import { Link } from 'react-router-dom';
import { blogPathFor } from './blogPaths';
import styles from './BlogLink.module.scss';

/** The way from a portfolio (its editor, its card in My portfolios) to its Blog screen. */
export function BlogLink({ portfolioId, title }: { portfolioId: string; title?: string }) {
  return (
    <p className={styles.blogLink}>
      <Link to={blogPathFor(portfolioId)} aria-label={title ? `Blog posts of ${title}` : undefined}>
        Blog posts
      </Link>
      {title ? null : <span> — write posts for your site’s blog, as drafts or scheduled ahead.</span>}
    </p>
  );
}
