import { memo } from 'react';
import { RichText, SafeLink } from '@folioforge/shared';
import type { TemplatePageProps } from '../types';
import type { ItemOf, SocialLink } from '../model';
import { useAssetUrl } from '../common/assets';
import { PageImage } from '../common/PageImage';
import { ContactLines } from '../common/ContactLines';
import { SocialLinks } from '../common/SocialLinks';
import { StorefrontIcon } from '../common/icons';
import { ProductPlaceholder, ProductPrice } from '../common/ProductPrice';
import { SectionList, type SectionViewProps, type SectionViews } from '../common/sections/SectionList';
import { shownItems } from '../common/sections/shownItems';
import { usePagePrefix } from '../common/sections/usePagePrefix';
import { SignUpBox } from '../forms/SignUpForm';
import { ProductOrder, useBuysHere } from '../forms/OrderForm';
import styles from './EcommercePortfolioPage.module.scss';
import { SiteNavigation } from '../common/SiteNavigation';

/**
 * Template 4's page: the first product of a products section as the hero (its story, price, a Shop
 * Now link and its picture), more products as cards, then the rest of the portfolio.
 */
export function EcommercePortfolioPage({ portfolio }: TemplatePageProps) {
  const prefix = usePagePrefix();
  const { profile, socials, sections } = portfolio;
  return (
    <div className={styles.root}>
      <div className={styles.page}>
        <SiteNavigation name={profile.name} />
        {profile.name.trim() ? (
          <header className={styles.topBar}>
            <p className={styles.brand}>{profile.name}</p>
          </header>
        ) : null}
        <main>
          <SectionList sections={sections} prefix={prefix} views={VIEWS} />
          <Intro id={`${prefix}-about`} name={profile.name} headline={profile.headline} about={profile.about} photo={profile.photo} />
          <SignUpBox />
        </main>
        <Footer
          email={profile.email}
          phone={profile.phone}
          address={profile.address}
          website={profile.website}
          resume={profile.resume}
          socials={socials}
        />
      </div>
    </div>
  );
}

function Products({ section, anchorId }: SectionViewProps<'products'>) {
  const [first, ...more] = shownItems(section);
  return (
    <section id={anchorId} data-section-id={section.id} aria-label={section.title || 'Products'}>
      {first ? <ProductHero product={first} /> : null}
      {more.length || section.body.trim() ? (
        <div className={styles.more}>
          {section.title.trim() ? <h2>{section.title}</h2> : null}
          {section.body.trim() ? <RichText className={styles.description} value={section.body} /> : null}
          <ul className={styles.grid}>
            {more.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

const ProductHero = memo(function ProductHero({ product }: { product: ItemOf<'products'> }) {
  return (
    <div className={styles.product} data-item-id={product.id}>
      <div>
        {product.name.trim() ? <h1 className={styles.heading}>{product.name}</h1> : null}
        <ProductPrice product={product} className={styles.price} />
        <RichText className={styles.description} value={product.description} />
        <ShopNow product={product} />
        <p className={styles.alsoOn}>
          <StorefrontIcon width={22} height={22} />
          <span>Also Available On our online store and in select studio shops</span>
        </p>
      </div>
      <PageImage
        className={styles.hero}
        value={product.image}
        alt={product.name ? `${product.name}, product photo` : 'Product photo'}
        priority
      />
    </div>
  );
});

const ProductCard = memo(function ProductCard({ product }: { product: ItemOf<'products'> }) {
  return (
    <li className={styles.card} data-item-id={product.id}>
      {product.image.trim() ? (
        <PageImage
          value={product.image}
          alt={product.name ? `${product.name}, product photo` : 'Product photo'}
          sizes="(min-width: 48rem) 33vw, 100vw"
        />
      ) : (
        <ProductPlaceholder />
      )}
      <div className={styles.cardText}>
        {product.name.trim() ? <h3>{product.name}</h3> : null}
        <ProductPrice product={product} className={styles.price} />
        <RichText className={styles.description} value={product.description} />
        <ShopNow product={product} named />
      </div>
    </li>
  );
});

/**
 * "Shop Now": buys the product on this page (its quantity and option, then the page's order form)
 * where it is for sale here, its own link beside it; otherwise "Shop Now" is that link, beside
 * "Ask about this".
 */
function ShopNow({ product, named = false }: { product: ItemOf<'products'>; named?: boolean }) {
  if (useBuysHere(product))
    return (
      <>
        <ProductOrder product={product} buyLabel="Shop Now" buttonClassName={styles.shopNow} />
        {product.url.trim() ? (
          <SafeLink href={product.url} newTab className={styles.moreAbout}>
            More about it<span className={styles.visuallyHidden}>{named ? ` (${product.name})` : ''} (opens in a new tab)</span>
          </SafeLink>
        ) : null}
      </>
    );
  return (
    <div className={styles.shopLinks}>
      <ProductOrder product={product} buttonClassName={styles.shopNow} />
      {product.url.trim() ? (
        <SafeLink href={product.url} newTab className={styles.shopNow} textClassName={styles.shopNowDisabled}>
          Shop Now<span className={styles.visuallyHidden}>{named ? ` ${product.name}` : ''} (opens in a new tab)</span>
        </SafeLink>
      ) : null}
    </div>
  );
}

const VIEWS: SectionViews = { products: Products };

const Intro = memo(function Intro({
  id,
  name,
  headline,
  about,
  photo,
}: {
  id: string;
  name: string;
  headline: string;
  about: string;
  photo: string;
}) {
  const src = useAssetUrl(photo);
  if (!headline.trim() && !about.trim() && !src) return null;
  return (
    <section id={id} className={styles.intro} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{name.trim() ? `About ${name}` : 'About us'}</h2>
      <PageImage className={styles.hero} value={photo} alt={name ? `Photo of ${name}` : 'Photo'} />
      <RichText className={styles.description} value={headline} />
      <RichText className={styles.description} value={about} />
    </section>
  );
});

interface FooterProps {
  email: string;
  phone: string;
  address: string;
  website: string;
  resume: string;
  socials: readonly SocialLink[];
}

const Footer = memo(function Footer({ email, phone, address, website, resume, socials }: FooterProps) {
  const resumeUrl = useAssetUrl(resume);
  if (!email && !phone && !address && !website && !resumeUrl && !socials.some((link) => link.url.trim())) return null;
  return (
    <footer className={styles.footer}>
      <div>
        <ContactLines
          address={address}
          phone={phone}
          email={email}
          website={website}
          resume={{ value: resume, label: 'Our catalogue (PDF)' }}
        />
      </div>
      <SocialLinks label="Find us on" listClassName={styles.socials} linkClassName={styles.socialLink} links={socials} />
    </footer>
  );
});
