import { useCallback, useState } from 'react';
import { describeAuthError, type AuthProblem } from './authErrors';
import { useFocusOnChange } from './useFocusOnChange';

/**
 * The one submit skeleton of the auth forms: busy while the call runs, the problem it returned or
 * threw shown in the form's alert (focused, so a screen reader reads it), cleared on the next try.
 */
export function useAuthSubmit(describe: (error: unknown) => AuthProblem = describeAuthError) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const problemRef = useFocusOnChange<HTMLDivElement>(problem);

  /** Runs the form's call; a returned problem is shown, nothing returned means it went through. */
  const submit = useCallback(
    async (call: () => Promise<AuthProblem | void>) => {
      setBusy(true);
      setProblem(null);
      try {
        const answer = await call();
        if (answer) setProblem(answer);
      } catch (error) {
        setProblem(describe(error));
      } finally {
        setBusy(false);
      }
    },
    [describe],
  );

  return { busy, problem, setProblem, problemRef, submit };
}
