// Test helpers: /templates rendered in a router whose /design shows the navigation state it got.
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import TemplateCollection from './TemplateCollection';

/** Stands in for the editor's /design and shows the navigation state it received. */
function DesignProbe() {
  const { state } = useLocation() as { state: { selectedTemplate?: Record<string, unknown> } | null };
  return <pre data-testid="design-state">{JSON.stringify(state?.selectedTemplate ?? null)}</pre>;
}

export function renderCollection() {
  render(
    <MemoryRouter initialEntries={['/templates']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/templates" element={<TemplateCollection />} />
        <Route path="/design" element={<DesignProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** What /design received as `selectedTemplate`. */
export const designState = () => JSON.parse(screen.getByTestId('design-state').textContent ?? 'null') as Record<string, unknown>;
