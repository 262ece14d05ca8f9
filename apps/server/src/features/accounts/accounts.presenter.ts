import type { Account } from '@aerie/contract';
import type { AccountRecord } from './accounts.repository.js';

export function presentAccount(a: AccountRecord): Account {
  return { id: a.id, name: a.name, kind: a.kind, parentId: a.parentId };
}
