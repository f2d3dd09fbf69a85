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
  test('the first product is the hero; Shop Now buys it on the page', () => {
    const { container } = render(<EcommercePortfolioPage portfolio={portfolio} />);
    // One product is the page itself: its section's title names the region, it is not a heading.
    expect(missingValues(container, portfolio)).toEqual(['products.title']);
    expect(screen.getByRole('region', { name: 'Products' })).toBeInTheDocument();
    const shop = screen.getByRole('link', { name: /Shop Now/ });
    expect(shop.getAttribute('href')).toMatch(/^#.+-order$/);
    expect(screen.getByRole('form', { name: 'Your order' }).id).toBe(shop.getAttribute('href')!.slice(1));
    expect(screen.getByRole('spinbutton', { name: /^Quantity/ })).toHaveValue(1);
    // Its own page elsewhere is still linked, opening in a new tab.
    const more = screen.getByRole('link', { name: /More about it/ });
    expect(more).toHaveAttribute('href', 'https://shop.example.com/monsoon-mug');
    expect(more).toHaveAttribute('target', '_blank');
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

  test('a product not for sale here has its own Shop Now link, opening in a new tab; an unsafe one renders as text', () => {
    const elsewhere = (url: string): Portfolio => ({
      ...portfolio,
      sections: [{ ...portfolio.sections[0]!, items: [product('Rain Jar', url)] } as Portfolio['sections'][number]],
    });
    const { unmount } = render(<EcommercePortfolioPage portfolio={elsewhere('https://shop.example.com/jar')} />);
    const shop = screen.getByRole('link', { name: /Shop Now/ });
    expect(shop).toHaveAttribute('href', 'https://shop.example.com/jar');
    expect(shop).toHaveAttribute('target', '_blank');
    expect(shop).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('form', { name: 'Your order' })).toBeNull();
    unmount();
    const unsafe = {
      ...portfolio,
      sections: [
        {
          ...portfolio.sections[0]!,
          items: [{ ...product('Rain Jar', ''), url: 'javascript:alert(1)' }],
        } as Portfolio['sections'][number],
      ],
    };
    render(<EcommercePortfolioPage portfolio={unsafe} />);
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
    expect(screen.queryByRole('link', { name: /Shop Now/ })).toBeNull();
    expect(screen.getByText('Shop Now')).toBeInTheDocument();
  });
});
