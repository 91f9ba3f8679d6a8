// zod builds fast object parsers with `new Function` and probes for it when its first schema is made;
// under the Content-Security-Policy (scripts from files only, no eval) even the probe is reported as a
// violation. This sets zod's global `jitless` before any of the app's modules run: a deferred classic
// script runs before the module scripts that follow it in index.html.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
