import '@testing-library/jest-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PageMessageForm } from './PageMessageForm';

const LIVE = {
  action: 'https://project.supabase.co/functions/v1/page-message',
  portfolioId: '6a1f0c2e-8b7d-4c1e-9f3a-2b4c6d8e0f1a',
  slug: 'ada-lovelace',
};

test('on a published page it posts every field the function reads, with no script', () => {
  const { container } = render(<PageMessageForm {...LIVE} heading="Have Question In Mind?" />);
  const form = screen.getByRole('form', { name: 'Have Question In Mind?' });
  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('action', LIVE.action);
  expect(screen.getByLabelText('Your name')).toHaveAttribute('name', 'name');
  expect(screen.getByLabelText('Your name')).toBeRequired();
  expect(screen.getByLabelText('Your name')).toHaveAttribute('maxlength', '120');
  expect(screen.getByLabelText('Your email')).toHaveAttribute('type', 'email');
  expect(screen.getByLabelText('Message')).toHaveAttribute('maxlength', '5000');
  expect(container.querySelector('input[name="portfolio"]')).toHaveValue(LIVE.portfolioId);
  expect(container.querySelector('input[name="slug"]')).toHaveValue(LIVE.slug);
  expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  const html = renderToStaticMarkup(<PageMessageForm {...LIVE} />);
  expect(html).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
});

test('the trap field is out of sight, out of the tab order and hidden from screen readers', () => {
  const { container } = render(<PageMessageForm {...LIVE} />);
  const trap = container.querySelector('input[name="website"]')!;
  expect(trap).toHaveAttribute('tabindex', '-1');
  expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  expect(screen.queryByRole('textbox', { name: 'Leave this empty' })).toBeNull();
  expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('name'))).toEqual(['name', 'email', 'message']);
});

test('the notes the function sends the visitor back to are there, by id, and announced', () => {
  render(<PageMessageForm {...LIVE} />);
  expect(screen.getByRole('status')).toHaveAttribute('id', 'message-sent');
  expect(screen.getByRole('alert')).toHaveAttribute('id', 'message-failed');
});

test('in a preview it looks the same but is not sent, and says where it works when tried', async () => {
  const { container } = render(<PageMessageForm />);
  expect(container.querySelector('form')).not.toHaveAttribute('action');
  expect(container.querySelector('input[name="portfolio"]')).toBeNull();
  expect(screen.queryByText(/on your published page/)).toBeNull();
  fireEvent.submit(container.querySelector('form')!);
  expect(await screen.findByText(/on your published page/)).toBeInTheDocument();
});
