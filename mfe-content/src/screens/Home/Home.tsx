import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { accountDeletedFrom, accountDeletedMessage } from '@folioforge/shared';
import { PRODUCT_FEATURES } from '../../content/features';
import TemplatesCarousel from './TemplatesCarousel/TemplatesCarousel';
import styles from './Home.module.scss';

/** Home (/home): the page body only; the shell frames it with its header and footer. */
export default function Home() {
  const location = useLocation();
  const navigate = useNavigate();
  // Arriving from a deleted account (/account's navigation state): said once, here, and focused so a
  // screen reader reads it; the state is then dropped, so a reload of /home does not repeat it.
  const [deleted] = useState(() => accountDeletedFrom(location.state));
  const confirmation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!deleted) return;
    confirmation.current?.focus();
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [deleted, navigate, location.pathname, location.search]);
  return (
    <div className={styles.home}>
      {deleted ? (
        <div role="status" className={styles.confirmation}>
          <p ref={confirmation} tabIndex={-1}>
            {accountDeletedMessage(deleted)}
          </p>
        </div>
      ) : null}
      <section className={styles.hero} aria-labelledby="home-hero-heading">
        <h1 id="home-hero-heading" className={styles.heroHeading}>
          Welcome to FolioForge
        </h1>
        <p className={styles.heroIntro}>Create and showcase a professional portfolio with ease.</p>
        <p className={styles.heroDetail}>Pick a template, fill it in beside a live preview, and publish a page that is really yours.</p>
        <Link to="/templates" className={styles.primaryLink}>
          Get Started
        </Link>
      </section>

      <section className={styles.features} aria-labelledby="home-features-heading">
        <h2 id="home-features-heading" className={styles.sectionHeading}>
          Features
        </h2>
        <ul className={styles.featureList}>
          {PRODUCT_FEATURES.map((feature) => (
            <li key={feature.id} className={styles.featureCard}>
              <h3 className={styles.featureName}>{feature.name}</h3>
              <p className={styles.featureSummary}>{feature.summary}</p>
            </li>
          ))}
        </ul>
        <Link to="/features" className={styles.secondaryLink}>
          Learn More
        </Link>
      </section>

      <section className={styles.featured} aria-labelledby="home-generator-heading">
        <div className={styles.featuredText}>
          <h2 id="home-generator-heading" className={styles.sectionHeading}>
            Portfolio generation
          </h2>
          <p>
            Easily create and preview a professional portfolio with the generator. Fill in your details, skills, experience and education,
            add a photo and your resume, and watch the portfolio take shape as you type.
          </p>
          <Link to="/portfo" className={styles.primaryLink}>
            Open the portfolio generator
          </Link>
        </div>
      </section>

      <section className={styles.testimonials} aria-labelledby="home-testimonials-heading">
        <h2 id="home-testimonials-heading" className={styles.sectionHeading}>
          Testimonials
        </h2>
        <p className={styles.testimonialsInvite}>
          Built something with FolioForge? <Link to="/contact-us">Tell us about it</Link> and your story could appear here.
        </p>
      </section>

      <TemplatesCarousel />
    </div>
  );
}
