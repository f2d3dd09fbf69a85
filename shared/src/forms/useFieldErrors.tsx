import { useCallback, useEffect, useRef, useState } from 'react';

export type FieldProblems<K extends string> = Partial<Record<K, string>>;

/**
 * Field-level errors for a form, shown where they belong and heard by screen readers:
 * - the browser's own checks (`check`, run on every render with the current values) show once the
 *   field was left or a send was tried, and go away as soon as the value is fixed;
 * - problems the server found (`showServerProblems`) show beside their fields until those change;
 * - a refused send moves focus to the first invalid field (its error is read with its label, through
 *   TextField's aria-describedby) and the announcer below says how many fields need attention.
 */
export function useFieldErrors<K extends string>(check: () => FieldProblems<K>) {
  const [touched, setTouched] = useState<ReadonlySet<K>>(new Set());
  // After a send was tried, every field's check shows, also on fields not visited yet.
  const [submitted, setSubmitted] = useState(false);
  const [fromServer, setFromServer] = useState<FieldProblems<K>>({});
  const [announcement, setAnnouncement] = useState({ text: '', count: 0 });
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const local = check();

  useEffect(() => {
    if (focusRequest) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const announce = useCallback((problems: string[]) => {
    const text =
      problems.length === 1
        ? `Not sent: one field needs attention. ${problems[0]}`
        : `Not sent: ${problems.length} fields need attention. ${problems.join(' ')}`;
    // The same words twice in a row are not read again; the count makes each announcement new.
    setAnnouncement((current) => ({ text, count: current.count + 1 }));
    setFocusRequest((current) => current + 1);
  }, []);

  /** The error to show beside `field`, if any. */
  const errorOf = (field: K): string | undefined => fromServer[field] ?? (submitted || touched.has(field) ? local[field] : undefined);

  /**
   * The field was left (its blur event): its check shows now, unless it is still empty (tabbing past is
   * no mistake) or focus went to the send button, whose own check shows everything: an error appearing
   * between pressing and releasing would move the button from under the pointer.
   */
  const touch = (field: K, event: { target: { value: string }; relatedTarget?: EventTarget | null }) => {
    const to = event.relatedTarget;
    if (to instanceof HTMLElement && to.closest('button[type="submit"]')) return;
    if (event.target.value.trim()) setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  };

  /** After a successful send that emptied the form: nothing is wrong with fields not filled in yet. */
  const reset = useCallback(() => {
    setTouched(new Set());
    setSubmitted(false);
    setFromServer({});
  }, []);

  /** The field changed: what the server said about its old value no longer applies. */
  const changed = (field: K) =>
    setFromServer((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });

  /** Before sending: true when the browser's checks pass; otherwise shows every problem and refuses. */
  const checkBeforeSubmit = (): boolean => {
    const problems = Object.values(local).filter((problem): problem is string => typeof problem === 'string');
    setSubmitted(true);
    if (!problems.length) return true;
    announce(problems);
    return false;
  };

  /** What the server refused, by field: shown beside each, focused and announced like the browser's. */
  const showServerProblems = (problems: FieldProblems<K>) => {
    setSubmitted(true);
    setFromServer(problems);
    const messages = Object.values(problems).filter((problem): problem is string => typeof problem === 'string');
    if (messages.length) announce(messages);
  };

  return { formRef, errorOf, touch, changed, checkBeforeSubmit, showServerProblems, reset, announcement };
}

/**
 * The form's live region: always in the page (a region added together with its text is often not
 * read), visually hidden, polite so it follows what focus reads. No status role: the screen's own
 * status messages keep that name.
 */
export function FormAnnouncer({ announcement }: { announcement: { text: string; count: number } }) {
  return (
    <p aria-live="polite" aria-atomic="true" className="visually-hidden" data-testid="form-announcer">
      {announcement.text ? `${announcement.text}${announcement.count % 2 ? '' : '\u00a0'}` : ''}
    </p>
  );
}
