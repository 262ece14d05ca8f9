import { canAccess, navigationLinks, type RoleKey } from '@aerie/contract';
import type { IconName } from '../../components/ui/icons';

const icons: Record<(typeof navigationLinks)[number]['path'], IconName> = {
  '/home': 'home',
  '/devices': 'devices',
  '/subscriptions': 'subscriptions',
  '/jobs': 'jobs',
  '/api': 'api',
  '/resources': 'resources',
  '/tools/optionsFileValidator': 'tools',
  '/admin': 'admin',
};

export interface NavigationItem {
  label: string;
  path: string;
  icon: IconName;
}

/** Exactly the links of spec 000 §2.3 that the role may see, in order. */
export function navigationItemsFor(role: RoleKey): NavigationItem[] {
  return navigationLinks
    .filter((link) => canAccess(link.access, role))
    .map((link) => ({ label: link.label, path: link.path, icon: icons[link.path] }));
}

/** Whether a link is the current section (its path or a page below it). */
export function isActivePath(linkPath: string, pathname: string): boolean {
  const section = linkPath === '/tools/optionsFileValidator' ? '/tools' : linkPath;
  return pathname === section || pathname.startsWith(`${section}/`);
}
