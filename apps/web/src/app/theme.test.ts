import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { appThemes, resolveAppTheme, type ThemeTokens } from './theme';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [match[1], match[2], match[3]].map((part) =>
    channel(parseInt(part ?? '0', 16)),
  );
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const textPairs: Array<[string, keyof ThemeTokens, keyof ThemeTokens]> = [
  ['body text', 'text', 'body'],
  ['dimmed text', 'dimmed', 'body'],
  ['links', 'anchor', 'body'],
  ['error text', 'error', 'body'],
  ['success text', 'success', 'body'],
  ['primary button text', 'primaryContrast', 'primaryFilled'],
  ['current navigation link', 'navActiveFg', 'navActiveBg'],
  ['primary button text on hover', 'primaryContrast', 'primaryFilledHover'],
  ['top bar text', 'headerFg', 'headerBg'],
];

describe.each(Object.values(appThemes))('the $name theme', ({ tokens, theme }) => {
  it.each(textPairs)('gives %s at least 4.5:1 contrast (WCAG AA)', (_label, fg, bg) => {
    expect(contrast(tokens[fg], tokens[bg])).toBeGreaterThanOrEqual(4.5);
  });

  it('gives the focus rings at least 3:1 against their background', () => {
    expect(contrast(tokens.focusRing, tokens.body)).toBeGreaterThanOrEqual(3);
    expect(contrast(tokens.headerFocus, tokens.headerBg)).toBeGreaterThanOrEqual(3);
  });

  it('uses its checked primary colour for filled components', () => {
    const primary = theme.primaryColor ?? '';
    const shade = theme.primaryShade;
    const index = typeof shade === 'object' ? shade[tokens.colorScheme] : shade;
    const palette = theme.colors?.[primary] ?? defaultPalette(primary);
    expect(palette?.[index ?? 6]).toBe(tokens.primaryFilled);
  });
});

function defaultPalette(name: string): readonly string[] | undefined {
  const colors: Record<string, readonly string[]> = DEFAULT_THEME.colors;
  return colors[name];
}

describe('resolveAppTheme', () => {
  it('defaults to the brand theme', () => {
    expect(resolveAppTheme(undefined).name).toBe('brand');
  });

  it('follows the user setting', () => {
    expect(resolveAppTheme('dark').tokens.colorScheme).toBe('dark');
    expect(resolveAppTheme('light').name).toBe('light');
  });
});
