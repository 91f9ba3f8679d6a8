import { findWidgetVariant } from '@ferrite/contracts';
import { cleanup, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installWidgetShims, renderWithProviders } from '../testing';
import { VariantPreview } from './VariantPreview';

// Web test files share one jsdom: another file may leave an IntersectionObserver that never fires.
// This one reports every preview as scrolled into view at once, whatever ran before.
const observerBefore = globalThis.IntersectionObserver;
beforeAll(() => {
  installWidgetShims();
  globalThis.IntersectionObserver = class {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
});
afterAll(() => {
  globalThis.IntersectionObserver = observerBefore;
});
afterEach(cleanup);

describe('a catalogue preview', () => {
  it.each(['gauge.basic', 'line.basic'])(
    '%s names its sample series like a product would, never "sample-1"',
    async (id) => {
      const variant = findWidgetVariant(id);
      if (!variant) throw new Error(`no ${id}`);
      const { container } = renderWithProviders(
        <VariantPreview variant={variant} theme="light" width={320} height={200} />,
      );
      await waitFor(() => expect(container.querySelector('svg text')).not.toBeNull());
      const text = container.textContent ?? '';
      expect(text).not.toMatch(/sample-\d/);
      expect(text).toMatch(/Motor temperature/);
    },
  );
});
