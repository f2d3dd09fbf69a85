import { memo, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { Button, type TemplateId } from '@folioforge/shared';
import { sampleFieldsOf, TEMPLATES, type TemplateDefinition } from '@folioforge/templates';
import { GetTemplateButton } from '../../commerce/GetTemplateButton';
import type { DraftTarget } from '../../drafts/draftTarget';
import { useAccountDraft } from '../../drafts/useAccountDraft';
import { useDeviceDraft } from '../../drafts/useDeviceDraft';
import { AccountBar, type AccountEditing } from '../../editing/AccountBar';
import { useEditor, useEditorState } from '../../editing/editorHooks';
import { EditorScreen } from '../../editing/EditorScreen';
import { LaterPublishPanel } from '../../publishing/LaterPublishPanel';
import { BlogLink } from '../../posts/BlogLink';
import { useLiveBlogPath } from '../../posts/usePostList';
import { PortfolioForm } from '../../editing/form/PortfolioForm';
import { PagesPanel } from '../../editing/pages/PagesPanel';
import { PortfolioEditor } from '../../editing/portfolioEditor';
import { PreviewPane } from '../../editing/PreviewPane';
import { usePageSells } from '../../publishing/usePageSells';
import { usePreviewLook } from '../../publishing/usePreviewLook';
import { useSitePasswordAllowed } from '../../publishing/useSitePasswordAllowed';
import type { OpenPortfolio } from '../../portfolios/useOpenPortfolio';
import { editorResumeMaker } from '../../resume/made/editorResumeMaker';
import { MadeResumeHost } from '../../resume/made/MadeResume';
import { contentOf, startingPortfolio, type PortfolioTemplateId } from '../../templates/templateCatalog';
import type { DeviceOpening } from './designOpening';
import styles from './Design.module.scss';

/** A visitor's draft on this device. */
export function DeviceTemplateEditor({ opening }: { opening: DeviceOpening }) {
  const target = useDeviceDraft(opening.draftId);
  const [editor] = useState(() => new PortfolioEditor({ templateId: opening.templateId, portfolio: opening.portfolio }));
  const navigate = useNavigate();
  const startNew = useCallback(
    () => navigate('/design', { state: { selectedTemplate: { id: Number(editor.store.getState().templateId) }, startNew: true } }),
    [editor, navigate],
  );
  return <DesignEditor editor={editor} target={target} top={<OpeningNotice source={opening.source} onStartNew={startNew} />} />;
}

/** A portfolio kept in the signed-in user's account: saved there as well as here. */
export function AccountTemplateEditor({ userId, portfolio }: { userId: string; portfolio: OpenPortfolio }) {
  const [editor] = useState(() => new PortfolioEditor({ templateId: portfolio.opened.templateId, portfolio: portfolio.opened.data }));
  const { target, saver } = useAccountDraft({ userId, portfolio, filesInUse: () => editor.filesInUse() });
  const [account] = useState<AccountEditing>(() => ({ userId, portfolio, saver }));
  const navigate = useNavigate();
  const startNew = useCallback(
    () => navigate('/design', { state: { selectedTemplate: { id: Number(editor.store.getState().templateId) }, startNew: true } }),
    [editor, navigate],
  );
  return <DesignEditor editor={editor} target={target} top={<AccountBar account={account} onStartNew={startNew} />} account={account} />;
}

interface DesignEditorProps {
  editor: PortfolioEditor;
  target: DraftTarget;
  top: React.ReactNode;
  account?: AccountEditing;
}

function DesignEditor({ editor, target, top, account }: DesignEditorProps) {
  const templateId = useStore(editor.store, (state) => state.templateId);
  const template = contentOf(templateId) as TemplateDefinition;
  const look = usePreviewLook(account && { userId: account.userId, portfolioId: account.portfolio.id });
  const sells = usePageSells(account?.userId);
  const blogPath = useLiveBlogPath(account && { userId: account.userId, portfolioId: account.portfolio.id });
  const passwordAllowed = useSitePasswordAllowed(account && { userId: account.userId, portfolioId: account.portfolio.id });
  return (
    <MadeResumeHost editor={editor} maker={editorResumeMaker} viewerInForm look={look}>
      <EditorScreen
        editor={editor}
        target={target}
        heading="Design your page"
        panelTitle={template.panelTitle}
        previewTitle="Template Preview"
        previewTestId="template-preview"
        top={top}
        form={
          <>
            <PagesPanel passwordAllowed={passwordAllowed} />
            <PortfolioForm label={`${template.name} details`} labels={template.labels ?? {}} />
          </>
        }
        bottom={
          <>
            <TemplateSwitcher published={account?.portfolio.published ?? false} />
            <EditorActions templateId={template.id} getButtonLabel={template.getButtonLabel} />
            {account ? <AccountPublishPanel account={account} /> : null}
            {account ? <BlogLink portfolioId={account.portfolio.id} /> : null}
          </>
        }
        preview={<PreviewPane Page={template.Page} look={look} blogPath={blogPath} sells={sells} />}
      />
    </MadeResumeHost>
  );
}

/** Shows the same portfolio with another template: everything typed stays, and switching back restores the look. */
const TemplateSwitcher = memo(function TemplateSwitcher({ published }: { published: boolean }) {
  const editor = useEditor();
  const templateId = useEditorState((state) => state.templateId);
  const selectId = useId();
  const hintId = useId();
  return (
    <div className={styles.switcher}>
      <label htmlFor={selectId} className={styles.switcherLabel}>
        Template
      </label>
      <select
        id={selectId}
        className={styles.select}
        value={templateId}
        aria-describedby={hintId}
        onChange={(event) => {
          const next = event.target.value as PortfolioTemplateId;
          editor.setTemplate(next, { label: `Switched to ${contentOf(next).name}` });
        }}
      >
        {TEMPLATES.map((template) => (
          <option key={template.id} value={String(template.id)}>
            {template.name}
          </option>
        ))}
      </select>
      <p id={hintId} className={styles.hint}>
        Everything you typed stays: each template shows the same portfolio its own way.
        {published ? ' Your published page changes template when you publish again; it needs that template bought, or a plan.' : ''}
      </p>
    </div>
  );
});

interface EditorActionsProps {
  templateId: TemplateId;
  getButtonLabel: string;
}

/** Below the form. Memoised like the preview: typing never redraws it. */
const EditorActions = memo(function EditorActions({ templateId, getButtonLabel }: EditorActionsProps) {
  const editor = useEditor();
  const resetToSample = useCallback(
    () => editor.replaceAll(startingPortfolio(String(templateId) as PortfolioTemplateId), { label: 'The sample is back' }),
    [editor, templateId],
  );
  return (
    <div className={styles.actions}>
      <GetTemplateButton templateId={templateId} label={getButtonLabel} />
      <ResetToSample onConfirm={resetToSample} />
      <Link to="/templates" className={styles.textLink}>
        Choose another template
      </Link>
    </div>
  );
});

/** Publishing a portfolio kept in the account: what is on screen is saved first, then rendered by the server. */
const AccountPublishPanel = memo(function AccountPublishPanel({ account }: { account: AccountEditing }) {
  const { saver } = account;
  const editor = useEditor();
  const saveFirst = useCallback(() => saver.saveNow(), [saver]);
  const suggestedName = useCallback(() => editor.portfolio.profile.name, [editor]);
  const sampleText = useCallback(() => sampleFieldsOf(editor.portfolio, contentOf(editor.store.getState().templateId).labels), [editor]);
  return (
    <LaterPublishPanel
      userId={account.userId}
      portfolioId={account.portfolio.id}
      prepare={saveFirst}
      suggestedName={suggestedName}
      sampleText={sampleText}
    />
  );
});

const OpeningNotice = memo(function OpeningNotice({ source, onStartNew }: { source: DeviceOpening['source']; onStartNew: () => void }) {
  const templateName = useEditorState((state) => contentOf(state.templateId).name);
  if (source === 'draft' || source === 'continued')
    return (
      <p role="status" className={styles.notice}>
        Your draft of {templateName} is back, as you left it. It is kept on this device.{' '}
        <Button variant="ghost" onClick={onStartNew}>
          Start a new one
        </Button>
      </p>
    );
  if (source === 'default') {
    return (
      <p className={styles.notice}>
        You are trying the {templateName} with sample content. <Link to="/templates">Browse all templates</Link> to pick another.
      </p>
    );
  }
  return null;
});

/** 'Reset to sample' with an inline confirmation: keyboard-operable, focus kept where it makes sense. */
function ResetToSample({ onConfirm }: { onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // The shared Button takes no ref: its wrappers are reached instead.
  const openerRef = useRef<HTMLDivElement>(null);
  const keepRef = useRef<HTMLDivElement>(null);
  const questionId = useId();
  const wasConfirming = useRef(false);

  useEffect(() => {
    // Focus follows the dialog: in to the safe choice, back to the opener when it closes.
    if (confirming) keepRef.current?.querySelector<HTMLButtonElement>('[data-keep]')?.focus();
    else if (wasConfirming.current) openerRef.current?.querySelector('button')?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setConfirming(false);
  };

  if (!confirming) {
    return (
      <div className={styles.reset} ref={openerRef}>
        <Button
          variant="secondary"
          onClick={() => {
            setAnnouncement('');
            setConfirming(true);
          }}
        >
          Reset to sample
        </Button>
        <p role="status" className={styles.announcement}>
          {announcement}
        </p>
      </div>
    );
  }
  return (
    <div role="alertdialog" aria-modal="false" aria-labelledby={questionId} className={styles.confirm} onKeyDown={onKeyDown}>
      <p id={questionId} className={styles.confirmQuestion}>
        Replace everything you typed and chose with the sample? (Undo brings it back.)
      </p>
      <div className={styles.confirmButtons} ref={keepRef}>
        <Button
          variant="primary"
          onClick={() => {
            onConfirm();
            setAnnouncement('The sample is back.');
            setConfirming(false);
          }}
        >
          Yes, reset
        </Button>
        <Button data-keep variant="secondary" onClick={() => setConfirming(false)}>
          Keep my changes
        </Button>
      </div>
    </div>
  );
}
