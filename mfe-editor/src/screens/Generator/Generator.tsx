import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuthStore } from '@folioforge/shared';
import { GENERATOR_DRAFT_KEY, GENERATOR_ENTRY } from '../../drafts/draftStorage';
import { valuesFromDraftEntry } from '../../drafts/draftValues';
import { usePortfolioDraft, type PortfolioDraft } from '../../drafts/usePortfolioDraft';
import { useAccountDraft } from '../../drafts/useAccountDraft';
import { AccountBar, type AccountEditing } from '../../editing/AccountBar';
import { UndoRedoButtons, useUndoShortcuts } from '../../editing/UndoRedo';
import { OpenAccountPortfolio, StartAccountPortfolio } from '../../portfolios/AccountPortfolioGate';
import { DeviceDraftOffer } from '../../portfolios/DeviceDraftOffer';
import type { NewPortfolio, PortfolioTemplateId } from '../../portfolios/portfolioApi';
import { withEditorQueries } from '../../portfolios/queries';
import type { OpenPortfolio } from '../../portfolios/useOpenPortfolio';
import { EditorForm } from '../../editing/EditorForm';
import { useEditableValues, useEditedValues, type EditedValuesStore } from '../../editing/useEditableValues';
import { GENERATOR_EMPTY_VALUES, GENERATOR_FIELDS, GeneratorPreview } from '@folioforge/templates';
import { PublishPanel } from '../../publishing/PublishPanel';
import styles from './Generator.module.scss';

// pdf.js (and its worker) load with this chunk, only when a preview shows a resume.
const ResumeViewer = lazy(() => import(/* webpackChunkName: "resume-viewer" */ '../../resume/ResumeViewer'));

/** The preview draws the resume with pdf.js (a published page links to it instead). */
function DrawnResume({ url, title }: { url: string; title: string }) {
  return (
    <Suspense
      fallback={
        <p role="status" className={styles.loading}>
          Loading the resume viewer…
        </p>
      }
    >
      <ResumeViewer url={url} title={title} />
    </Suspense>
  );
}

const isGeneratorPortfolio = (templateId: PortfolioTemplateId) => templateId === 'generator';
const NEW_GENERATOR_PORTFOLIO: NewPortfolio = { templateId: 'generator', title: 'Portfolio Generator', data: {} };

/**
 * /portfo: the portfolio generator, its form beside a live preview with the resume drawn by pdf.js.
 * Signed out it keeps one draft on this device; signed in it edits a portfolio kept in the account
 * (`?portfolio=<id>`, else the newest generator portfolio, else a new one).
 */
function Generator() {
  const status = useAuthStore((state) => state.status);
  const userId = useAuthStore((state) => state.user?.id);
  const [params] = useSearchParams();
  const portfolioId = params.get('portfolio');
  if (status === 'loading') return <p role="status">Opening the generator…</p>;
  if (!userId) return <DeviceGenerator />;
  return (
    <>
      <DeviceDraftOffer key={userId} userId={userId} openAfter />
      {portfolioId ? (
        <OpenAccountPortfolio key={portfolioId} userId={userId} portfolioId={portfolioId} accepts={isGeneratorPortfolio}>
          {(portfolio) => <AccountGenerator key={portfolio.id} userId={userId} portfolio={portfolio} />}
        </OpenAccountPortfolio>
      ) : (
        <StartAccountPortfolio userId={userId} chosen={null} reopens={isGeneratorPortfolio} fallback={NEW_GENERATOR_PORTFOLIO} />
      )}
    </>
  );
}

export default withEditorQueries(Generator);

function DeviceGenerator() {
  const draft = usePortfolioDraft(GENERATOR_DRAFT_KEY, GENERATOR_ENTRY);
  return <GeneratorScreen draft={draft} />;
}

function AccountGenerator({ userId, portfolio }: { userId: string; portfolio: OpenPortfolio }) {
  const { draft, saver } = useAccountDraft({ userId, portfolio });
  return <GeneratorScreen draft={draft} account={{ userId, portfolio, saver }} />;
}

function GeneratorScreen({ draft, account }: { draft: PortfolioDraft; account?: AccountEditing }) {
  const [initialValues] = useState(() => valuesFromDraftEntry(GENERATOR_FIELDS, GENERATOR_EMPTY_VALUES, draft.saved));
  const editor = useEditableValues({
    fields: GENERATOR_FIELDS,
    sampleValues: GENERATOR_EMPTY_VALUES,
    initialValues,
    draft,
    restoreSavedFiles: true,
  });
  const formTitleId = useId();
  const previewTitleId = useId();
  const screenRef = useRef<HTMLDivElement>(null);
  useUndoShortcuts(screenRef, editor.undo, editor.redo);

  return (
    <div className={styles.screen} ref={screenRef}>
      <h1 className={styles.title}>Portfolio Generator</h1>
      <div className={styles.panels}>
        <section className={styles.formPanel} aria-labelledby={formTitleId}>
          <h2 id={formTitleId} className={styles.panelTitle}>
            Your details
          </h2>
          {account ? (
            <AccountBar
              account={account}
              fields={GENERATOR_FIELDS}
              sampleValues={GENERATOR_EMPTY_VALUES}
              replaceValues={editor.replaceValues}
            />
          ) : null}
          <UndoRedoButtons valuesStore={editor.valuesStore} undo={editor.undo} redo={editor.redo} />
          <EditorForm
            label="Portfolio details"
            fields={GENERATOR_FIELDS}
            valuesStore={editor.valuesStore}
            chosenFiles={editor.chosenFiles}
            onTextChange={editor.setFieldValue}
            onFileChosen={editor.chooseFile}
          />
          {account ? <AccountPublishPanel account={account} /> : null}
        </section>
        <section className={styles.previewPanel} aria-labelledby={previewTitleId} data-testid="portfolio-preview">
          <h2 id={previewTitleId} className={styles.panelTitle}>
            Portfolio Preview
          </h2>
          <LiveGeneratorPreview valuesStore={editor.valuesStore} resumeFileName={editor.chosenFiles.resume?.name} />
        </section>
      </div>
    </div>
  );
}

/** The preview following every edit; the screen around it does not re-render on typing. */
function LiveGeneratorPreview({ valuesStore, resumeFileName }: { valuesStore: EditedValuesStore; resumeFileName: string | undefined }) {
  return <GeneratorPreview values={useEditedValues(valuesStore)} resumeFileName={resumeFileName} ResumeView={DrawnResume} />;
}

/** Publishing the generator's portfolio: what is on screen is saved first, then rendered by the server. */
function AccountPublishPanel({ account }: { account: AccountEditing }) {
  const { saver } = account;
  const saveFirst = useCallback(() => saver.saveNow(), [saver]);
  return <PublishPanel userId={account.userId} portfolioId={account.portfolio.id} prepare={saveFirst} />;
}
