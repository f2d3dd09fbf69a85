import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Generator from './Generator';
import { readDeviceDrafts, LEGACY_GENERATOR_KEY } from '../../drafts/deviceDrafts';
import { resetDraftFileStoreForTests } from '../../portfolios/fileStore';
import { fakePdf, resetFakePdf } from '../../testing/fakePdfjs';
import { fakeResumeWorker, resetFakeResumeWorker } from '../../testing/fakeResumeWorker';
import { fileOf, getFieldLabelled, installObjectUrls, installTestRuntimeConfig, renderAt } from '../../testing/editorTestKit';

jest.mock('pdfjs-dist', () => jest.requireActual('../../testing/fakePdfjs').fakePdfjsModule());
jest.mock('../../resume/pdfWorkerAssetUrl', () => ({ PDF_WORKER_ASSET_URL: 'http://localhost/assets/pdf.worker.min.mjs' }));
jest.mock('../../images/loadImagePreparer', () => jest.requireActual('../../testing/fakeImagePreparer'));

let objectUrls: ReturnType<typeof installObjectUrls>;

beforeEach(() => {
  localStorage.clear();
  resetDraftFileStoreForTests();
  resetFakePdf(2);
  resetFakeResumeWorker();
  fakeResumeWorker.answering = true;
  installTestRuntimeConfig();
  objectUrls = installObjectUrls();
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as unknown as CanvasRenderingContext2D);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const openGenerator = () => renderAt('/portfo', <Generator />);
const preview = () => screen.getByTestId('portfolio-preview');
const form = () => screen.getByRole('form', { name: / details$/ });
const field = (name: string) => getFieldLabelled(form(), name) as HTMLInputElement;

test("the form has the spec's fields, the preview its sections, the résumé made from it drawn until one is chosen", async () => {
  openGenerator();
  const labels = Array.from(form().querySelectorAll('label')).map((label) => label.textContent);
  expect(labels.slice(0, 2)).toEqual(['Name', 'Email']);
  expect(labels).toEqual(expect.arrayContaining(['Phone', 'Portfolio Link', 'Upload Image', 'Upload Resume', 'GitHub', 'LinkedIn']));
  for (const section of ['Skills', 'Experience', 'Education'])
    expect(within(form()).getByLabelText(`${section} section title`)).toHaveValue(section);
  expect(field('Profile image')).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
  expect(field('Resume (PDF)')).toHaveAttribute('accept', 'application/pdf,.pdf');
  for (const section of ['Personal Information', 'Skills', 'Experience', 'Education', 'Social Links', 'Resume'])
    expect(within(preview()).getByRole('heading', { name: section })).toBeInTheDocument();
  expect(await within(preview()).findByText('Page 1 of 2', undefined, { timeout: 5000 })).toBeInTheDocument();
  expect(within(preview()).getByText(/^Made from your portfolio/)).toBeInTheDocument();
  expect(fakePdf.loadedUrls).toEqual([objectUrls.created[0]]);
}, 20_000);

test('the preview updates live: skills one by one, rich experience; only safe links become links', async () => {
  const user = userEvent.setup();
  openGenerator();
  await screen.findByText('Page 1 of 2', undefined, { timeout: 5000 });
  fireEvent.change(field('Name'), { target: { value: 'Ada Lovelace' } });
  fireEvent.change(field('Email'), { target: { value: 'ada@example.com' } });
  const skills = within(form()).getByRole('region', { name: /^Skills/ });
  for (const skill of ['Analysis', 'Poetry']) {
    await user.click(within(skills).getByRole('button', { name: 'Add skill' }));
    await user.keyboard(skill);
  }
  fireEvent.change(field('GitHub'), { target: { value: 'https://github.com/ada' } });
  fireEvent.change(field('LinkedIn'), { target: { value: 'javascript:alert(1)' } });
  const view = within(preview());
  expect(view.getByText('Ada Lovelace')).toBeInTheDocument();
  expect(view.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
  expect(view.getAllByRole('listitem').map((item) => item.textContent)).toEqual(expect.arrayContaining(['Analysis', 'Poetry']));
  expect(view.getByRole('link', { name: 'https://github.com/ada' })).toHaveAttribute('href', 'https://github.com/ada');
  expect(view.getByText('javascript:alert(1)').closest('a')).toBeNull();
  // When typing makes the résumé again (once it pauses) is MadeResume.test.tsx's.
}, 20_000);

test('pickers refuse wrong types; a chosen resume replaces the made one in the viewer', async () => {
  openGenerator();
  await screen.findByText('Page 1 of 2', undefined, { timeout: 5000 });
  fireEvent.change(field('Resume (PDF)'), {
    target: { files: [fileOf('cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')] },
  });
  expect(screen.getByRole('alert')).toHaveTextContent('"cv.docx" is not a PDF');
  resetFakePdf(4);
  fireEvent.change(field('Resume (PDF)'), { target: { files: [fileOf('cv.pdf', 'application/pdf')] } });
  expect(await within(preview()).findByText('Page 1 of 4')).toBeInTheDocument();
  // The made résumé's address first, then the chosen one's.
  expect(fakePdf.loadedUrls.at(-1)).toBe(objectUrls.created[1]);
  expect(within(preview()).getByText(/\(cv\.pdf\) is shown/)).toBeInTheDocument();
  fireEvent.change(field('Profile image'), { target: { files: [fileOf('me.jpg', 'image/jpeg')] } });
  expect(within(preview()).getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', objectUrls.created[2]);
  // Resized for the web, the saving said beside the field.
  expect(await screen.findByText(/^Resized for the web: /)).toBeInTheDocument();
});

test('the generator keeps its own draft across a reload, and one saved before the model comes back upgraded', async () => {
  const first = openGenerator();
  fireEvent.change(field('Name'), { target: { value: 'Ada Lovelace' } });
  fireEvent.change(field('Resume (PDF)'), { target: { files: [fileOf('cv.pdf', 'application/pdf')] } });
  await act(async () => undefined);
  first.unmount();
  openGenerator();
  expect(field('Name').value).toBe('Ada Lovelace');
  expect(await screen.findByText('Chosen: cv.pdf')).toBeInTheDocument();
  expect(Object.values(readDeviceDrafts().drafts).map((draft) => draft.templateId)).toEqual(['generator']);
});

test('a generator draft from before the model opens with its skills one by one', () => {
  localStorage.setItem(
    LEGACY_GENERATOR_KEY,
    JSON.stringify({
      version: 1,
      lastEntryKey: 'generator',
      entries: { generator: { values: { name: 'Grace', skills: 'COBOL, Compilers' }, files: {}, updatedAt: 3 } },
    }),
  );
  openGenerator();
  expect(field('Name').value).toBe('Grace');
  expect(field('Skill 1 Name').value).toBe('COBOL');
  expect(field('Skill 2 Name').value).toBe('Compilers');
});
