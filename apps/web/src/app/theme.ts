import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** A deep green with a teal lean: reads as "energy and environment" without the neon of stock green. */
const verdant: MantineColorsTuple = [
  '#e6f7f0',
  '#cdeee0',
  '#9cdcc1',
  '#66c9a0',
  '#3bb985',
  '#20ae74',
  '#0f9664',
  '#0b7f55',
  '#0b6e4f',
  '#055a3f',
];

const systemFont =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'verdant',
  primaryShade: { light: 7, dark: 5 },
  colors: { verdant },
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { fw: 600 } },
    // Banners' close button has no name of its own either.
    Notification: { defaultProps: { radius: 'md', closeButtonProps: { 'aria-label': 'Close' } } },
    // A spinner is named by its aria-label, which needs a role to be allowed.
    Loader: { defaultProps: { role: 'status' } },
    // Mantine's modal close button has no name of its own.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A link inside a sentence must not rely on colour alone.
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

/**
 * Mantine's dimmed text (gray 6, #868e96) is 3.3:1 on white; #636c74 keeps the muted look at 5.4:1 on white
 * and 5.1:1 on the page background (gray 0), above WCAG AA's 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Field error text: red 6 is 3.6:1 on white; red 9 is 5.9:1.
  light: {
    '--mantine-color-dimmed': '#636c74',
    '--mantine-color-placeholder': '#636c74',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
