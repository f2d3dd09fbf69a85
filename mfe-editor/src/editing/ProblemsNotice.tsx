import { memo, useEffect, useState } from 'react';
import { checkPortfolio, preparePortfolioCheck } from '@folioforge/templates';
import { useEditor } from './editorHooks';
import styles from './EditorScreen.module.scss';

/** How long typing pauses before the portfolio is checked (a check of thirty items is not for every key). */
export const CHECK_DELAY_MS = 600;

/**
 * What the shared schema would refuse, said while the visitor can fix it: a link that is not one, an
 * email that is not one, text over its limit. Everything is still kept and saved; the page cannot be
 * published until it is fixed.
 */
export const ProblemsNotice = memo(function ProblemsNotice() {
  const editor = useEditor();
  const [problems, setProblems] = useState<string[]>([]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const check = () => {
      const result = checkPortfolio(editor.portfolio);
      setProblems(result.ok ? [] : result.problems);
    };
    // The first check waits for the schema, built in slices behind the screen as it starts.
    void preparePortfolioCheck().then(() => {
      if (!stopped) check();
    });
    const stop = editor.store.subscribe((state, previous) => {
      if (state.portfolio === previous.portfolio) return;
      clearTimeout(timer);
      timer = setTimeout(check, CHECK_DELAY_MS);
    });
    return () => {
      stopped = true;
      stop();
      clearTimeout(timer);
    };
  }, [editor]);
  return (
    <div role="status" className={styles.problems} hidden={problems.length === 0}>
      {problems.length ? (
        <>
          <p className={styles.problemsTitle}>To fix before this page can be published:</p>
          <ul>
            {problems.slice(0, 6).map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          {problems.length > 6 ? <p>… and {problems.length - 6} more.</p> : null}
        </>
      ) : null}
    </div>
  );
});
