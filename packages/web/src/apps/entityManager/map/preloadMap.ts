/**
 * Spec §2: "a maps script with a places library is loaded when the application starts". The map
 * chunk (MapLibre and the entity map) is fetched once the first screen has painted and the browser is
 * idle, so sign-in is not slowed and the entity map opens without waiting; the places half is the
 * server's GET /api/entity_mgmt/orgs/{orgId}/geocode, which the entity forms ask.
 */
let started = false;

/** Starts loading the map chunk after the first paint, when the browser is idle; once per page. */
export function preloadMapAfterFirstPaint(): void {
  // Tests render without a real canvas or worker; the chunk is loaded by the tests that need it.
  if (started || typeof window === 'undefined' || import.meta.env.MODE === 'test') return;
  started = true;
  const load = () => {
    import('./EntityMap').catch(() => {
      // Offline or a new deployment: the section loads it again (with its retry) when opened.
    });
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(load, { timeout: 5000 })
      : setTimeout(load, 1500);
  // Two frames: the first paint has happened once the second frame starts.
  requestAnimationFrame(() => requestAnimationFrame(whenIdle));
}
