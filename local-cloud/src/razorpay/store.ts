// Orders and payments as Razorpay's API shows them, read from and written to local_cloud tables.
import type { Queryable } from '../context.ts';

export interface OrderEntity {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

export interface PaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  invoice_id: string | null;
  international: false;
  method: 'card' | 'upi';
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  description: string | null;
  card_id: string | null;
  card: { last4: string; network: string; type: 'credit' | 'debit'; international: false } | null;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Record<string, string> | [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
}

interface OrderRow {
  id: string;
  amount: string | number;
  amount_paid: string | number;
  currency: string;
  receipt: string | null;
  notes: Record<string, string> | null;
  status: OrderEntity['status'];
  attempts: number;
  created_at: string | number;
}

interface PaymentRow {
  id: string;
  order_id: string;
  amount: string | number;
  currency: string;
  status: PaymentEntity['status'];
  method: PaymentEntity['method'];
  captured: boolean;
  amount_refunded: string | number;
  email: string | null;
  contact: string | null;
  card_last4: string | null;
  card_network: string | null;
  vpa: string | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  notes: Record<string, string> | null;
  invoice_id: string | null;
  subscription_id: string | null;
  created_at: string | number;
}

// Razorpay serialises empty notes as [] (a PHP quirk clients tolerate); mirrored for fidelity.
export function notesOut(notes: Record<string, string> | null): Record<string, string> | [] {
  return notes && Object.keys(notes).length ? notes : [];
}

function toOrder(row: OrderRow): OrderEntity {
  const amount = Number(row.amount);
  const paid = Number(row.amount_paid);
  return {
    id: row.id,
    entity: 'order',
    amount,
    amount_paid: paid,
    amount_due: amount - paid,
    currency: row.currency,
    receipt: row.receipt,
    offer_id: null,
    status: row.status,
    attempts: row.attempts,
    notes: notesOut(row.notes),
    created_at: Number(row.created_at),
  };
}

function toPayment(row: PaymentRow): PaymentEntity {
  return {
    id: row.id,
    entity: 'payment',
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    order_id: row.order_id,
    invoice_id: row.invoice_id,
    international: false,
    method: row.method,
    amount_refunded: Number(row.amount_refunded),
    refund_status: Number(row.amount_refunded) === 0 ? null : row.status === 'refunded' ? 'full' : 'partial',
    captured: row.captured,
    description: null,
    card_id: row.method === 'card' ? `card_${row.id.slice(4)}` : null,
    card:
      row.method === 'card' && row.card_last4
        ? { last4: row.card_last4, network: row.card_network ?? 'Unknown', type: 'credit', international: false }
        : null,
    bank: null,
    wallet: null,
    vpa: row.vpa,
    email: row.email ?? '',
    contact: row.contact ?? '',
    notes: notesOut(row.notes),
    fee: row.captured ? Math.round(Number(row.amount) * 0.02) : null,
    tax: row.captured ? 0 : null,
    error_code: row.error_code,
    error_description: row.error_description,
    error_source: row.error_source,
    error_step: row.error_step,
    error_reason: row.error_reason,
    created_at: Number(row.created_at),
  };
}

export async function findOrder(tx: Queryable, id: string, forUpdate = false): Promise<OrderEntity | undefined> {
  const { rows } = await tx.query<OrderRow>(`select * from local_cloud.razorpay_orders where id = $1${forUpdate ? ' for update' : ''}`, [
    id,
  ]);
  return rows[0] ? toOrder(rows[0]) : undefined;
}

export async function findPayment(tx: Queryable, id: string): Promise<PaymentEntity | undefined> {
  const { rows } = await tx.query<PaymentRow>('select * from local_cloud.razorpay_payments where id = $1', [id]);
  return rows[0] ? toPayment(rows[0]) : undefined;
}

export async function insertOrder(
  tx: Queryable,
  order: {
    id: string;
    amount: number;
    currency: string;
    receipt: string | null;
    notes: Record<string, string>;
    createdAt: number;
    /** A connected seller's account (Partner OAuth); none: the platform's own. */
    accountId?: string | null;
  },
): Promise<OrderEntity> {
  const { rows } = await tx.query<OrderRow>(
    `insert into local_cloud.razorpay_orders (id, amount, currency, receipt, notes, created_at, account_id)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7) returning *`,
    [order.id, order.amount, order.currency, order.receipt, JSON.stringify(order.notes), order.createdAt, order.accountId ?? null],
  );
  return toOrder(rows[0]!);
}

/** Whether this account (null: the platform's) already has an order with this receipt. */
export async function receiptTaken(tx: Queryable, receipt: string, accountId: string | null = null): Promise<boolean> {
  const { rows } = await tx.query('select 1 from local_cloud.razorpay_orders where receipt = $1 and account_id is not distinct from $2', [
    receipt,
    accountId,
  ]);
  return rows.length > 0;
}

/** The account an order belongs to: a seller's id, null for the platform's own, undefined when there is none. */
export async function orderAccount(tx: Queryable, orderId: string): Promise<string | null | undefined> {
  const { rows } = await tx.query<{ account_id: string | null }>('select account_id from local_cloud.razorpay_orders where id = $1', [
    orderId,
  ]);
  return rows[0] ? rows[0].account_id : undefined;
}

interface NewPayment {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: PaymentEntity['status'];
  method: PaymentEntity['method'];
  email: string | null;
  contact: string | null;
  cardLast4: string | null;
  cardNetwork: string | null;
  vpa: string | null;
  error: { code: string; description: string; source: string; step: string; reason: string } | null;
  createdAt: number;
  /** Subscription charges: the invoice billed and its subscription. */
  invoiceId?: string;
  subscriptionId?: string;
}

export async function insertPayment(tx: Queryable, p: NewPayment): Promise<PaymentEntity> {
  const { rows } = await tx.query<PaymentRow>(
    `insert into local_cloud.razorpay_payments
       (id, order_id, amount, currency, status, method, captured, email, contact, card_last4, card_network, vpa,
        error_code, error_description, error_source, error_step, error_reason, created_at, invoice_id, subscription_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) returning *`,
    [
      p.id,
      p.orderId,
      p.amount,
      p.currency,
      p.status,
      p.method,
      p.status === 'captured',
      p.email,
      p.contact,
      p.cardLast4,
      p.cardNetwork,
      p.vpa,
      p.error?.code ?? null,
      p.error?.description ?? null,
      p.error?.source ?? null,
      p.error?.step ?? null,
      p.error?.reason ?? null,
      p.createdAt,
      p.invoiceId ?? null,
      p.subscriptionId ?? null,
    ],
  );
  return toPayment(rows[0]!);
}

/** One more attempt on the order; a captured payment pays it in full. */
export async function recordOrderAttempt(tx: Queryable, orderId: string, paid: boolean): Promise<void> {
  await tx.query(
    `update local_cloud.razorpay_orders
        set attempts = attempts + 1,
            status = case when $2 then 'paid' else 'attempted' end,
            amount_paid = case when $2 then amount else amount_paid end
      where id = $1`,
    [orderId, paid],
  );
}

/** A refund as Razorpay's API shows it (`POST /v1/payments/:id/refund`, `GET /v1/refunds/:id`). */
export interface RefundEntity {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: string | null;
  acquirer_data: { arn: null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal' | 'optimum';
}

/**
 * Refunds `amount` of a captured payment (Razorpay takes the rest of it when none is given), or says
 * why not in Razorpay's words. The sandbox processes a refund at once, at normal speed, unless `pending`
 * (a test control's): then it is under way until endRefund. Its amount counts as refunded of the payment
 * from the start, as on Razorpay, and is given back to the payment if it fails.
 */
export async function refundPayment(
  tx: Queryable,
  refund: {
    id: string;
    paymentId: string;
    amount?: number;
    speed: 'normal' | 'optimum';
    receipt: string | null;
    notes: Record<string, string>;
    createdAt: number;
    pending?: boolean;
  },
): Promise<{ refund: RefundEntity } | { refused: string; field?: string } | undefined> {
  const { rows } = await tx.query<PaymentRow>('select * from local_cloud.razorpay_payments where id = $1 for update', [refund.paymentId]);
  const payment = rows[0];
  if (!payment) return undefined;
  if (payment.status === 'refunded') return { refused: 'The payment has been fully refunded already' };
  if (payment.status !== 'captured') return { refused: 'Only captured payments can be refunded' };
  const left = Number(payment.amount) - Number(payment.amount_refunded);
  const amount = refund.amount ?? left;
  if (amount > left) return { refused: 'The refund amount provided is greater than amount captured', field: 'amount' };
  await tx.query(
    `update local_cloud.razorpay_payments
        set amount_refunded = amount_refunded + $2, status = case when amount_refunded + $2 = amount then 'refunded' else status end
      where id = $1`,
    [payment.id, amount],
  );
  await tx.query(
    `insert into local_cloud.razorpay_refunds (id, payment_id, amount, currency, receipt, notes, speed_requested, created_at, status)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9)`,
    [
      refund.id,
      payment.id,
      amount,
      payment.currency,
      refund.receipt,
      JSON.stringify(refund.notes),
      refund.speed,
      refund.createdAt,
      refund.pending ? 'pending' : 'processed',
    ],
  );
  return {
    refund: {
      id: refund.id,
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: notesOut(refund.notes),
      receipt: refund.receipt,
      acquirer_data: { arn: null },
      created_at: refund.createdAt,
      batch_id: null,
      status: refund.pending ? 'pending' : 'processed',
      speed_processed: 'normal',
      speed_requested: refund.speed,
    },
  };
}

interface RefundRow {
  id: string;
  payment_id: string;
  amount: string | number;
  currency: string;
  receipt: string | null;
  notes: Record<string, string> | null;
  speed_requested: 'normal' | 'optimum';
  created_at: string | number;
  status: RefundEntity['status'];
}

function toRefund(row: RefundRow): RefundEntity {
  return {
    id: row.id,
    entity: 'refund',
    amount: Number(row.amount),
    currency: row.currency,
    payment_id: row.payment_id,
    notes: notesOut(row.notes),
    receipt: row.receipt,
    acquirer_data: { arn: null },
    created_at: Number(row.created_at),
    batch_id: null,
    status: row.status,
    speed_processed: 'normal',
    speed_requested: row.speed_requested,
  };
}

export async function findRefund(tx: Queryable, id: string): Promise<RefundEntity | undefined> {
  const { rows } = await tx.query<RefundRow>('select * from local_cloud.razorpay_refunds where id = $1', [id]);
  return rows[0] ? toRefund(rows[0]) : undefined;
}

/**
 * Ends a pending refund: processed, or failed (its amount is the payment's again). Undefined when there
 * is no such refund or it is not pending; otherwise the refund and its payment as they are after it.
 */
export async function endRefund(
  tx: Queryable,
  id: string,
  outcome: 'processed' | 'failed',
): Promise<{ refund: RefundEntity; payment: PaymentEntity } | undefined> {
  const { rows } = await tx.query<RefundRow>(
    `update local_cloud.razorpay_refunds set status = $2 where id = $1 and status = 'pending' returning *`,
    [id, outcome],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (outcome === 'failed')
    await tx.query(
      `update local_cloud.razorpay_payments
          set amount_refunded = amount_refunded - $2, status = case when status = 'refunded' then 'captured' else status end
        where id = $1`,
      [row.payment_id, row.amount],
    );
  return { refund: toRefund(row), payment: (await findPayment(tx, row.payment_id))! };
}
