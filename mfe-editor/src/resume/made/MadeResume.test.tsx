// The résumé made from the portfolio in the editor's screens: which one is shown (an upload wins),
// made again only once typing pauses, its settings in the form, Download, and a failure said.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Generator from '../../screens/Generator/Generator';
import Design from '../../screens/Design/Design';
import { resetDraftFileStoreForTests } from '../../portfolios/fileStore';
import { fakePdf, resetFakePdf } from '../../testing/fakePdfjs';
import { fakeResumeWorker, resetFakeResumeWorker } from '../../testing/fakeResumeWorker';
import { fileOf, getFieldLabelled, installObjectUrls, installTestRuntimeConfig, renderAt } from '../../testing/editorTestKit';
import { RESUME_DEBOUNCE_MS } from './MadeResume';

jest.mock('pdfjs-dist', () => jest.requireActual('../../testing/fakePdfjs').fakePdfjsModule());
jest.mock('../pdfWorkerAssetUrl', () => ({ PDF_WORKER_ASSET_URL: 'http://localhost/assets/pdf.worker.min.mjs' }));
jest.mock('../../images/loadImagePreparer', () => jest.requireActual('../../testing/fakeImagePreparer'));

let objectUrls: ReturnType<typeof installObjectUrls>;
let requestTimes: number[];

