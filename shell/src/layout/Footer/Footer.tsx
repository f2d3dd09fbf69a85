import { Link } from 'react-router-dom';
import { FOOTER_COLUMNS } from './footerLinks';
import styles from './Footer.module.scss';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title}`} className={styles.column}>
            <h2 id={`footer-${column.title}`} className={styles.heading}>
              {column.title}
            </h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className={styles.description}>
        FolioForge helps you create and showcase a professional portfolio with ease: pick a template, fill it in beside a live preview, and
        publish a page that is yours.
      </p>
      <p className={styles.copyright}>© 2023 FolioForge. All rights reserved.</p>
    </footer>
  );
}
