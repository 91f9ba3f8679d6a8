/** Entry: store, brand, theme (light/dark, remembered), notifications, modals and the router. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { BrandSet } from '@ferrite/contracts';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { installPreloadErrorHandler } from './app/chunks';
import { router } from './app/router';
import { store } from './app/store';
import { buildTheme, colorSchemeManager, cssVariablesResolver } from './app/theme';
import { BrandProvider } from './brand/BrandProvider';
import { watchOtherTabs } from './session/lifecycle';
import { startSharedDashboardEarly } from './shared-views/SharedDashboardPage';
import { FocusReturn } from './ui/focusReturn';
import { Toasts } from './ui/Toasts';

function ThemedApp({ brand }: { brand: BrandSet }) {
  const theme = useMemo(() => buildTheme(brand.id), [brand.id]);
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <Toasts />
      <FocusReturn />
      {/* confirmAction (src/ui/confirm.ts) opens its modals through this provider. */}
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </MantineProvider>
  );
}

installPreloadErrorHandler();
watchOtherTabs(store.dispatch, store.getState);
startSharedDashboardEarly(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <BrandProvider>{(brand) => <ThemedApp brand={brand} />}</BrandProvider>
    </Provider>
  </StrictMode>,
);
