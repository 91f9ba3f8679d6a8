/** Business constants and limits of spec §9. */

/** Browser storage keys of the session. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  userId: 'user_id',
} as const;

/** App window stacking: the first opened app sits at base + step. */
export const STACKING_BASE = 1000;
export const STACKING_STEP = 10;

export const DEFAULT_AVATAR = 9;
export const DEFAULT_TEXT_COLOR = '#495057';
export const FONT_SIZES = [10, 12, 14, 16, 18, 20, 24] as const;
export const DEFAULT_FONT_SIZE = 14;
export const SENSOR_POSITIONS = ['indoor', 'outdoor'] as const;
export const DEFAULT_SENSOR_POSITION = 'indoor';

/** A lazy code chunk that has not loaded after this long is reported as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const GATEWAY_PAGE_SIZE = 25;
export const GATEWAY_FIRST_PAGE = 1;
export const GATEWAY_TYPES = ['HTTPS', 'MQTT'] as const;
export const GATEWAY_PROTOCOLS = ['HTTP', 'MQTT', 'CoAP'] as const;

export const CHART_EXPORT_FORMATS = ['PNG', 'JPEG', 'PDF', 'SVG', 'CSV', 'XLS'] as const;
export const SCATTER_SECOND_SERIES = { name: 'Test', color: 'green' } as const;
export const AREA_FILL_OPACITY = 0.2;

export const EXCEL_WIZARD_STEPS = ['parameters', 'range', 'file type', 'sheet preferences', 'email'] as const;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'] as const;

/** Access tokens are short-lived JWTs; refresh tokens are opaque and rotated. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** The token between sign-in and organization sign-in. */
export const ORG_STEP_TOKEN_TTL_SECONDS = 10 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

/**
 * Sign-in throttling (OWASP: delays, not lockouts): failures of one account from one address before
 * each further try from there waits, a wait that doubles with every failure up to the cap.
 */
export const SIGN_IN_FREE_FAILURES = 5;
/** Failures from one address across all accounts before it waits too (credential stuffing). */
export const SIGN_IN_ADDRESS_FREE_FAILURES = 20;
export const SIGN_IN_FIRST_DELAY_SECONDS = 1;
export const SIGN_IN_MAX_DELAY_SECONDS = 15 * 60;
/** Failures older than this no longer count. */
export const SIGN_IN_FAILURE_MEMORY_SECONDS = 24 * 60 * 60;
