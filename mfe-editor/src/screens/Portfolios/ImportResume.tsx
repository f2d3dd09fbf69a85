import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, getSupabase } from '@folioforge/shared';
import { importJsonResume, MAX_IMPORT_BYTES } from '@folioforge/templates';
import { createOnce } from '../../portfolios/createOnce';
import { editorPathFor } from '../../portfolios/editorPaths';
import { createPortfolio } from '../../portfolios/portfolioApi';
import { adoptRow } from '../../portfolios/savedRows';
import styles from './Portfolios.module.scss';

/**
 * A JSON Resume file (resume.json) becomes a new portfolio, opened in the editor with template 1. A
 * file that is not one says what is wrong, and nothing is made.
 */
export function ImportResume({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const inputId = useId();
  const problemsId = useId();

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setProblems([]);
    if (file.size > MAX_IMPORT_BYTES) {
      setProblems([`“${file.name}” is too large for a resume (over 1 MB). Choose your resume.json.`]);
      return;
    }
    setBusy(true);
    try {
      const result = importJsonResume(await file.text());
      if (!result.ok) {
        setProblems([`“${file.name}” was not imported:`, ...result.problems.slice(0, 8)]);
        return;
      }
      const name = result.portfolio.profile.name.trim();
      const row = await createOnce(`import:${userId}:${file.name}:${file.size}:${file.lastModified}`, () =>
        createPortfolio(getSupabase(), {
          templateId: '1',
          title: `${name || 'Imported resume'} (imported)`.slice(0, 120),
          data: result.portfolio,
        }),
      );
      adoptRow(queryClient, userId, row);
      navigate(editorPathFor(row.templateId, row.id));
    } catch (error) {
      setProblems([`“${file.name}” was not imported: ${error instanceof Error ? error.message : String(error)}`]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.import}>
      <label htmlFor={inputId} className={styles.importLabel}>
        Import a JSON Resume file (resume.json) as a new portfolio
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept=".json,application/json"
        className={styles.visuallyHidden}
        onChange={(event) => void onChange(event)}
        aria-describedby={problems.length ? problemsId : undefined}
        aria-invalid={problems.length ? true : undefined}
      />
      <Button variant="secondary" busy={busy} onClick={() => inputRef.current?.click()}>
        {busy ? 'Importing…' : 'Choose resume.json'}
      </Button>
      {problems.length ? (
        <div id={problemsId} role="alert" className={styles.problem}>
          <p>{problems[0]}</p>
          {problems.length > 1 ? (
            <ul>
              {problems.slice(1).map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
