import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// Most test files share one jsdom (vitest.config.ts, project "web"): leave nothing behind for the next.
afterEach(() => cleanup());
afterAll(() => {
  // Files under `@vitest-environment node` have no DOM to tidy.
  if (typeof document === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
});
