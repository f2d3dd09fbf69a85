import { memo, useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthStore } from '@folioforge/shared';
import { GeneratorPage, generatorDefinition, starterPortfolio, type ResumeView, type TemplatePageProps } from '@folioforge/templates';
import { newestDeviceDraft } from '../../drafts/deviceDrafts';
import { DeviceDraftOffer } from '../../drafts/DeviceDraftOffer';
import type { DraftTarget } from '../../drafts/draftTarget';
import { useAccountDraft } from '../../drafts/useAccountDraft';
import { useDeviceDraft } from '../../drafts/useDeviceDraft';
import { AccountBar, type AccountEditing } from '../../editing/AccountBar';
import { useEditor, useEditorState } from '../../editing/editorHooks';
import { EditorScreen } from '../../editing/EditorScreen';
import { LaterPublishPanel } from '../../publishing/LaterPublishPanel';
import { PortfolioForm } from '../../editing/form/PortfolioForm';
import { PortfolioEditor } from '../../editing/portfolioEditor';
import { PreviewPane } from '../../editing/PreviewPane';
import { usePageSells } from '../../publishing/usePageSells';
import { usePreviewLook } from '../../publishing/usePreviewLook';
import { OpenAccountPortfolio, StartAccountPortfolio, type StartPlan } from '../../portfolios/AccountPortfolioGate';
import { withEditorQueries } from '../../portfolios/queries';
import { editorResumeMaker } from '../../resume/made/editorResumeMaker';
import { MadeResumeHost } from '../../resume/made/MadeResume';
import { ShownResume } from '../../resume/made/ShownResume';
import type { OpenPortfolio } from '../../portfolios/useOpenPortfolio';
import type { PortfolioTemplateId } from '../../templates/templateCatalog';
import { startsNew } from '../Design/designOpening';
import { useOpeningKey } from '../useOpeningKey';
import { useLiveBlogPath } from '../../posts/usePostList';

const isGeneratorPortfolio = (templateId: PortfolioTemplateId) => templateId === 'generator';

/**
 * /portfo: the portfolio generator, its form beside a live preview with the resume drawn by pdf.js.
 * Signed out it continues the newest generator draft on this device; signed in it edits a portfolio
 * kept in the account (`?portfolio=<id>`, else the newest unpublished generator portfolio, else a new one).
 */
function Generator() {
  const status = useAuthStore((state) => state.status);
  const userId = useAuthStore((state) => state.user?.id);
  const [params] = useSearchParams();
  const opening = useOpeningKey();
  const portfolioId = params.get('portfolio');
  if (status === 'loading') return <p role="status">Opening the generator…</p>;
  if (!userId) return <DeviceGenerator key={opening} />;
  return (
    <>
      <DeviceDraftOffer key={userId} userId={userId} openAfter />
      {portfolioId ? (
        <OpenAccountPortfolio key={portfolioId} userId={userId} portfolioId={portfolioId} accepts={isGeneratorPortfolio}>
          {(portfolio) => <AccountGenerator key={portfolio.id} userId={userId} portfolio={portfolio} />}
        </OpenAccountPortfolio>
      ) : (
        <StartGenerator key={opening} userId={userId} />
      )}
    </>
  );
}

export default withEditorQueries(Generator);

function StartGenerator({ userId }: { userId: string }) {
  const location = useLocation();
  const [plan] = useState<StartPlan>(() => {
    const user = useAuthStore.getState().user;
    const account = { name: typeof user?.user_metadata?.name === 'string' ? user.user_metadata.name : '', email: user?.email ?? '' };
    return {
      continues: (row) => row.templateId === 'generator' && !row.published,
      fresh: () => ({ templateId: 'generator', title: 'Portfolio Generator', data: starterPortfolio(generatorDefinition.sample, account) }),
      alwaysNew: startsNew(location.state),
    };
  });
  return <StartAccountPortfolio userId={userId} plan={plan} />;
}

