// What every part of the Razorpay sandbox shares: local-cloud's context, the moment its tables
// are ready, its clock and its webhook sender.
import type { LocalCloudContext } from '../context.ts';
import type { SandboxClock } from './clock.ts';
import type { WebhookSender } from './webhooks.ts';

export interface Sandbox {
  ctx: LocalCloudContext;
  /** Tables exist and the clock is read; every handler awaits it before touching them. */
  ready: Promise<void>;
  clock: SandboxClock;
  webhooks: WebhookSender;
  /**
   * Seller accounts whose refunds are answered `pending` from now on (a test control, sandboxApi.ts);
   * undefined unless local-cloud was started with its test controls.
   */
  pendingRefundAccounts?: Set<string>;
  /** <publicUrl>/razorpay, read per call: the port is final only once the server listens. */
  apiBase(): string;
}
