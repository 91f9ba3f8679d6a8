/** Values the Vitest global setup hands to every test file. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite template dump. */
    pgliteTemplate: string;
  }
}

export {};
