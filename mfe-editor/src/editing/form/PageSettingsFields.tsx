import { memo, useId, useRef, useState, type ChangeEvent } from 'react';
import { SITE_ACCESS_HOURS } from '@folioforge/shared';
import {
  HOME_PAGE_ID,
  PAGE_LANGUAGES,
  PAGE_LIMITS,
  isPageLanguage,
  pageMeta,
  pageSettingsSchema,
  type PageSettings,
  type Portfolio,
} from '@folioforge/templates';
import { useEditor, useEditorState } from '../editorHooks';
import { pagePath, readField, SITE_PROTECTED_PATH } from '../portfolioEdits';
import { useInView } from '../useNearView';
import fieldStyles from '../fields/FieldInput.module.scss';
import { FieldsForm } from './FieldsForm';
import styles from './PortfolioForm.module.scss';

/** What is wrong with a setting as it stands, in the schema's words, or null. */
function problemOf(key: keyof PageSettings, value: string): string | null {
  if (value === '') return null;
  const checked = pageSettingsSchema().shape[key].safeParse(value);
  if (checked.success) return null;
  const message = checked.error.issues[0]?.message ?? 'is not valid';
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
}

/**
 * The page's title, description and language: what search engines, link previews and screen readers
 * read. The title and description are the page's being edited; the language and the password the site's.
 */
export const PageSettingsFields = memo(function PageSettingsFields() {
  const pageId = useEditorState((state) => state.pageId);
  const pageName = useEditorState((state) => state.portfolio.pages?.find((page) => page.id === state.pageId)?.title.trim());
  return (
    <FieldsForm>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Page settings</legend>
        <p className={styles.hint}>
          {pageId === HOME_PAGE_ID
            ? 'What search engines and link previews show, and the language your page is written in.'
            : `What search engines and link previews show for the page “${pageName || 'Untitled page'}”. The language and the password are the whole site's.`}
        </p>
        <PageText key={`title:${pageId}`} pageId={pageId} settingKey="title" label="Page title" max={PAGE_LIMITS.title} />
        <PageText
          key={`description:${pageId}`}
          pageId={pageId}
          settingKey="description"
          label="Page description"
          max={PAGE_LIMITS.description}
        />
        <PageLanguageField />
        <SiteProtectedField />
      </fieldset>
    </FieldsForm>
  );
});

/** What an empty setting falls back to: the owner's name or headline; another page's title says its name first ("Talks · Ada"). */
function fallbackOf(portfolio: Portfolio, pageId: string, settingKey: 'title' | 'description'): string {
  const own = pageMeta({ profile: portfolio.profile })[settingKey];
  const pageTitle = pageId === HOME_PAGE_ID ? '' : (portfolio.pages?.find((page) => page.id === pageId)?.title.trim() ?? '');
  return settingKey === 'title' && pageTitle ? `${pageTitle} · ${own}`.slice(0, 70) : own;
}

interface PageTextProps {
  pageId: string;
  settingKey: 'title' | 'description';
  label: string;
  max: number;
}

function PageText({ pageId, settingKey, label, max }: PageTextProps) {
  const editor = useEditor();
  const path = pagePath(settingKey, pageId);
  const revision = useEditorState((state) => state.revisions[path] ?? 0);
  const value = useEditorState((state) => readField(state.portfolio, path));
  // What the page falls back to follows the name or headline as they are typed while this field is
  // on screen (it sits far down the form): off screen it would redraw and re-lay out the whole form
  // on every key in the profile for nothing anyone sees. It is brought up to date when it comes back,
  // and when the field takes focus (a screen reader reads its description then, before any frame).
  const rowRef = useRef<HTMLDivElement>(null);
  const inView = useInView(rowRef, '200px');
  const current = useEditorState((state) => (inView ? fallbackOf(state.portfolio, pageId, settingKey) : null));
  const [fallback, setFallback] = useState(() => fallbackOf(editor.portfolio, pageId, settingKey));
  if (current !== null && current !== fallback) setFallback(current);
  const id = useId();
  const problem = problemOf(settingKey, value);
  const source = settingKey === 'description' ? 'your headline' : pageId === HOME_PAGE_ID ? 'your name' : 'its name and yours';
  const hint = value
    ? `${value.length} of ${max} characters.`
    : fallback
      ? `Empty: the page uses ${source}, “${fallback}”.`
      : `Empty: the page uses ${source}.`;
  return (
    <div ref={rowRef} className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        key={revision}
        id={id}
        name={path}
        className={fieldStyles.input}
        type="text"
        defaultValue={value}
        placeholder={fallback}
        maxLength={max}
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error ${id}-hint` : `${id}-hint`}
        onFocus={() => setFallback(fallbackOf(editor.portfolio, pageId, settingKey))}
        onChange={(event: ChangeEvent<HTMLInputElement>) => editor.setField(path, event.target.value)}
      />
      <Notes id={id} hint={hint} problem={problem} />
    </div>
  );
}

function PageLanguageField() {
  const editor = useEditor();
  const path = pagePath('language');
  const value = useEditorState((state) => readField(state.portfolio, path));
  const id = useId();
  const problem = problemOf('language', value);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        Page language
      </label>
      <select
        id={id}
        name={path}
        className={fieldStyles.input}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error ${id}-hint` : `${id}-hint`}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => editor.setField(path, event.target.value)}
      >
        <option value="">English (the default)</option>
        {PAGE_LANGUAGES.map((language) => (
          <option key={language.tag} value={language.tag} lang={language.tag}>
            {language.name}
          </option>
        ))}
        {value && !isPageLanguage(value) ? <option value={value}>{value} (not offered)</option> : null}
      </select>
      <Notes id={id} hint="Browsers, translators and screen readers read your page in this language." problem={problem} />
    </div>
  );
}

/** Whether the whole site asks for its password (Pro and Premium; the password itself is set under Publish). */
function SiteProtectedField() {
  const editor = useEditor();
  const checked = useEditorState((state) => readField(state.portfolio, SITE_PROTECTED_PATH) === 'true');
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        <input
          id={id}
          name={SITE_PROTECTED_PATH}
          type="checkbox"
          checked={checked}
          aria-describedby={`${id}-hint`}
          onChange={(event: ChangeEvent<HTMLInputElement>) => editor.setField(SITE_PROTECTED_PATH, event.target.checked ? 'true' : '')}
        />{' '}
        Ask visitors for a password
      </label>
      <Notes
        id={id}
        hint={`With the Pro or Premium plan. Set the password under Publish, then publish: visitors without it see a password form, search engines nothing. A visitor who types it stays let in for ${SITE_ACCESS_HOURS} hours.`}
        problem={null}
      />
    </div>
  );
}

/** What a setting is for (`<id>-hint`) and, when it is wrong, why (`<id>-error`), beside its field. */
function Notes({ id, hint, problem }: { id: string; hint: string; problem: string | null }) {
  return (
    <>
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {hint}
      </p>
      {problem ? (
        <p id={`${id}-error`} role="alert" className={fieldStyles.error}>
          {problem}
        </p>
      ) : null}
    </>
  );
}
