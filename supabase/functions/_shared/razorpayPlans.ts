// Which Razorpay plan bills each FolioForge plan. In production the plan ids are set as secrets
// (RAZORPAY_PLAN_BASIC, RAZORPAY_PLAN_PRO, RAZORPAY_PLAN_PREMIUM; docs/DEPLOY.md); each is checked
// once against the price list, so a plan that charges another amount or currency is never used.
// Without them (local-cloud, a fresh test account) the plan is found among the account's plans by
// its notes, or created once: Razorpay plans cannot be edited, so a new price makes a new plan.
import type { Env } from './env.ts';
import { PLANS, planById, type PlanId, type PlanPrice } from './prices.ts';
import type { RazorpayApi, RazorpayPlan } from './razorpay.ts';

/** Marks the plans this app made, so they are found again (and told apart from others on the account). */
const NOTE = 'folioforge_plan';
const PAGE = 100;
const MAX_PAGES = 10;

class PlanConfigError extends Error {}

function matches(plan: RazorpayPlan, price: PlanPrice): boolean {
  return plan.period === 'monthly' && plan.interval === 1 && plan.item.amount === price.amount && plan.item.currency === price.currency;
}

function noteOf(plan: RazorpayPlan): string | undefined {
  return Array.isArray(plan.notes) ? undefined : plan.notes[NOTE];
}

const envName = (id: PlanId) => `RAZORPAY_PLAN_${id.toUpperCase()}`;

export interface PlanCatalog {
  /** The Razorpay plan id that charges this plan's price. */
  razorpayPlanFor(planId: PlanId): Promise<string>;
  /** The FolioForge plan a Razorpay plan bills, if it is one of ours at today's price. */
  planOf(razorpayPlanId: string): Promise<PlanPrice | undefined>;
}

export function planCatalog(api: RazorpayApi, env: Env): PlanCatalog {
  const resolved = new Map<PlanId, Promise<string>>();
  const known = new Map<string, PlanPrice | undefined>();

  async function configured(price: PlanPrice, id: string): Promise<string> {
    const plan = await api.fetchPlan(id);
    if (!matches(plan, price)) {
      throw new PlanConfigError(
        `${envName(price.id)} (${id}) charges ${plan.item.amount} ${plan.item.currency} every ${plan.interval} ${plan.period}, ` +
          `not ${price.amount} ${price.currency} monthly`,
      );
    }
    return id;
  }

  async function foundOrCreated(price: PlanPrice): Promise<string> {
    // Oldest first among matches, so concurrent first uses on several instances settle on one plan.
    const candidates: RazorpayPlan[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const plans = await api.listPlans(PAGE, page * PAGE);
      candidates.push(...plans.filter((plan) => noteOf(plan) === price.id && matches(plan, price)));
      if (plans.length < PAGE) break;
    }
    const oldest = candidates.sort((a, b) => a.created_at - b.created_at)[0];
    if (oldest) return oldest.id;
    const created = await api.createPlan({
      period: 'monthly',
      interval: 1,
      item: {
        name: `FolioForge ${price.name}`,
        amount: price.amount,
        currency: price.currency,
        description: `${price.name} plan, billed monthly`,
      },
      notes: { [NOTE]: price.id },
    });
    return created.id;
  }

  function razorpayPlanFor(planId: PlanId): Promise<string> {
    let entry = resolved.get(planId);
    if (!entry) {
      const price = planById(planId)!;
      const id = env(envName(planId));
      entry = id ? configured(price, id) : foundOrCreated(price);
      entry.then((rzpId) => known.set(rzpId, price)).catch(() => resolved.delete(planId));
      resolved.set(planId, entry);
    }
    return entry;
  }

  async function planOf(razorpayPlanId: string): Promise<PlanPrice | undefined> {
    if (known.has(razorpayPlanId)) return known.get(razorpayPlanId);
    let price: PlanPrice | undefined;
    const configuredFor = PLANS.find((candidate) => env(envName(candidate.id)) === razorpayPlanId);
    if (configuredFor) {
      price = configuredFor;
    } else {
      const plan = await api.fetchPlan(razorpayPlanId);
      const named = planById(noteOf(plan) ?? '');
      price = named && matches(plan, named) ? named : undefined;
    }
    known.set(razorpayPlanId, price);
    return price;
  }

  return { razorpayPlanFor, planOf };
}
