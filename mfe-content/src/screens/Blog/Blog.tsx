import { BLOG_ARTICLES } from './articles';
import styles from './Blog.module.scss';

/** Blog (/blog): two static articles about building a website. */
export default function Blog() {
  return (
    <div className={styles.blog}>
      <header className={styles.intro}>
        <h1 className={styles.heading}>Blog</h1>
        <p className={styles.lead}>Practical advice for building a website people enjoy visiting.</p>
      </header>
      <div className={styles.articles}>
        {BLOG_ARTICLES.map((article) => (
          <article key={article.id} className={styles.article} aria-labelledby={`blog-${article.id}`}>
            <h2 id={`blog-${article.id}`} className={styles.title}>
              {article.title}
            </h2>
            <p className={styles.meta}>
              <span>By {article.author}</span>
              <span aria-hidden="true"> · </span>
              <span>{article.published}</span>
            </p>
            {article.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className={styles.paragraph}>
                {paragraph}
              </p>
            ))}
          </article>
        ))}
      </div>
    </div>
  );
}
