import { memo, useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react';
import { PROFILE_FIELDS, type ProfileKey } from '@folioforge/templates';
import { usePreloadRichTextEditor } from '../fields/RichTextField';
import { useEditor, useEditorState } from '../editorHooks';
import { profilePath } from '../portfolioEdits';
import { EditedField } from './EditedField';
import { FieldsForm } from './FieldsForm';
import { PageSettingsFields } from './PageSettingsFields';
import { ResumeSettingsFields } from '../../resume/made/ResumeSettingsFields';
import { SectionsEditor } from './SectionsEditor';
import { ShopSettingsFields } from '../products/ShopSettingsFields';
import { SocialLinksEditor } from './SocialLinksEditor';
import styles from './PortfolioForm.module.scss';

export interface PortfolioFormProps {
  /** Accessible name of the form. */
  label: string;
  /** The template's names for profile fields, e.g. headline: 'Description'. */
  labels: Partial<Record<ProfileKey, string>>;
}

const ACCESSIBLE: Partial<Record<ProfileKey, string>> = { photo: 'Profile image', resume: 'Resume (PDF)' };
const AUTOCOMPLETE: Partial<Record<ProfileKey, string>> = {
  name: 'name',
  email: 'email',
  phone: 'tel',
  address: 'street-address',
  website: 'url',
};

/**
 * The whole portfolio as one named form landmark: the profile, the social links, and the sections
 * with their items, each group a form of its own (see FieldsForm).
 */
export function PortfolioForm({ label, labels }: PortfolioFormProps) {
  const editor = useEditor();
  const formRef = useRef<HTMLDivElement>(null);
  useFocusRequests(formRef);
  usePreloadRichTextEditor(formRef);
  // Where the visitor is: the preview keeps that part in view.
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const target = event.target.closest<HTMLElement>('[name], [data-field], [data-focus], [data-place]');
    const place =
      target?.getAttribute('data-place') ??
      target?.getAttribute('name') ??
      target?.getAttribute('data-field') ??
      target?.getAttribute('data-focus');
    if (place) editor.setActive(place);
  };
  return (
    <div ref={formRef} role="form" aria-label={label} onFocus={onFocus} className={styles.form}>
      <ProfileFields labels={labels} />
      <SocialLinksEditor />
      <SectionsEditor />
      <ShopSettingsFields />
      <PageSettingsFields />
      <ResumeSettingsFields />
      <Announcer />
    </div>
  );
}

const ProfileFields = memo(function ProfileFields({ labels }: { labels: Partial<Record<ProfileKey, string>> }) {
  return (
    <FieldsForm>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Profile</legend>
        {PROFILE_FIELDS.map((field) => (
          <EditedField
            key={field.key}
            path={profilePath(field.key)}
            spec={field}
            label={labels[field.key] ?? field.label}
            accessibleLabel={ACCESSIBLE[field.key]}
            autoComplete={AUTOCOMPLETE[field.key]}
          />
        ))}
      </fieldset>
    </FieldsForm>
  );
});

/** Changes of parts, said politely ("Added Project 3", "Moved Skills to position 1 of 4"). */
function Announcer() {
  const announcement = useEditorState((state) => state.announcement);
  return (
    <p role="status" aria-live="polite" className={styles.visuallyHidden}>
      {announcement}
    </p>
  );
}

/**
 * After undo, redo or a change of parts, focus goes where the change happened: into the field (caret
 * at the end) or onto the control named by `data-focus`, when the visitor was in the form; from the
 * toolbar buttons focus stays on the button.
 */
function useFocusRequests(formRef: RefObject<HTMLDivElement>) {
  const request = useEditorState((state) => state.focusRequest);
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!request || !form) return;
    const active = document.activeElement;
    const fromToolbar = active instanceof HTMLElement && active.closest('[data-editor-toolbar]');
    if (fromToolbar) return;
    const key = CSS.escape(request.target);
    const target = form.querySelector<HTMLElement>(`[name="${key}"], [data-field="${key}"], [data-focus="${key}"]`);
    if (!target) return;
    target.focus();
    if (target instanceof HTMLInputElement && target.type !== 'file') {
      const end = target.value.length;
      // Email and URL inputs have no selection API.
      try {
        target.setSelectionRange(end, end);
      } catch {
        /* the caret stays where focus put it */
      }
    }
  }, [formRef, request]);
}
