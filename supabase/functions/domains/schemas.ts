// What the browser may send the domains function, checked before anything else is read.
import { z } from 'zod';
import { domainNameProblem, type DomainsRequest } from '../_shared/freeDomain.ts';

const domainName = z
  .string()
  .max(253)
  .transform((name) => name.trim().toLowerCase())
  .refine((name) => domainNameProblem(name) === undefined, { message: 'is not a domain name FolioForge registers' });

export const domainsBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('search'), query: z.string().max(253) }),
  z.object({ action: z.literal('register'), domain: domainName, portfolioId: z.uuid() }),
  z.object({ action: z.literal('renew'), domain: domainName }),
  z.object({ action: z.literal('connect'), domain: domainName, portfolioId: z.uuid() }),
]) satisfies z.ZodType<DomainsRequest, unknown>;
