// What /account (mfe-auth) hands /home (mfe-content) after the account is deleted: the router state
// of the navigation, so the confirmation is the page's own and a reload of /home does not repeat it.

/** The address the deletion's confirmation was mailed to. */
export interface AccountDeleted {
  mailedTo: string;
}

/** Router state for navigate('/home', { state }) after a deletion. */
export const accountDeletedState = (mailedTo: string): { accountDeleted: AccountDeleted } => ({ accountDeleted: { mailedTo } });

/** The deletion a location's state tells of, or null (any other state, or none). */
export function accountDeletedFrom(state: unknown): AccountDeleted | null {
  if (typeof state !== 'object' || state === null || !('accountDeleted' in state)) return null;
  const deleted: unknown = state.accountDeleted;
  if (typeof deleted !== 'object' || deleted === null || !('mailedTo' in deleted) || typeof deleted.mailedTo !== 'string') return null;
  return { mailedTo: deleted.mailedTo };
}

/** The confirmation, as /home shows it. */
export const accountDeletedMessage = ({ mailedTo }: AccountDeleted) => `Your account is deleted. We sent a confirmation to ${mailedTo}.`;
