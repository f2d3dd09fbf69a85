import { expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen, within } from '@testing-library/react';
import Blog from './Blog';

test('shows two articles, each with a title, an author, "published 2 days ago" and real text', () => {
  render(<Blog />);
  expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();

  const articles = screen.getAllByRole('article');
  expect(articles).toHaveLength(2);
  for (const article of articles) {
    expect(within(article).getByRole('heading', { level: 2 })).not.toHaveTextContent(/^$/);
    expect(within(article).getByText(/^By FolioForge .+ Team$/)).toBeInTheDocument();
    expect(within(article).getByText('published 2 days ago')).toBeInTheDocument();
    expect(article.querySelectorAll('p').length).toBeGreaterThanOrEqual(4);
  }
  expect(screen.getByRole('article', { name: 'Plan your website before you build it' })).toHaveTextContent(/pick a template/i);
  expect(screen.getByRole('article', { name: /fast, readable and accessible/ })).toHaveTextContent(/contrast/i);
});
