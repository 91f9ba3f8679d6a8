/**
 * Test-only: renders a tree the way the app mounts it (Redux store, Mantine, modals, brand) and
 * patches the layout APIs jsdom lacks. Usage:
 *
 *   beforeAll(installDomShims);
 *   afterEach(cleanup);
 *   const { store } = renderWithProviders(<ListPage ... />);                 // a fresh app store
 *   renderWithProviders(<Section />, { store: myStore, brand: SECONDARY_BRAND });
 */
import { type BrandSet, PRIMARY_BRAND } from '@ferrite/contracts';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createStore } from '../app/store';
import { BrandContext } from '../brand/useBrand';
import { FocusReturn } from './focusReturn';

/**
 * jsdom has no matchMedia, ResizeObserver, scrollIntoView or document.fonts; Mantine's floating parts
 * and autosizing textareas probe them.
 */
export function installDomShims() {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => {};
  if (!document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
  }
}

type UiStore = ReturnType<typeof createStore>;

/** Renders inside Provider, MantineProvider, ModalsProvider and the brand context, focus return installed. */
export function renderWithProviders(
  ui: ReactElement,
  { store = createStore(), brand = PRIMARY_BRAND }: { store?: UiStore; brand?: BrandSet } = {},
) {
  // A wrapper (not a wrapped element) so rerender() keeps the providers.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MantineProvider>
        <BrandContext.Provider value={brand}>
          <FocusReturn />
          <ModalsProvider>{children}</ModalsProvider>
        </BrandContext.Provider>
      </MantineProvider>
    </Provider>
  );
  const result = render(ui, { wrapper });
  return { ...result, store };
}