beforeEach(() => {
  localStorage.clear();
  resetDraftFileStoreForTests();
  resetFakePdf(2);
  resetFakeResumeWorker();
  fakeResumeWorker.answering = true;
  installTestRuntimeConfig();
  objectUrls = installObjectUrls();
  requestTimes = [];
  const post = fakeResumeWorker.requests.push.bind(fakeResumeWorker.requests);
  fakeResumeWorker.requests.push = (...requests) => {
    requestTimes.push(Date.now());
    return post(...requests);
  };
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as unknown as CanvasRenderingContext2D);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const form = () => screen.getByRole('form', { name: / details$/ });
const field = (name: string) => getFieldLabelled(form(), name) as HTMLInputElement;
const resumeGroup = () => within(form()).getByRole('group', { name: 'Résumé' });
const requests = () => fakeResumeWorker.requests;

test('/portfo: the preview draws the résumé made from the portfolio, made again only once typing pauses', async () => {
  renderAt('/portfo', <Generator />);
  const preview = within(screen.getByTestId('portfolio-preview'));
  expect(await preview.findByText('Page 1 of 2', undefined, { timeout: 5000 })).toBeInTheDocument();
  expect(preview.getByText('Made from your portfolio')).toBeInTheDocument();
  expect(preview.getByRole('img', { name: 'Résumé made from your portfolio, page 1' })).toBeInTheDocument();
  // What the viewer drew is the PDF the worker made, by its object URL; never the sample.
  expect(fakePdf.loadedUrls).toEqual([objectUrls.created[0]]);
  expect(requests()).toHaveLength(1);

  const keys: number[] = [];
  for (const name of ['A', 'Ad', 'Ada', 'Ada L', 'Ada Lovelace']) {
    fireEvent.change(field('Name'), { target: { value: name } });
    keys.push(Date.now());
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  }
  await waitFor(() => expect(requests().at(-1)!.portfolio.profile.name).toBe('Ada Lovelace'), { timeout: 3000 });
  // Each résumé made since came only after typing paused for the debounce: never one per key. (Keys
  // 100 ms apart make one; a loaded machine can stretch a gap past the debounce and make one more.)
  for (const at of requestTimes.slice(1))
    expect(at - Math.max(...keys.filter((key) => key <= at))).toBeGreaterThanOrEqual(RESUME_DEBOUNCE_MS - 50);
  // The new PDF replaces the old in the viewer, which keeps its page; the old address is let go.
  await waitFor(() => {
    expect(objectUrls.created).toHaveLength(requests().length);
    expect(fakePdf.loadedUrls.at(-1)).toBe(objectUrls.created.at(-1));
  });
  await waitFor(() => expect(objectUrls.revoked).toContain(objectUrls.created[0]));
  expect(preview.queryByText('Loading the resume…')).toBeNull();
}, 45_000); // whole screens on a shared machine: slow, never timed

test('/portfo: an uploaded résumé takes precedence and says so; removing it brings back the made one', async () => {
  renderAt('/portfo', <Generator />);
  const preview = within(screen.getByTestId('portfolio-preview'));
  await preview.findByText('Made from your portfolio', undefined, { timeout: 5000 });
  fireEvent.change(field('Resume (PDF)'), { target: { files: [fileOf('cv.pdf', 'application/pdf')] } });
  expect(await preview.findByText('Your uploaded résumé')).toBeInTheDocument();
  expect(preview.getByText(/\(cv\.pdf\) is shown and offered on your page/)).toBeInTheDocument();
  await waitFor(() => expect(preview.getByRole('img', { name: 'Your uploaded résumé, page 1' })).toBeInTheDocument());
  const made = requests().length;

  // Edits while the upload is kept make nothing.
  fireEvent.change(field('Name'), { target: { value: 'Grace Hopper' } });
  await act(() => new Promise((resolve) => setTimeout(resolve, RESUME_DEBOUNCE_MS + 200)));
  expect(requests()).toHaveLength(made);

  fireEvent.click(within(form()).getByRole('button', { name: /^Remove Resume/ }));
  expect(await preview.findByText('Made from your portfolio')).toBeInTheDocument();
  await waitFor(() => expect(requests().at(-1)!.portfolio.profile.name).toBe('Grace Hopper'), { timeout: 3000 });
}, 45_000); // whole screens on a shared machine: slow, never timed

test('/design: with no PDF uploaded the preview links the made résumé, as the published page will', async () => {
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  const preview = within(await screen.findByRole('region', { name: 'Template Preview' }, { timeout: 5000 }));
  await waitFor(() => expect(objectUrls.created).toHaveLength(1), { timeout: 5000 });
  const link = await preview.findByRole('link', { name: /My Resume/ });
  expect(link).toHaveAttribute('href', objectUrls.created[0]);
  expect(requests()).toHaveLength(1);
}, 45_000); // whole screens on a shared machine: slow, never timed

test('/design: the résumé settings are in the form, reached by keyboard, and each one remakes the résumé', async () => {
  const user = userEvent.setup();
  renderAt('/design', <Design />, { selectedTemplate: { id: 2 } });
  const group = within(resumeGroup());
  // The design screen's page has no viewer: the résumé is shown in the form.
  expect(await group.findByText('Page 1 of 2', undefined, { timeout: 5000 })).toBeInTheDocument();
  expect(group.getByRole('radio', { name: 'Sidebar' })).toBeChecked(); // the shops' family
  expect(group.getByRole('radio', { name: 'A4' })).toBeChecked();

  group.getByRole('radio', { name: 'Sidebar' }).focus();
  await user.keyboard('{ArrowUp}');
  expect(group.getByRole('radio', { name: 'Modern' })).toBeChecked();
  await user.click(group.getByRole('radio', { name: 'US Letter' }));
  const extras = within(group.getByRole('group', { name: 'Also include' }));
  const firstExtra = extras.getAllByRole('checkbox')[0]!;
  await user.click(firstExtra);
  expect(firstExtra).toBeChecked();

  await waitFor(
    () =>
      expect(requests().at(-1)!.portfolio.resume).toMatchObject({ layout: 'modern', paper: 'letter', extraSections: [expect.any(String)] }),
    { timeout: 3000 },
  );
  expect(requests().at(-1)!.templateId).toBe('2');
}, 45_000); // whole screens on a shared machine: slow, never timed

test('Download résumé saves the made PDF under its name; a failure is said beside it', async () => {
  const clicks: { name: string; href: string }[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ name: this.download, href: this.href });
  });
  renderAt('/design', <Design />, { selectedTemplate: { id: 3 } });
  const group = within(resumeGroup());
  await group.findByText('Page 1 of 2', undefined, { timeout: 5000 });
  expect(group.getByRole('radio', { name: 'Modern' })).toBeChecked(); // template 3's family
  fireEvent.click(group.getByRole('button', { name: 'Download résumé' }));
  await waitFor(() => expect(clicks).toEqual([{ name: 'fake-resume.pdf', href: expect.stringMatching(/^blob:/) }]));

  fakeResumeWorker.failNext = 'fonts did not load';
  fireEvent.change(field('Name'), { target: { value: 'Grace Hopper' } });
  expect(await group.findByRole('alert', undefined, { timeout: 3000 })).toHaveTextContent('Your résumé could not be made just now');
  // The last good PDF stays on screen meanwhile.
  expect(group.getByRole('img', { name: 'Résumé made from your portfolio, page 1' })).toBeInTheDocument();
}, 45_000); // whole screens on a shared machine: slow, never timed
