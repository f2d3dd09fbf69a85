import type { PlanId } from '@folioforge/shared';

// The pricing screen's plans: what each is for, and which plan includes which feature.

export const PLAN_SUMMARIES: Readonly<Record<PlanId, string>> = {
  basic: 'Everything you need to put your portfolio online.',
  pro: 'A website customized for your work.',
  premium: 'Your whole brand: logo, social media files and priority care.',
};

interface PlanFeature {
  label: string;
  includedIn: readonly PlanId[];
}

const ALL_PLANS: readonly PlanId[] = ['basic', 'pro', 'premium'];

export const PLAN_FEATURES: readonly PlanFeature[] = [
  { label: 'Custom domain', includedIn: ALL_PLANS },
  { label: 'Free domain for 1 year', includedIn: ALL_PLANS },
  { label: 'Remove branding', includedIn: ALL_PLANS },
  { label: 'Storage space', includedIn: ALL_PLANS },
  { label: 'Customer accounts', includedIn: ALL_PLANS },
  { label: 'Customer care', includedIn: ALL_PLANS },
  { label: 'Customized website', includedIn: ['pro', 'premium'] },
  { label: 'Pages behind a password', includedIn: ['pro', 'premium'] },
  { label: 'Professional logo', includedIn: ['premium'] },
  { label: 'Social media logo files', includedIn: ['premium'] },
  { label: 'Priority customer care', includedIn: ['premium'] },
];

export function featuresOf(planId: PlanId): PlanFeature[] {
  return PLAN_FEATURES.filter((feature) => feature.includedIn.includes(planId));
}
