import type { Theme } from '@aerie/contract';
import {
  Notification,
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

/** Aerie's identity colour: a deep sky-blue leaning to teal. */
export const aerieColors: MantineColorsTuple = [
  '#e4f6fa',
  '#c5e9f2',
  '#93d4e6',
  '#5cbcd8',
  '#2ea6ca',
  '#138fb4',
  '#0a7999',
  '#07637e',
  '#054f66',
  '#033b4d',
];

const { gray, dark, red, teal, blue } = DEFAULT_THEME.colors;

/**
 * The concrete colours each theme puts on screen. They are checked against
 * WCAG AA in theme.test.ts: Mantine's defaults (dimmed gray.6, red.6 errors,
 * teal.8 success) fall below 4.5:1, so they are replaced here.
 */
export interface ThemeTokens {
  colorScheme: 'light' | 'dark';
  body: string;
  text: string;
  dimmed: string;
  anchor: string;
  error: string;
  success: string;
  placeholder: string;
  /** Background of primary (filled) buttons and the text on them. */
  primaryFilled: string;
  primaryFilledHover: string;
  primaryContrast: string;
  focusRing: string;
  headerBg: string;
  headerFg: string;
  headerHover: string;
  headerFocus: string;
  headerBorder: string;
  /** The current section in the left navigation. */
  navActiveBg: string;
  navActiveFg: string;
}

export interface AppTheme {
  name: Theme;
  theme: MantineThemeOverride;
  tokens: ThemeTokens;
  cssVariablesResolver: CSSVariablesResolver;
}

function resolverFor(tokens: ThemeTokens): CSSVariablesResolver {
  const schemeVariables = {
    '--mantine-color-body': tokens.body,
    '--mantine-color-text': tokens.text,
    '--mantine-color-dimmed': tokens.dimmed,
    '--mantine-color-anchor': tokens.anchor,
    '--mantine-color-error': tokens.error,
    '--mantine-color-success': tokens.success,
    '--mantine-color-placeholder': tokens.placeholder,
    '--mantine-primary-color-contrast': tokens.primaryContrast,
  };
  return () => ({
    variables: {
      '--aerie-focus-ring': tokens.focusRing,
      '--aerie-header-bg': tokens.headerBg,
      '--aerie-header-fg': tokens.headerFg,
      '--aerie-header-hover': tokens.headerHover,
      '--aerie-header-focus': tokens.headerFocus,
      '--aerie-header-border': tokens.headerBorder,
      '--aerie-nav-active-bg': tokens.navActiveBg,
      '--aerie-nav-active-fg': tokens.navActiveFg,
    },
    light: tokens.colorScheme === 'light' ? schemeVariables : {},
    dark: tokens.colorScheme === 'dark' ? schemeVariables : {},
  });
}

const shared = {
  // NOTE: system fonts only; nothing is loaded from the internet at run time.
  fontFamily: DEFAULT_THEME.fontFamily,
  defaultRadius: 'md',
  autoContrast: true,
  focusRing: 'auto',
  cursorType: 'pointer',
  headings: { fontWeight: '650' },
  components: {
    // NOTE: Mantine's close buttons on toasts have no accessible name (axe button-name).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    }),
    // NOTE: a plain object, not Select.extend: the theme is in the first chunk every page
    // loads, and Select would bring its combobox and floating-ui with it. Mantine keeps a
    // select's options mounted (hidden) by default, and positions each hidden list on mount:
    // on a phone that was 360 ms of the device list's first render (issue 13, blocking time).
    // The list mounts when it opens instead.
    Select: { defaultProps: { comboboxProps: { keepMounted: false } } },
    // Mantine's modal close button has no accessible name either (axe button-name).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
} satisfies MantineThemeOverride;

const brandTokens: ThemeTokens = {
  colorScheme: 'light',
  body: '#f6fafb',
  text: '#10212a',
  dimmed: '#4c5e66',
  anchor: aerieColors[7],
  error: red[9],
  success: teal[9],
  placeholder: gray[7],
  primaryFilled: aerieColors[7],
  primaryFilledHover: aerieColors[8],
  primaryContrast: '#ffffff',
  focusRing: aerieColors[7],
  headerBg: aerieColors[9],
  headerFg: '#ffffff',
  headerHover: 'rgba(255, 255, 255, 0.12)',
  headerFocus: '#ffffff',
  headerBorder: aerieColors[9],
  navActiveBg: aerieColors[0],
  navActiveFg: aerieColors[8],
};

const lightTokens: ThemeTokens = {
  colorScheme: 'light',
  body: '#ffffff',
  text: '#000000',
  dimmed: gray[7],
  anchor: blue[8],
  error: red[9],
  success: teal[9],
  placeholder: gray[7],
  primaryFilled: blue[8],
  primaryFilledHover: blue[9],
  primaryContrast: '#ffffff',
  focusRing: blue[8],
  headerBg: '#ffffff',
  headerFg: '#000000',
  headerHover: gray[1],
  headerFocus: blue[8],
  headerBorder: gray[3],
  navActiveBg: blue[0],
  navActiveFg: blue[9],
};

const darkTokens: ThemeTokens = {
  colorScheme: 'dark',
  body: dark[7],
  text: dark[0],
  dimmed: dark[1],
  anchor: blue[4],
  error: red[5],
  success: teal[5],
  placeholder: dark[1],
  primaryFilled: blue[9],
  primaryFilledHover: blue[8],
  primaryContrast: '#ffffff',
  focusRing: blue[4],
  headerBg: dark[8],
  headerFg: dark[0],
  headerHover: dark[6],
  headerFocus: blue[4],
  headerBorder: dark[4],
  navActiveBg: dark[5],
  navActiveFg: '#ffffff',
};

export const appThemes: Record<Theme, AppTheme> = {
  brand: {
    name: 'brand',
    tokens: brandTokens,
    cssVariablesResolver: resolverFor(brandTokens),
    theme: createTheme({
      ...shared,
      colors: { aerie: aerieColors },
      primaryColor: 'aerie',
      primaryShade: { light: 7, dark: 8 },
    }),
  },
  light: {
    name: 'light',
    tokens: lightTokens,
    cssVariablesResolver: resolverFor(lightTokens),
    theme: createTheme({ ...shared, primaryColor: 'blue', primaryShade: { light: 8, dark: 9 } }),
  },
  dark: {
    name: 'dark',
    tokens: darkTokens,
    cssVariablesResolver: resolverFor(darkTokens),
    theme: createTheme({ ...shared, primaryColor: 'blue', primaryShade: { light: 8, dark: 9 } }),
  },
};

/** The theme for a user's `settings.theme`; the brand theme when unknown (spec 000 §2.2). */
export function resolveAppTheme(name: Theme | undefined): AppTheme {
  return appThemes[name ?? 'brand'];
}
