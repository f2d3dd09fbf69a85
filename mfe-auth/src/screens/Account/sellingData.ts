// /account's Selling card: the owner's connected Razorpay account, through the sellers function and
// its contract (_shared/contracts/sellers.ts). The tokens never reach the browser: it learns only
// which account is connected, and since when.
import { useMemo } from 'react';
import { invokeFunction, sellingKeys } from '@folioforge/shared';
import { sellersFunction } from '@folioforge/shared/functions';
import { useAccountQuery } from './accountData';

export function useSellerAccount(userId: string) {
  return useAccountQuery(
    useMemo(
      () => ({ queryKey: sellingKeys.account(userId), queryFn: () => invokeFunction(sellersFunction, { action: 'status' }) }),
      [userId],
    ),
  );
}

/** Razorpay's consent page for this owner, with a fresh state kept by the server. */
export const razorpayConsentUrl = async () => (await invokeFunction(sellersFunction, { action: 'connect' })).authorizeUrl;

export const disconnectRazorpay = () => invokeFunction(sellersFunction, { action: 'disconnect' });
