// A template added as a folder reaches the editor with no change here: the registry is the only
// list of ids. The registry below holds the fifth-template fixture beside the real four.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { forgetLoadedRegionsForTests } from '@folioforge/shared';
import { fifthTemplate } from '@folioforge/templates/testing';
import type * as Templates from '@folioforge/templates';
import type * as TemplatesTesting from '@folioforge/templates/testing';
import Design from './Design';
import { resetDraftFileStoreForTests } from '../../portfolios/fileStore';
import { resetCheckoutRegistrationForTests } from '../../commerce/loadCheckoutButton';
import { isPortfolioTemplateId, toTemplateId } from '../../templates/templateCatalog';
import { installTestRuntimeConfig, renderAt } from '../../testing/editorTestKit';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
jest.mock('@folioforge/templates', () => {
  const actual = jest.requireActual<typeof Templates>('@folioforge/templates');
  const { fifthTemplate: added } = jest.requireActual<typeof TemplatesTesting>('@folioforge/templates/testing');
  const TEMPLATES = [...actual.TEMPLATES, added];
  return { ...actual, TEMPLATES, getTemplate: (id: unknown) => TEMPLATES.find((template) => String(template.id) === String(id)) };
});

function FakeCheckoutButton({ item, label }: { item: { itemType: string; itemId: number }; label: string }) {
  return (
    <button type="button" data-item={`${item.itemType}:${item.itemId}`}>
      {label}
    </button>
  );
}

beforeEach(() => {
  localStorage.clear();
  resetDraftFileStoreForTests();
  resetCheckoutRegistrationForTests();
  forgetLoadedRegionsForTests();
  installTestRuntimeConfig();
  (loadRemote as jest.Mock).mockReset().mockResolvedValue({ default: FakeCheckoutButton });
  (registerRemotes as jest.Mock).mockReset();
});

test('the editor knows template 5 by its id, as a number and as a saved row spells it', () => {
  expect(toTemplateId('5')).toBe(5);
  expect(isPortfolioTemplateId('5')).toBe(true);
  expect(isPortfolioTemplateId('6')).toBe(false);
});

test('/design opens template 5 with its form, live preview and buy button', async () => {
  renderAt('/design', <Design />, { selectedTemplate: { id: 5 } });
  expect(screen.getByRole('heading', { name: fifthTemplate.panelTitle })).toBeInTheDocument();
  const form = screen.getByRole('form', { name: / details$/ });
  // The same portfolio form as every template: its sample's section is there to edit.
  expect(within(form).getByLabelText('Our story section title')).toHaveValue('Our story');
  const preview = screen.getByRole('region', { name: 'Template Preview' });
  expect(within(preview).getByRole('heading', { name: 'Clay and Kiln Studio' })).toBeInTheDocument();

  const name = within(form).getByLabelText('Name');
  await userEvent.clear(name);
  await userEvent.type(name, 'Kiln Open Days');
  expect(within(preview).getByRole('heading', { name: 'Kiln Open Days' })).toBeInTheDocument();

  const buy = await screen.findByRole('button', { name: 'Get Temp 5' });
  expect(buy).toHaveAttribute('data-item', 'template:5');
});
