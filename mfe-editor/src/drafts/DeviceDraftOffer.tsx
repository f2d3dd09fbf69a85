import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, getSupabase } from '@folioforge/shared';
import { carryDraftIntoAccount, draftsToOffer, markDraftHandled, type DraftOffer } from './carryDrafts';
import { editorPathFor } from '../portfolios/editorPaths';
import styles from './DeviceDraftOffer.module.scss';

const when = (time: number) =>
  time ? new Date(time).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'before you logged in';

/**
 * Offers what this device holds from before the user logged in (or registered) into their account,
 * once per draft. `openAfter`: go on editing the portfolio made from it (the editor screens).
 */
export function DeviceDraftOffer({ userId, openAfter = false, onDone }: { userId: string; openAfter?: boolean; onDone?: () => void }) {
  const [drafts, setDrafts] = useState(() => draftsToOffer(userId));
  const remaining = drafts.length;
  useEffect(() => {
    if (remaining === 0) onDone?.();
  }, [onDone, remaining]);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  if (drafts.length === 0) return null;

  const settle = (offer: DraftOffer) => setDrafts((current) => current.filter((item) => item.draft.id !== offer.draft.id));

  const carry = async (offer: DraftOffer) => {
    setBusy(offer.draft.id);
    setProblem(null);
    try {
      const row = await carryDraftIntoAccount(getSupabase(), queryClient, userId, offer);
      settle(offer);
      if (openAfter) navigate(editorPathFor(row.templateId, row.id));
    } catch (error) {
      setProblem(
        `It was not saved to your account: ${error instanceof Error ? error.message : String(error)}. It is still on this device.`,
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.offer} aria-labelledby="device-draft-offer-title">
      <h2 id="device-draft-offer-title" className={styles.title}>
        Work on this device from before you logged in
      </h2>
      <ul className={styles.list}>
        {drafts.map((offer) => (
          <li key={offer.draft.id} className={styles.item}>
            <span>
              <strong>{offer.name}</strong>, last edited {when(offer.draft.updatedAt)}
            </span>
            <span className={styles.buttons}>
              <Button busy={busy === offer.draft.id} disabled={busy !== null} onClick={() => void carry(offer)}>
                Save {offer.name} to my account
              </Button>
              <Button
                variant="ghost"
                disabled={busy !== null}
                onClick={() => {
                  markDraftHandled(userId, offer.draft);
                  settle(offer);
                }}
              >
                No thanks
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {problem ? (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      ) : null}
    </section>
  );
}
