import { createStore } from './store';

/** The side panes of spec 000 §2.2: exactly one is open at a time, or none. */
export const contextPanes = [
  'notifications',
  'feedback',
  'support',
  'columnEditor',
  'subscriptionReport',
] as const;
export type ContextPane = (typeof contextPanes)[number] | 'none';

export const contextPane = createStore<ContextPane>('none');

/** Opens a pane (closing any other), or closes it when it is already open. */
export function toggleContextPane(pane: Exclude<ContextPane, 'none'>): void {
  contextPane.set(contextPane.get() === pane ? 'none' : pane);
}

export function openContextPane(pane: ContextPane): void {
  contextPane.set(pane);
}

/** Closing sets none (spec 000 §4). */
export function closeContextPane(): void {
  contextPane.set('none');
}
