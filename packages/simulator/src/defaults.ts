/** Defaults that match a fresh Ferrite started with `npm start` (the demo seed's admin). */
export const DEMO_ADMIN = { email: 'admin@ferrite.dev', password: 'Ferrite@2026' } as const;
