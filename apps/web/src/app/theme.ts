import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
    Notification: { defaultProps: { radius: 'md' } },
  },
});
