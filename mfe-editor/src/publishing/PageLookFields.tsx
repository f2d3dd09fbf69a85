import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@folioforge/shared';
import { ACCENTS, FONTS, type AccentName, type FontName, type PageLook } from '@folioforge/templates';
import { savePageLook, type PortfolioRow } from '../portfolios/portfolioApi';
import { patchRow } from '../portfolios/savedRows';
import { usePlanFeatures } from './usePlanFeatures';
import styles from './PublishPanel.module.scss';

const ACCENT_NAMES = Object.keys(ACCENTS) as AccentName[];
const FONT_NAMES = Object.keys(FONTS) as FontName[];

/**
 * The page's accent colour and font (customized website: Pro and Premium). Saved as chosen; the
 * database refuses a look the plan does not include, and the page shows it from the next publish.
 */
export function PageLookFields({ userId, row }: { userId: string; row: PortfolioRow }) {
  const queryClient = useQueryClient();
  const features = usePlanFeatures(userId);
  const [note, setNote] = useState<{ tone: 'done' | 'problem'; text: string } | undefined>(undefined);
  const accentId = useId();
  const fontId = useId();
  const customizes = features.data?.customizedLook === true;

  const choose = async (change: PageLook) => {
    const look: PageLook = { ...row.look, ...change };
    for (const key of Object.keys(look) as (keyof PageLook)[]) if (!look[key]) delete look[key];
    setNote(undefined);
    try {
      const saved = await savePageLook(getSupabase(), userId, row.id, look);
      patchRow(queryClient, userId, row.id, { look: saved.look });
      setNote({ tone: 'done', text: row.published ? 'Saved. Publish changes to show it on your page.' : 'Saved. Your page will show it.' });
    } catch (error) {
      setNote({ tone: 'problem', text: `The look was not saved: ${error instanceof Error ? error.message : String(error)}` });
    }
  };

  return (
    <fieldset className={styles.look} disabled={!customizes}>
      <legend className={styles.label}>Look of your page</legend>
      {features.data?.customizedLook === false ? (
        <p className={styles.hint}>
          The Pro and Premium plans choose the page&apos;s accent colour and font. <Link to="/pricing">See the plans</Link>
        </p>
      ) : null}
      <div className={styles.lookChoices}>
        <label htmlFor={accentId}>Accent colour</label>
        <select
          id={accentId}
          value={row.look.accent ?? ''}
          onChange={(event) => void choose({ accent: (event.target.value || undefined) as AccentName })}
        >
          <option value="">The template&apos;s own</option>
          {ACCENT_NAMES.map((name) => (
            <option key={name} value={name}>
              {ACCENTS[name].label}
            </option>
          ))}
        </select>
        <label htmlFor={fontId}>Font</label>
        <select
          id={fontId}
          value={row.look.font ?? ''}
          onChange={(event) => void choose({ font: (event.target.value || undefined) as FontName })}
        >
          <option value="">The template&apos;s own</option>
          {FONT_NAMES.map((name) => (
            <option key={name} value={name}>
              {FONTS[name].label}
            </option>
          ))}
        </select>
      </div>
      <p role={note?.tone === 'problem' ? 'alert' : 'status'} className={note?.tone === 'problem' ? styles.error : styles.hint}>
        {note?.text ?? ''}
      </p>
    </fieldset>
  );
}
