import { memo, useCallback, useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, type TemplateId } from '@folioforge/shared';
import type { TemplateDefinition, TemplatePreviewProps } from '@folioforge/templates';
import { GetTemplateButton } from '../../commerce/GetTemplateButton';
import { DESIGN_DRAFT_KEY } from '../../drafts/draftStorage';
import { usePortfolioDraft, type PortfolioDraft } from '../../drafts/usePortfolioDraft';
import { useAccountDraft } from '../../drafts/useAccountDraft';
import { valuesFromDraftEntry } from '../../drafts/draftValues';
import { AccountBar, type AccountEditing } from '../../editing/AccountBar';
import { UndoRedoButtons, useUndoShortcuts } from '../../editing/UndoRedo';
import type { OpenPortfolio } from '../../portfolios/useOpenPortfolio';
import { EditorForm } from '../../editing/EditorForm';
import { PublishPanel } from '../../publishing/PublishPanel';
import { useEditableValues, useEditedValues, type EditedValuesStore } from '../../editing/useEditableValues';
import { templateDefinition, toTemplateId } from '../../templates/templateCatalog';
import type { DesignOpening } from './designOpening';
import styles from './Design.module.scss';

interface PreviewPaneProps {
  Preview: ComponentType<TemplatePreviewProps>;
  valuesStore: EditedValuesStore;
}

/** Re-renders only when the values change, not for the form's own state (errors, confirmations). */
const PreviewPane = memo(function PreviewPane({ Preview, valuesStore }: PreviewPaneProps) {
  return <Preview values={useEditedValues(valuesStore)} />;
});

/** The form and live preview of one template, drafted on this device; keyed by template id in Design. */
export function TemplateEditor({ opening }: { opening: DesignOpening }) {
  const definition = templateDefinition(opening.templateId);
  const draft = usePortfolioDraft(DESIGN_DRAFT_KEY, String(definition.id));
  return <EditorScreen definition={definition} opening={opening} draft={draft} />;
}

/** The same for a portfolio kept in the signed-in user's account: saved there as well as here. */
export function AccountTemplateEditor({ userId, portfolio }: { userId: string; portfolio: OpenPortfolio }) {
  const definition = templateDefinition(toTemplateId(portfolio.templateId) ?? 1);
  const { draft, saver } = useAccountDraft({ userId, portfolio });
  const opening: DesignOpening = {
    templateId: definition.id,
    values: valuesFromDraftEntry(definition.fields, definition.sampleValues, draft.saved),
    files: {},
    source: 'account',
  };
  return <EditorScreen definition={definition} opening={opening} draft={draft} account={{ userId, portfolio, saver }} />;
}

interface EditorScreenProps {
  definition: TemplateDefinition;
  opening: DesignOpening;
  draft: PortfolioDraft;
  account?: AccountEditing;
}

function EditorScreen({ definition, opening, draft, account }: EditorScreenProps) {
  const editor = useEditableValues({
    fields: definition.fields,
    sampleValues: definition.sampleValues,
    initialValues: opening.values,
    initialFiles: opening.files,
    draft,
    restoreSavedFiles: opening.source === 'draft' || opening.source === 'account',
  });
  const { replaceValues } = editor;
  const panelTitleId = useId();
  const previewTitleId = useId();
  const screenRef = useRef<HTMLDivElement>(null);
  useUndoShortcuts(screenRef, editor.undo, editor.redo);

  const resetToSample = useCallback(() => replaceValues({ ...definition.sampleValues }), [definition, replaceValues]);

  return (
    <div className={styles.screen} ref={screenRef}>
      <h1 className={styles.visuallyHidden}>Design your page</h1>
      <section className={styles.inputPanel} aria-labelledby={panelTitleId}>
        <h2 id={panelTitleId} className={styles.panelTitle}>
          {definition.panelTitle}
        </h2>
        {account ? (
          <AccountBar account={account} fields={definition.fields} sampleValues={definition.sampleValues} replaceValues={replaceValues} />
        ) : (
          <OpeningNotice source={opening.source} templateName={definition.name} />
        )}
        <UndoRedoButtons valuesStore={editor.valuesStore} undo={editor.undo} redo={editor.redo} />
        <EditorForm
          label={`${definition.name} details`}
          fields={definition.fields}
          valuesStore={editor.valuesStore}
          chosenFiles={editor.chosenFiles}
          onTextChange={editor.setFieldValue}
          onFileChosen={editor.chooseFile}
        />
        <EditorActions templateId={definition.id} getButtonLabel={definition.getButtonLabel} onReset={resetToSample} />
        {account ? <AccountPublishPanel account={account} /> : null}
      </section>
      <section className={styles.previewPanel} aria-labelledby={previewTitleId} data-testid="template-preview">
        <h2 id={previewTitleId} className={styles.previewTitle}>
          Template Preview
        </h2>
        <div className={styles.previewFrame}>
          <PreviewPane Preview={definition.Preview} valuesStore={editor.valuesStore} />
        </div>
      </section>
    </div>
  );
}

interface EditorActionsProps {
  templateId: TemplateId;
  getButtonLabel: string;
  onReset: () => void;
}

/** Below the form. Memoised like the preview: typing never redraws it. */
const EditorActions = memo(function EditorActions({ templateId, getButtonLabel, onReset }: EditorActionsProps) {
  return (
    <div className={styles.actions}>
      <GetTemplateButton templateId={templateId} label={getButtonLabel} />
      <ResetToSample onConfirm={onReset} />
      <Link to="/templates" className={styles.textLink}>
        Choose another template
      </Link>
    </div>
  );
});

/** Publishing a portfolio kept in the account: what is on screen is saved first, then rendered by the server. */
const AccountPublishPanel = memo(function AccountPublishPanel({ account }: { account: AccountEditing }) {
  const { saver } = account;
  const saveFirst = useCallback(() => saver.saveNow(), [saver]);
  return <PublishPanel userId={account.userId} portfolioId={account.portfolio.id} prepare={saveFirst} />;
});

const OpeningNotice = memo(function OpeningNotice({ source, templateName }: { source: DesignOpening['source']; templateName: string }) {
  if (source === 'draft')
    return (
      <p role="status" className={styles.notice}>
        Your last draft of {templateName} is back, as you left it.
      </p>
    );
  if (source === 'default') {
    return (
      <p className={styles.notice}>
        You are trying the {templateName} with sample values. <Link to="/templates">Browse all templates</Link> to pick another.
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
        Replace everything you typed and chose with the sample values?
      </p>
      <div className={styles.confirmButtons} ref={keepRef}>
        <Button
          variant="primary"
          onClick={() => {
            onConfirm();
            setAnnouncement('The sample values are back.');
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
