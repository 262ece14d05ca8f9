/** Texts of the foldable JSON tree (the device JSON tab, the job detail). */
export const jsonTreeMessages = {
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
  toggle: (key: string, expanded: boolean) => `${expanded ? 'Collapse' : 'Expand'} ${key}`,
  items: (n: number) => (n === 1 ? '1 item' : `${n} items`),
  keys: (n: number) => (n === 1 ? '1 key' : `${n} keys`),
} as const;
