// The telemetry writer thread's entry: the server runs TypeScript through tsx (and tests through
// Vitest), and a worker thread does not inherit either loader, so it registers tsx before loading the
// worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
