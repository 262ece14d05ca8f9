/** User-visible texts of the API clients feature (CONVENTIONS §14). */
export const API_CLIENT_MESSAGES = {
  taken: 'This client ID is already taken.',
  notFound: 'API client not found.',
  notFromApiClient: 'API clients cannot be managed with an API client token.',
} as const;
