// Bundled sample assets, as URLs (webpack asset/resource; inlined as data URLs in the publish
// function's renderer). Small hand-made SVGs and a PDF made by scripts/makeSampleResume.mjs;
// nothing is fetched from the internet. A portfolio names them as `sample:<name>` (model/files.ts).
import type { SampleName } from '../model';
import sampleResumeUrl from './sample-resume.pdf';
import portraitAaravUrl from './portrait-aarav.svg';
import portraitMeeraUrl from './portrait-meera.svg';
import bakeryBannerUrl from './bakery-banner.svg';
import bakeryBreadUrl from './bakery-bread.svg';
import bakeryCakeUrl from './bakery-cake.svg';
import productMugUrl from './product-mug.svg';

/** The sample resume the generator's preview shows until a visitor chooses theirs. */
export const SAMPLE_RESUME_URL: string = sampleResumeUrl;

/** Where each `sample:<name>` file is. */
export const SAMPLE_URLS: Readonly<Record<SampleName, string>> = {
  portraitAarav: portraitAaravUrl,
  portraitMeera: portraitMeeraUrl,
  bakeryBanner: bakeryBannerUrl,
  bakeryBread: bakeryBreadUrl,
  bakeryCake: bakeryCakeUrl,
  productMug: productMugUrl,
  resume: sampleResumeUrl,
};
