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
