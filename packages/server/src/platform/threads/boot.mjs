// The entry of every TypeScript worker thread (typescriptThread.ts): the server runs TypeScript through
// tsx (and tests through Vitest), and a worker thread inherits neither loader, so this registers tsx
// before loading the thread's own module.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
