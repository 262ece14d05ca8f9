/** User-visible texts of the zones feature (CONVENTIONS §14). */
export const ZONE_MESSAGES = {
  notFound: 'Zone not found.',
  accountNotFound: 'Account not found.',
  duplicateName: (name: string) => `A zone named "${name}" already exists in this account.`,
} as const;
