/** Business constants of the specification (000 §9, 001 §9, 002 §9). */
export const DEFAULT_BRAND = 'Aerie';

/** Scope requested by API clients through the client-credentials grant (000 §7). */
export const PARTNERS_API_SCOPE = 'partners-api';

/** The API's own scope requested by the portal's browser client. */
export const PORTAL_API_SCOPE = 'api';

/** Scopes the browser client asks for: the spec's "openid profile" plus the API scope. */
export const PORTAL_SCOPES = `openid profile ${PORTAL_API_SCOPE}`;

/** Client id of the portal's own browser application at the identity provider. */
export const PORTAL_CLIENT_ID = 'aerie-portal';

/** Where the browser reads its runtime configuration (spec 000 §3, "Application configuration"). */
export const RUNTIME_CONFIG_PATH = '/config.json';

/** In the built welcome page (apps/web/welcome.html), where the server writes the brand. */
export const WELCOME_BRAND_PLACEHOLDER = '{{brand}}';

export const API_TIMEOUT_MS = 60_000;
export const LOGGED_OUT_DELAY_MS = 1_000;
export const SILENT_RENEW_RETRY_MS = 5_000;
export const TELEMETRY_POLL_MS = 60_000;
export const TELEMETRY_MAX_FAILURES = 5;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_TABLE_PAGE_SIZE = 25;
export const RESET_TABLE_PAGE_SIZE = 50;

export const FEEDBACK_MAX_LENGTH = 999;
export const TICKET_TEXT_MAX_LENGTH = 1000;
export const API_CLIENT_SECRET_MAX_LENGTH = 255;
