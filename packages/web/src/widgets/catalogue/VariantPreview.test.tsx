import { findWidgetVariant } from '@ferrite/contracts';
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installWidgetShims, renderWithProviders } from '../testing';
import { VariantPreview } from './VariantPreview';

beforeAll(installWidgetShims);
afterEach(cleanup);

describe('a catalogue preview', () => {
  it.each(['gauge.basic', 'line.basic'])(
    '%s names its sample series like a product would, never "sample-1"',
    async (id) => {
      const variant = findWidgetVariant(id);
      if (!variant) throw new Error(`no ${id}`);
      // jsdom has no IntersectionObserver: the preview draws at once (SVG).
      const { container } = renderWithProviders(
        <VariantPreview variant={variant} theme="light" width={320} height={200} />,
      );
      await waitFor(() => expect(container.querySelector('svg text')).not.toBeNull());
      const text = container.textContent ?? '';
      expect(text).not.toMatch(/sample-\d/);
      expect(text).toMatch(/Station 1/);
    },
  );
});
