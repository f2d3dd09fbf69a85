// What the browser may ask of the publish function, and what it answers.
import { z } from 'zod';
import { slugProblem } from './slugs.ts';

export const slugSchema = z.string().refine((candidate) => slugProblem(candidate) === undefined, {
  message: 'Use 3–40 lowercase letters, digits and dashes, starting and ending with a letter or digit.',
});

const portfolioId = z.uuid();

export const publishBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('publish'), portfolioId, slug: slugSchema }),
  z.object({ action: z.literal('unpublish'), portfolioId }),
  z.object({ action: z.literal('export'), portfolioId }),
  z.object({ action: z.literal('brand-kit'), portfolioId }),
  z.object({ action: z.literal('verify-domain'), domain: z.string().max(253) }),
  z.object({ action: z.literal('remove-domain'), domain: z.string().max(253) }),
]);
export type PublishRequest = z.infer<typeof publishBody>;

/** The answer to publish: where the page is now, and whether it carries the FolioForge badge. */
export interface PublishedPage {
  slug: string;
  url: string;
  badge: boolean;
}
