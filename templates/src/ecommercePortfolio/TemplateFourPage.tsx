import type { TemplatePreviewProps } from '../types';
import { SafeLink, isSafeAssetUrl } from '@folioforge/shared';
import { StorefrontIcon } from '../common/icons';
import styles from './TemplateFourPage.module.scss';
import { RichText } from '@folioforge/shared';

/** The template 4 page: one product, its story, a Shop Now link and a hero image. */
export function TemplateFourPage({ values }: TemplatePreviewProps) {
  const heading = values.temp4heading ?? '';
  return (
    <div className={styles.root}>
      <main className={styles.page}>
        <div className={styles.copy}>
          <h1 className={styles.heading}>{heading}</h1>
          <RichText className={styles.description} value={values.temp4description} />
          <SafeLink href={values.temp4url} newTab className={styles.shopNow} textClassName={styles.shopNowDisabled}>
            Shop Now<span className={styles.visuallyHidden}> (opens in a new tab)</span>
          </SafeLink>
          <p className={styles.alsoOn}>
            <StorefrontIcon width={22} height={22} />
            <span>Also Available On our online store and in select studio shops</span>
          </p>
        </div>
        {isSafeAssetUrl(values.temp4image) ? (
          <img className={styles.hero} src={values.temp4image} alt={heading ? `${heading}, product photo` : 'Product photo'} />
        ) : null}
      </main>
    </div>
  );
}
