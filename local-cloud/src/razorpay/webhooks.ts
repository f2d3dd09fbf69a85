// Webhooks as Razorpay sends them: a POST of the event as JSON, X-Razorpay-Signature (hex
// HMAC-SHA256 of the raw body with the webhook secret) and X-Razorpay-Event-Id. The sandbox's
// "dashboard" sends every event to this local-cloud's razorpay-webhook function, one at a time in
// the order they happened, retrying a failed delivery a few times, and logs each delivery.
import type { LocalCloudContext } from '../context.ts';
import { razorpayId } from './ids.ts';
import { webhookSignature } from './signature.ts';
import type { OrderEntity, PaymentEntity, RefundEntity } from './store.ts';
import type { SubscriptionEntity } from './subscriptionsStore.ts';

export interface SandboxEvent {
  event: string;
  payload: {
    subscription?: SubscriptionEntity;
    payment?: PaymentEntity;
    order?: OrderEntity;
    /** refund.processed, refund.failed: the refund as it is after it. */
    refund?: RefundEntity;
    /** The partner app a seller revoked (account.app.authorization_revoked). */
    application?: { id: string; name: string };
  };
  /** Unix seconds on the sandbox clock when it happened. */
  createdAt: number;
  /** A connected seller's account it happened on (Partner OAuth); none: the platform's own. */
  accountId?: string | null;
}

/** The function Razorpay's dashboard would be pointed at (docs/DEPLOY.md names it for production). */
const WEBHOOK_FUNCTION = 'razorpay-webhook';

const RETRY_DELAYS_MS = [0, 250, 1000];

export interface WebhookSender {
  /** Queues events for delivery after what came before; returns at once. */
  send(events: readonly SandboxEvent[]): void;
  /** Resolves once every queued event has been delivered (or given up on). */
  idle(): Promise<void>;
}

export function createWebhookSender(ctx: LocalCloudContext, ready: Promise<void>): WebhookSender {
  let queue: Promise<void> = Promise.resolve();

  async function deliver(event: SandboxEvent): Promise<void> {
    const url = `${ctx.config.publicUrl.replace(/\/+$/, '')}/functions/v1/${WEBHOOK_FUNCTION}`;
    const eventId = razorpayId('evt');
    const body = JSON.stringify({
      entity: 'event',
      account_id: event.accountId ?? `acc_${ctx.keys.razorpayKeyId.slice(-14)}`,
      event: event.event,
      contains: Object.keys(event.payload),
      payload: Object.fromEntries(Object.entries(event.payload).map(([name, entity]) => [name, { entity }])),
      created_at: event.createdAt,
    });
    const signature = webhookSignature(body, ctx.keys.razorpayWebhookSecret);
    await ready;
    await ctx.db.asOwner((tx) =>
      tx.query(
        `insert into local_cloud.razorpay_webhook_deliveries (event_id, event, body, signature, url, created_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [eventId, event.event, body, signature, url, event.createdAt],
      ),
    );
    let status: number | null = null;
    let attempts = 0;
    for (const delay of RETRY_DELAYS_MS) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      attempts++;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'User-Agent': 'Razorpay-Webhook/v1',
            'X-Razorpay-Event-Id': eventId,
            'X-Razorpay-Signature': signature,
          },
          body,
        });
        status = res.status;
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) break;
      } catch {
        status = null;
      }
    }
    await ctx.db.asOwner((tx) =>
      tx.query(
        `update local_cloud.razorpay_webhook_deliveries set attempts = $2, response_status = $3, delivered = $4 where event_id = $1`,
        [eventId, attempts, status, status !== null && status >= 200 && status < 300],
      ),
    );
    if (status === null || status >= 300) ctx.log.warn('razorpay sandbox webhook not accepted', { event: event.event, eventId, status });
  }

  return {
    send(events) {
      for (const event of events) {
        queue = queue.then(() =>
          deliver(event).catch((error: unknown) =>
            ctx.log.error('razorpay sandbox webhook failed', { event: event.event, error: String(error) }),
          ),
        );
      }
    },
    idle: () => queue,
  };
}
