import { describe, expect, test } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { definition } from './definition';
import { TemplateFourPage } from './TemplateFourPage';
import { missingValues, withDistinctFiles } from '../testing/valuesShown';

const values = withDistinctFiles(definition);

describe('TemplateFourPage', () => {
  test('shows every sample value; Shop Now opens the product in a new tab', () => {
    const { container } = render(<TemplateFourPage values={values} />);
    expect(missingValues(container, definition, values)).toEqual([]);
    const shop = screen.getByRole('link', { name: /Shop Now/ });
    expect(shop).toHaveAttribute('href', values.temp4url);
    expect(shop).toHaveAttribute('target', '_blank');
    expect(shop).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText(/Also Available On/)).toBeInTheDocument();
  });

  test('an edit to the values appears in the preview', () => {
    const { rerender } = render(<TemplateFourPage values={values} />);
    rerender(<TemplateFourPage values={{ ...values, temp4heading: 'Rain Jar' }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Rain Jar' })).toBeInTheDocument();
  });

  test('an unsafe product URL renders as text', () => {
    render(<TemplateFourPage values={{ ...values, temp4url: 'javascript:alert(1)' }} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Shop Now')).toBeInTheDocument();
  });
});
