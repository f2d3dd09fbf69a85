import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, dateFormatter } from '@folioforge/shared';
import { SELLING_RESULT_PARAM, SELLING_RESULTS, type SellingResult } from '@folioforge/shared/functions';
import { disconnectRazorpay, razorpayConsentUrl, useSellerAccount } from './sellingData';
import account from './Account.module.scss';

const formatDate = dateFormatter('en-IN', { dateStyle: 'medium' });

/** What the way back from Razorpay's consent page says, in words. */
const RESULT_WORDS: Record<SellingResult, { tone: 'success' | 'error'; text: string }> = {
  connected: { tone: 'success', text: 'Your Razorpay account is connected: what you sell on your pages is paid straight into it.' },
  denied: { tone: 'error', text: 'You did not allow the connection on Razorpay, so nothing changed. Connect again whenever you like.' },
  expired: {
    tone: 'error',
    text: 'That connection link had expired or was already used, so nothing changed. Press “Connect with Razorpay” to start again.',
  },
  failed: { tone: 'error', text: 'Razorpay could not be reached to finish connecting, so nothing changed. Try again in a minute.' },
};

function isResult(value: string | null): value is SellingResult {
  return (SELLING_RESULTS as readonly (string | null)[]).includes(value);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'That did not work. Try again.');

/**
 * /account's Selling card: connect the owner's own Razorpay account (Razorpay's consent page and back),
 * see which one is connected, and disconnect it after a confirmation. FolioForge takes no fee.
 */
export function SellingSection({
  userId,
  goTo = (url) => window.location.assign(url),
}: {
  userId: string;
  /** Leaves for Razorpay's consent page (a test watches it instead). */
  goTo?: (url: string) => void;
}) {
  const [status, reload, replace] = useSellerAccount(userId);
  const [searchParams, setSearchParams] = useSearchParams();
  const [result] = useState(() => searchParams.get(SELLING_RESULT_PARAM));
  const [working, setWorking] = useState<'connect' | 'disconnect' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [disconnected, setDisconnected] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const confirmId = useId();
  const yesId = useId();
  const disconnectId = useId();

  // Back from Razorpay: the result is said (and focused) once, and leaves the address so a reload does not repeat it.
  useEffect(() => {
    if (!isResult(result)) return;
    resultRef.current?.scrollIntoView?.({ block: 'center' });
    resultRef.current?.focus();
    setSearchParams(
      (params) => {
        params.delete(SELLING_RESULT_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [result, setSearchParams]);

  useEffect(() => {
    if (confirming) document.getElementById(yesId)?.focus();
  }, [confirming, yesId]);

  async function connect() {
    setWorking('connect');
    setProblem(null);
    try {
      goTo(await razorpayConsentUrl());
    } catch (error) {
      setProblem(messageOf(error));
      setWorking(null);
    }
  }

  async function disconnect() {
    setWorking('disconnect');
    setProblem(null);
    try {
      await disconnectRazorpay();
      setConfirming(false);
      setDisconnected(true);
      replace({ connected: false });
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setWorking(null);
    }
  }

  const said = isResult(result) ? RESULT_WORDS[result] : null;
  return (
    <>
      <p>
        Sell on your pages with your own Razorpay account: buyers pay you directly, and FolioForge takes no fee. FolioForge never asks for
        or sees your Razorpay key secret.
      </p>
      {said && !disconnected ? (
        <div ref={resultRef} tabIndex={-1}>
          <Alert tone={said.tone}>{said.text}</Alert>
        </div>
      ) : null}
      {disconnected ? (
        <Alert tone="success">Your Razorpay account is disconnected. Your pages no longer take payments into it.</Alert>
      ) : null}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {status.kind === 'loading' ? <p role="status">Loading your Razorpay connection…</p> : null}
      {status.kind === 'failed' ? (
        <Alert tone="error">
          Your Razorpay connection could not be loaded: {status.message}{' '}
          <Button variant="ghost" onClick={reload}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {status.kind === 'loaded' && !status.value.connected ? (
        <>
          <p>No Razorpay account is connected yet. You will sign in to Razorpay and allow FolioForge to take payments for you.</p>
          <Button busy={working === 'connect'} onClick={() => void connect()}>
            Connect with Razorpay
          </Button>
        </>
      ) : null}
      {status.kind === 'loaded' && status.value.connected ? (
        <>
          <dl className={account.facts}>
            <dt>Razorpay account</dt>
            <dd>
              {status.value.accountId}
              {status.value.mode === 'test' ? ' (test mode)' : ''}
            </dd>
            <dt>Connected since</dt>
            <dd>{formatDate(status.value.connectedAt)}</dd>
          </dl>
          {confirming ? (
            <div role="group" aria-labelledby={confirmId}>
              <p id={confirmId}>
                <strong>Disconnect {status.value.accountId}?</strong> Your pages stop taking payments until you connect an account again.
                Payments already made stay in your Razorpay account.
              </p>
              <div className={account.row}>
                <Button id={yesId} busy={working === 'disconnect'} onClick={() => void disconnect()}>
                  Yes, disconnect
                </Button>
                <Button
                  variant="secondary"
                  disabled={working === 'disconnect'}
                  onClick={() => {
                    setConfirming(false);
                    // Back where the keyboard was, not lost at the page's top.
                    requestAnimationFrame(() => document.getElementById(disconnectId)?.focus());
                  }}
                >
                  Keep it connected
                </Button>
              </div>
            </div>
          ) : (
            <Button id={disconnectId} variant="secondary" onClick={() => setConfirming(true)}>
              Disconnect
            </Button>
          )}
        </>
      ) : null}
    </>
  );
}
