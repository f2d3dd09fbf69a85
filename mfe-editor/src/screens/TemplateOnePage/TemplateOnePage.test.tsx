import { screen } from '@testing-library/react';
import { getTemplate } from '@folioforge/templates';
import TemplateOnePage from './TemplateOnePage';
import TemplateTwoPage from '../TemplateTwoPage/TemplateTwoPage';
import { DESIGN_DRAFT_KEY, writeDraftEntry } from '../../drafts/draftStorage';
import { draftFileId, draftFileStore, resetDraftFileStoreForTests } from '../../drafts/fileStore';
import { fileOf, installObjectUrls, renderAt } from '../../testing/editorTestKit';

let objectUrls: ReturnType<typeof installObjectUrls>;

beforeEach(() => {
  localStorage.clear();
  resetDraftFileStoreForTests();
  objectUrls = installObjectUrls();
});

test('/template1 shows layout one with the sample values when there is no draft', () => {
  renderAt('/template1', <TemplateOnePage />);
  expect(screen.getAllByText(getTemplate(1)!.sampleValues.name!).length).toBeGreaterThan(0);
});

test("/template1 shows the visitor's draft, chosen picture included; its object URL goes with the page", async () => {
  writeDraftEntry(DESIGN_DRAFT_KEY, '1', {
    values: { name: 'Grace Hopper' },
    files: { image: { name: 'me.png', type: 'image/png', size: 1 } },
  });
  await draftFileStore().put(draftFileId(DESIGN_DRAFT_KEY, '1', 'image'), fileOf('me.png', 'image/png'));
  const { unmount } = renderAt('/template1', <TemplateOnePage />);
  expect(screen.getAllByText('Grace Hopper').length).toBeGreaterThan(0);
  await screen.findAllByRole('img');
  expect(await screen.findByText((_, element) => element?.getAttribute('src') === objectUrls.created[0])).toBeInTheDocument();
  unmount();
  expect(objectUrls.revoked).toEqual(objectUrls.created);
});

test('/template2 shows the template 2 page with the draft of template 2, not of template 1', () => {
  writeDraftEntry(DESIGN_DRAFT_KEY, '2', { values: { temp2name: 'Corner Cafe' }, files: {} });
  writeDraftEntry(DESIGN_DRAFT_KEY, '1', { values: { name: 'Grace Hopper' }, files: {} });
  renderAt('/template2', <TemplateTwoPage />);
  expect(screen.getAllByText('Corner Cafe').length).toBeGreaterThan(0);
  expect(screen.queryByText('Grace Hopper')).toBeNull();
});
