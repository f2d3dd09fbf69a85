// Custom domains: the DNS record that proves one is the owner's. Shared with /account (through
// shared/src/publishing/domains.ts), which shows the record to create.

export const domainProofRecord = (domain: string, token: string) => ({
  type: 'TXT' as const,
  name: `_folioforge.${domain}`,
  value: `folioforge-verify=${token}`,
});
