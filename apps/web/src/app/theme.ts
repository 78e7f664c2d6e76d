import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import type { CSSProperties } from 'react';

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
    // A banner's close button has no name of its own either.
    // A banner's text is Mantine's gray 6 (3.3:1): the readable dimmed colour instead.
    Notification: {
      defaultProps: { radius: 'md', closeButtonProps: { 'aria-label': 'Close' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // Dimmed text (#636c74) is under 4.5:1 on an orange alert's tint (#ffe8cc): the readable gray, 6.9:1, instead.
    Alert: { styles: { root: { '--mantine-color-dimmed': '#495057' } as CSSProperties } },
    // A choice list that scrolls must be reachable by keyboard to be scrolled (axe: scrollable-region-focusable),
    // and a list box may hold only options (axe: aria-required-children): the list box scrolls itself and takes
    // the focus, instead of a focusable scroll area inside it.
    ...Object.fromEntries(
      ['Select', 'MultiSelect', 'Autocomplete', 'TagsInput'].map((name) => [
        name,
        { defaultProps: { withScrollArea: false } },
      ]),
    ),
    ComboboxOptions: { defaultProps: { tabIndex: 0, style: { maxHeight: '13.75rem', overflowY: 'auto' } } },
    // "Nothing found" is drawn inside the option list, which may hold only options (axe: aria-required-children):
    // a disabled option, read out as such, that the arrow keys pass over (they move between Mantine's own options).
    ComboboxEmpty: { defaultProps: { role: 'option', 'aria-disabled': true, 'aria-selected': false } },
    // A menu may hold only menu items (axe: aria-required-children): no focus placeholder in it; the focus goes to
    // the first item as the menu opens, as the ARIA menu pattern has it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A table that scrolls sideways must be reachable by keyboard to be scrolled, links in it or not.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // Mantine's modal close button has no name of its own.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A link inside a sentence must not rely on colour alone.
    Anchor: { defaultProps: { underline: 'always' } },
    // A loader's name (aria-label) needs a role that may carry one; a loader is a status.
    Loader: { defaultProps: { role: 'status' } },
  },
});

/**
 * Mantine's dimmed text (gray 6, #868e96) is 3.3:1 on white; #636c74 keeps the muted look at 5.4:1 on white
 * and 5.1:1 on the page background (gray 0), above WCAG AA's 4.5:1.
 */
/**
 * Coloured text (`c="red"`, a light badge's or alert's title) uses each colour's shade 6 by default, 3.0 to
 * 3.9:1 on white. These shades keep the hue at 4.9:1 or more on white, on the page background and on the
 * colour's own light tint (shade 1: a light badge's background). Teal and red are a shade darker than their
 * filled colour: #087f5b was 4.32:1 on teal's tint (axe), #c92a2a 4.5:1 on red's.
 */
const READABLE_TEXT: Record<string, string> = {
  red: '#a61e1e',
  green: '#237032',
  teal: '#066649',
  orange: '#b03a0c',
  yellow: '#8f5b00',
  blue: '#1864ab',
  gray: '#495057',
};
/**
 * Filled buttons and badges carry white text: shade 6 of these is 1.9 (yellow) to 3.6:1; these are 5:1 or more
 * (yellow 5.7:1, a dark amber still apart from orange).
 */
const READABLE_FILLED: Record<string, [fill: string, hover: string]> = {
  red: ['#c92a2a', '#a61e1e'],
  yellow: ['#8f5b00', '#734900'],
  green: ['#237032', '#1b5a28'],
  teal: ['#087f5b', '#066649'],
  orange: ['#b03a0c', '#8f2f0a'],
  blue: ['#1864ab', '#124f87'],
  gray: ['#495057', '#343a40'],
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Field error text: red 6 is 3.6:1 on white; red 9 is 5.9:1.
  light: {
    '--mantine-color-dimmed': '#636c74',
    '--mantine-color-placeholder': '#636c74',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(READABLE_TEXT).flatMap(([colour, value]) => [
        [`--mantine-color-${colour}-text`, value],
        [`--mantine-color-${colour}-light-color`, value],
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(READABLE_FILLED).flatMap(([colour, [fill, hover]]) => [
        [`--mantine-color-${colour}-filled`, fill],
        [`--mantine-color-${colour}-filled-hover`, hover],
      ]),
    ),
  },
  dark: {},
});
