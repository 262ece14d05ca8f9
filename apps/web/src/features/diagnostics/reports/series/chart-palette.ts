/**
 * What the reports' ECharts charts take from the page: the theme's colours, read when a chart is
 * drawn so it follows light and dark, and text made safe for their tooltips, which ECharts
 * renders as HTML.
 *
 * NOTE: the device metric graphs (features/metrics) keep their own copy: features never import
 * each other, and a module shared through lib/ joins the ECharts chunk both load and renames it
 * (scripts/check-bundle-budgets.mjs knows that chunk by its name).
 */

/** Colours of the page a chart sits on, read from the Mantine theme's variables (light or dark). */
export interface ChartPalette {
  text: string;
  dimmed: string;
  border: string;
  background: string;
}

export function readPalette(element: HTMLElement): ChartPalette {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--mantine-color-text', '#212529'),
    dimmed: read('--mantine-color-dimmed', '#495057'),
    border: read('--mantine-color-default-border', '#dee2e6'),
    background: read('--mantine-color-body', '#ffffff'),
  };
}

/** Text for a tooltip's HTML: names and values from a file or the server are never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
