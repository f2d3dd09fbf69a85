// Bundled sample assets, as URLs (webpack asset/resource). Small hand-made SVGs and a PDF made by
// scripts/makeSampleResume.mjs; nothing is fetched from the internet.
import sampleResumeUrl from './sample-resume.pdf';
import portraitAaravUrl from './portrait-aarav.svg';
import portraitMeeraUrl from './portrait-meera.svg';
import bakeryBannerUrl from './bakery-banner.svg';
import bakeryBreadUrl from './bakery-bread.svg';
import bakeryCakeUrl from './bakery-cake.svg';
import productMugUrl from './product-mug.svg';

/** The resume 'My Resume' opens when the visitor has not chosen their own. */
export const SAMPLE_RESUME_URL: string = sampleResumeUrl;

export const SAMPLE_IMAGES = {
  portraitAarav: portraitAaravUrl,
  portraitMeera: portraitMeeraUrl,
  bakeryBanner: bakeryBannerUrl,
  bakeryBread: bakeryBreadUrl,
  bakeryCake: bakeryCakeUrl,
  productMug: productMugUrl,
} as const satisfies Record<string, string>;
