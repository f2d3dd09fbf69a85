import { Link } from 'react-router-dom';
import { PRODUCT_FEATURES } from '../../content/features';
import styles from './Features.module.scss';

/** Features (/features): where Home's Learn More leads; each feature explained, with a way to try it. */
export default function Features() {
  return (
    <div className={styles.features}>
      <header className={styles.intro}>
        <h1 className={styles.heading}>Features</h1>
        <p className={styles.lead}>Everything FolioForge gives you to create and showcase a professional portfolio with ease.</p>
      </header>
      <ul className={styles.list}>
        {PRODUCT_FEATURES.map((feature) => (
          <li key={feature.id} id={feature.id} className={styles.item}>
            <h2 className={styles.name}>{feature.name}</h2>
            <p className={styles.explanation}>{feature.explanation}</p>
            {feature.link ? (
              <Link to={feature.link.to} className={styles.link}>
                {feature.link.label}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      <p className={styles.cta}>
        Ready to start? <Link to="/templates">Choose a template</Link>.
      </p>
    </div>
  );
}
