/** User-visible strings of the user panel's API Clients tab (spec 000 §2.4, §5; kept verbatim). */
export const apiClientsMessages = {
  apiClients: 'API Clients',
  addApiClient: 'Add API client',
  clientId: 'Client ID',
  clientIdHint: 'A random ending is added to keep the ID unique and hard to guess.',
  secret: 'Secret',
  secretHint: 'The secret cannot be viewed again after it is saved.',
  save: 'Save',
  cancel: 'Cancel',
  deleteApiClient: (clientId: string) => `Delete API client ${clientId}`,
  delete: 'Delete',
  deleteTitle: 'Delete API client',
  deleteConsequence: (clientId: string) =>
    `Delete the API client ${clientId}? Tokens issued to ${clientId} stop working at once, and programs that use it can no longer call the API. This cannot be undone.`,
  noApiClients: 'There are no API clients to show here.',
  apiClientsFailed: 'The API clients could not be loaded.',
  apiClientAdded: (clientId: string) => `API client ${clientId} added.`,
  apiClientDeleted: (clientId: string) => `API client ${clientId} deleted.`,
  createdOn: 'Created',
  tooLong: (max: number) => `At most ${max} characters.`,
} as const;
