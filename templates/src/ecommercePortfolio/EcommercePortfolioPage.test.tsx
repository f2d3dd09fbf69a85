import { describe, expect, test } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { definition } from './definition';
import { EcommercePortfolioPage } from './EcommercePortfolioPage';
import { missingValues, withWebFiles } from '../testing/portfolioShown';
import type { Portfolio } from '../model';

const portfolio = withWebFiles(definition.sample);
const product = (name: string, url: string) => ({
  id: name.toLowerCase(),
  name,
  price: '₹500',
  description: `${name} story`,
  image: '',
  url,
});

describe('EcommercePortfolioPage', () => {
  test('the first product is the hero; Shop Now opens it in a new tab', () => {
    const { container } = render(<EcommercePortfolioPage portfolio={portfolio} />);
    // One product is the page itself: its section's title names the region, it is not a heading.
    expect(missingValues(container, portfolio)).toEqual(['products.title']);
    expect(screen.getByRole('region', { name: 'Products' })).toBeInTheDocument();
    const shop = screen.getByRole('link', { name: /Shop Now/ });
    expect(shop).toHaveAttribute('href', 'https://shop.example.com/monsoon-mug');
    expect(shop).toHaveAttribute('target', '_blank');
    expect(shop).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('heading', { level: 1, name: 'Monsoon Mug, thrown by hand' })).toBeInTheDocument();
    expect(screen.getByText('₹1,200.00')).toBeInTheDocument();
    expect(screen.getByText(/Also Available On/)).toBeInTheDocument();
  });

  test('more products show as cards, each with its price and its own Shop Now', () => {
    const many: Portfolio = {
      ...portfolio,
      sections: [
        {
          ...portfolio.sections[0]!,
          items: [...portfolio.sections[0]!.items, product('Rain Jar', 'https://shop.example.com/jar'), product('Tea Bowl', '')],
        } as Portfolio['sections'][number],
      ],
    };
    render(<EcommercePortfolioPage portfolio={many} />);
    const cards = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(cards).toEqual(['Rain Jar', 'Tea Bowl']);
    const jar = screen.getByRole('heading', { name: 'Rain Jar' }).closest('li')!;
    expect(within(jar).getByRole('link', { name: /Shop Now Rain Jar/ })).toHaveAttribute('href', 'https://shop.example.com/jar');
    // No address: the button is text, never a link to nowhere.
    const bowl = screen.getByRole('heading', { name: 'Tea Bowl' }).closest('li')!;
    expect(within(bowl).queryByRole('link')).toBeNull();
  });

  test('an unsafe product URL renders as text', () => {
    const unsafe = {
      ...portfolio,
      sections: [
        {
          ...portfolio.sections[0]!,
          items: [{ ...portfolio.sections[0]!.items[0]!, url: 'javascript:alert(1)' }],
        } as Portfolio['sections'][number],
      ],
    };
    render(<EcommercePortfolioPage portfolio={unsafe} />);
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
    expect(screen.queryByRole('link', { name: /Shop Now/ })).toBeNull();
    expect(screen.getByText('Shop Now')).toBeInTheDocument();
  });
});
