// The domains function (supabase/functions/domains): searching names at the registrar, registering
// one on the plan's free domain-year, renewing it, connecting it to a page; what each answers.
import { z } from 'zod';
import { domainNameProblem } from '../freeDomain.ts';
import { defineFunction } from './functionContract.ts';

const domainName = z
  .string()
  .max(253)
  .transform((name) => name.trim().toLowerCase())
  .refine((name) => domainNameProblem(name) === undefined, { message: 'is not a domain name FolioForge registers' });

/** One searched name: whether it can be had, what it costs, whether the plan's free domain covers it. */
const domainOfferSchema = z.object({
  domain: z.string(),
  available: z.boolean(),
  /** Available, a standard registration, and both prices within FREE_DOMAIN_MAX_PRICE_USD. */
  free: z.boolean(),
  /** The registrar's price for the first year, in US dollars, when it can be had. */
  priceUsd: z.number().nullable(),
  renewalPriceUsd: z.number().nullable(),
  /** Why it is not free, in words, when it is not. */
  note: z.string().optional(),
});
export type DomainOffer = z.infer<typeof domainOfferSchema>;

/** A domain registered for the user, as /account shows it. */
const registeredDomainSchema = z.object({
  domain: z.string(),
  registeredAt: z.string(),
  expiresAt: z.string(),
  renewalPriceUsd: z.number().nullable(),
  /** The page it shows, or null when not connected to one. */
  portfolioId: z.string().nullable(),
});
export type RegisteredDomain = z.infer<typeof registeredDomainSchema>;

/** Registered (or connected) and pointed at the site: where the page shows once DNS has spread. */
const domainRegisteredSchema = z.object({ registered: registeredDomainSchema, url: z.string() });

export const domainsFunction = defineFunction(
  'domains',
  z.discriminatedUnion('action', [
    z.object({ action: z.literal('search'), query: z.string().max(253) }),
    z.object({ action: z.literal('register'), domain: domainName, portfolioId: z.uuid() }),
    z.object({ action: z.literal('renew'), domain: domainName }),
    z.object({ action: z.literal('connect'), domain: domainName, portfolioId: z.uuid() }),
  ]),
  {
    search: z.object({ offers: z.array(domainOfferSchema) }),
    register: domainRegisteredSchema,
    renew: z.object({ registered: registeredDomainSchema }),
    connect: domainRegisteredSchema,
  },
);
