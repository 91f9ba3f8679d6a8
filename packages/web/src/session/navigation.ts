/** Lets thunks and the API client navigate without importing the router (which imports them). */

type Navigate = (to: string, options?: { replace?: boolean }) => void;

// Until the router registers itself (tests, early boot) a hard navigation is the safe fallback.
let navigator: Navigate = (to) => {
  window.location.assign(to);
};

/** Registers the router's navigate function; called once by the router module. */
export function setNavigator(navigate: Navigate) {
  navigator = navigate;
}

/** Navigates through the registered router. */
export function navigateTo(to: string, options?: { replace?: boolean }) {
  navigator(to, options);
}