function DeviceGenerator() {
  const location = useLocation();
  const [opening] = useState(() => {
    const existing = startsNew(location.state) ? undefined : newestDeviceDraft(isGeneratorPortfolio);
    return existing ?? { id: `generator-${Date.now().toString(36)}`, portfolio: generatorDefinition.sample };
  });
  const target = useDeviceDraft(opening.id);
  const [editor] = useState(() => new PortfolioEditor({ templateId: 'generator', portfolio: opening.portfolio }));
  return <GeneratorScreen editor={editor} target={target} />;
}

function AccountGenerator({ userId, portfolio }: { userId: string; portfolio: OpenPortfolio }) {
  const [editor] = useState(() => new PortfolioEditor({ templateId: 'generator', portfolio: portfolio.opened.data }));
  const { target, saver } = useAccountDraft({ userId, portfolio, filesInUse: () => editor.filesInUse() });
  const [account] = useState<AccountEditing>(() => ({ userId, portfolio, saver }));
  const navigate = useNavigate();
  const startNew = useCallback(() => navigate('/portfo', { state: { startNew: true } }), [navigate]);
  return <GeneratorScreen editor={editor} target={target} account={account} top={<AccountBar account={account} onStartNew={startNew} />} />;
}

function GeneratorScreen({
  editor,
  target,
  account,
  top,
}: {
  editor: PortfolioEditor;
  target: DraftTarget;
  account?: AccountEditing;
  top?: React.ReactNode;
}) {
  const look = usePreviewLook(account && { userId: account.userId, portfolioId: account.portfolio.id });
  const sells = usePageSells(account?.userId);
  const blogPath = useLiveBlogPath(account && { userId: account.userId, portfolioId: account.portfolio.id });
  return (
    <MadeResumeHost editor={editor} maker={editorResumeMaker} viewerInForm={false} look={look}>
      <EditorScreen
        editor={editor}
        target={target}
        heading="Portfolio Generator"
        headingVisible
        panelTitle="Your details"
        previewTitle="Portfolio Preview"
        previewTestId="portfolio-preview"
        top={top}
        form={<PortfolioForm label="Portfolio details" labels={generatorDefinition.labels ?? {}} />}
        bottom={account ? <AccountPublishPanel account={account} /> : null}
        preview={<PreviewPane Page={LiveGeneratorPage} look={look} blogPath={blogPath} sells={sells} />}
      />
    </MadeResumeHost>
  );
}

/**
 * The preview draws the resume with pdf.js (a published page links to it instead), once it is near
 * the view: the generator's first screen does not wait for pdf.js. No upload: the one made from the portfolio.
 */
const DrawnResume: ResumeView = ({ url, source, fileName }) => (
  <ShownResume uploaded={source === 'uploaded' ? { url, fileName: fileName ?? 'your PDF' } : undefined} sampleUrl={url} />
);

/** The generator's page in the editor: placeholders for what is empty, the resume drawn by pdf.js. */
function LiveGeneratorPage({ portfolio }: TemplatePageProps) {
  const resumeName = useEditorState((state) => state.fileNames[portfolio.profile.resume]);
  const ownResume = portfolio.profile.resume && !portfolio.profile.resume.startsWith('sample:') ? (resumeName ?? 'your resume') : undefined;
  return <GeneratorPage portfolio={portfolio} resumeFileName={ownResume} ResumeView={DrawnResume} />;
}

/** Publishing the generator's portfolio: what is on screen is saved first, then rendered by the server. */
const AccountPublishPanel = memo(function AccountPublishPanel({ account }: { account: AccountEditing }) {
  const { saver } = account;
  const editor = useEditor();
  const saveFirst = useCallback(() => saver.saveNow(), [saver]);
  const suggestedName = useCallback(() => editor.portfolio.profile.name, [editor]);
  return <LaterPublishPanel userId={account.userId} portfolioId={account.portfolio.id} prepare={saveFirst} suggestedName={suggestedName} />;
});
