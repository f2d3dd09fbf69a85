import { useEffect } from 'react';
import { create } from 'zustand';
import { z } from 'zod';
import { loadSupabase, useAuthStore } from '@folioforge/shared';

// The signed-in user's paid purchases, read once per user and shared by every button and the
// pricing screen of this remote; a completed checkout asks for a fresh read.

const paidPurchaseSchema = z.object({
  item_type: z.enum(['template', 'plan']),
  item_id: z.string(),
  status: z.literal('paid'),
  expires_at: z.string().nullable(),
});
export type PaidPurchase = z.infer<typeof paidPurchaseSchema>;

export type PaidPurchasesStatus = 'idle' | 'loading' | 'ready' | 'error';

interface PaidPurchasesState {
  /** Whose purchases are held; null when signed out. */
  userId: string | null;
  status: PaidPurchasesStatus;
  purchases: readonly PaidPurchase[];
  /** Bumped on every load so an answer for an older request (or another user) is dropped. */
  requestId: number;
}

const usePaidPurchasesStore = create<PaidPurchasesState>()(() => ({ userId: null, status: 'idle', purchases: [], requestId: 0 }));

async function loadPaidPurchases(userId: string): Promise<void> {
  const requestId = usePaidPurchasesStore.getState().requestId + 1;
  usePaidPurchasesStore.setState({ userId, status: 'loading', requestId });
  const isCurrent = () => usePaidPurchasesStore.getState().requestId === requestId;
  try {
    // RLS already limits rows to the caller; the user filter keeps the intent explicit.
    const { data, error } = await (
      await loadSupabase()
    )
      .from('purchases')
      .select('item_type, item_id, status, expires_at')
      .eq('user_id', userId)
      .eq('status', 'paid');
    if (!isCurrent()) return;
    const parsed = z.array(paidPurchaseSchema).safeParse(data);
    if (error || !parsed.success) {
      usePaidPurchasesStore.setState({ status: 'error', purchases: [] });
      return;
    }
    usePaidPurchasesStore.setState({ status: 'ready', purchases: parsed.data });
  } catch {
    if (isCurrent()) usePaidPurchasesStore.setState({ status: 'error', purchases: [] });
  }
}

/** Call after the server confirmed a payment, so 'Purchased' and the current plan show at once. */
export function refreshPaidPurchases(): void {
  const { userId } = usePaidPurchasesStore.getState();
  if (userId) void loadPaidPurchases(userId);
}

/** Paid purchases of the signed-in user (empty while signed out or loading). */
export function usePaidPurchases(): { status: PaidPurchasesStatus; purchases: readonly PaidPurchase[] } {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const held = usePaidPurchasesStore();

  useEffect(() => {
    const current = usePaidPurchasesStore.getState();
    if (!userId) {
      if (current.userId !== null)
        usePaidPurchasesStore.setState({ userId: null, status: 'idle', purchases: [], requestId: current.requestId + 1 });
      return;
    }
    // Another component (or an earlier mount) already read, or is reading, this user's purchases.
    if (current.userId === userId && (current.status === 'loading' || current.status === 'ready')) return;
    void loadPaidPurchases(userId);
  }, [userId]);

  if (!userId || held.userId !== userId) return { status: userId ? 'loading' : 'idle', purchases: [] };
  return { status: held.status, purchases: held.purchases };
}

export function hasPaidTemplate(purchases: readonly PaidPurchase[], templateId: number): boolean {
  return purchases.some((purchase) => purchase.item_type === 'template' && purchase.item_id === String(templateId));
}

/** The plan whose paid period ends last, if it has not ended yet. */
export function activePlan(purchases: readonly PaidPurchase[], now: Date = new Date()): { planId: string; expiresAt: Date } | undefined {
  let best: { planId: string; expiresAt: Date } | undefined;
  for (const purchase of purchases) {
    if (purchase.item_type !== 'plan' || !purchase.expires_at) continue;
    const expiresAt = new Date(purchase.expires_at);
    if (Number.isNaN(expiresAt.getTime()) || expiresAt <= now) continue;
    if (!best || expiresAt > best.expiresAt) best = { planId: purchase.item_id, expiresAt };
  }
  return best;
}

/** For tests: forget what was read, so each test starts with no purchases held. */
export function resetPaidPurchasesForTests(): void {
  usePaidPurchasesStore.setState({ userId: null, status: 'idle', purchases: [], requestId: 0 });
}
