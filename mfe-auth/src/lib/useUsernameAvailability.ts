import { useCallback, useEffect, useRef, useState } from 'react';
import { loadSupabase } from '@folioforge/shared';
import { USERNAME_PATTERN } from './forms';

type UsernameAvailability = 'empty' | 'invalid' | 'checking' | 'available' | 'taken' | 'unknown';

/** How long typing pauses before the server is asked. */
const USERNAME_CHECK_DELAY_MS = 400;

/**
 * Asks the database (`username_available`, a security-definer function) whether a username is free,
 * debounced while typing and at once on blur or submit. Answers to outdated questions are dropped.
 * 'unknown' (the check failed) never blocks: the unique constraint still guards the table.
 */
export function useUsernameAvailability(username: string) {
  const [availability, setAvailability] = useState<UsernameAvailability>('empty');
  const latest = useRef(0);
  // Only "taken" is remembered: a free name may be taken by someone else a moment later.
  const takenNames = useRef(new Set<string>());

  const check = useCallback(async (candidate: string): Promise<UsernameAvailability> => {
    const trimmed = candidate.trim();
    const request = ++latest.current;
    let result: UsernameAvailability;
    if (!trimmed) result = 'empty';
    else if (!USERNAME_PATTERN.test(trimmed)) result = 'invalid';
    else if (takenNames.current.has(trimmed.toLowerCase())) result = 'taken';
    else {
      setAvailability('checking');
      try {
        const { data, error } = await (await loadSupabase()).rpc('username_available', { candidate: trimmed });
        result = error || typeof data !== 'boolean' ? 'unknown' : data ? 'available' : 'taken';
      } catch {
        result = 'unknown';
      }
      if (result === 'taken') takenNames.current.add(trimmed.toLowerCase());
    }
    if (request === latest.current) setAvailability(result);
    return result;
  }, []);

  useEffect(() => {
    const trimmed = username.trim();
    if (!trimmed || !USERNAME_PATTERN.test(trimmed)) {
      latest.current++;
      setAvailability(trimmed ? 'invalid' : 'empty');
      return;
    }
    const timer = setTimeout(() => void check(trimmed), USERNAME_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [username, check]);

  /** Asks now (blur, submit). */
  const checkNow = useCallback(() => check(username), [check, username]);
  /** The server refused this username after all (a race with another sign-up). */
  const markTaken = useCallback((candidate: string) => {
    takenNames.current.add(candidate.trim().toLowerCase());
    setAvailability('taken');
  }, []);

  return { availability, checkNow, markTaken };
}

export const USERNAME_TAKEN = 'That username is taken';
