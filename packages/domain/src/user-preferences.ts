/**
 * The view mode and feature choices of the /my-details/{product}-setup pages, kept as user settings
 * (`mode` and `feature.<name>`, string values) so every screen reads them the same way.
 */
export const VIEW_MODES = ['carbon', 'energy', 'classic'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export const VIEW_MODE_LABELS: Record<ViewMode, string> = {
  carbon: 'Carbon manager',
  energy: 'Energy manager',
  classic: 'Classic',
};

/** The products that have a setup page. */
export const SETUP_PRODUCTS = ['carbon', 'energy'] as const;
export type SetupProduct = (typeof SETUP_PRODUCTS)[number];

/** Each setup page's name, wherever it is shown (its title, the links to it). */
export const SETUP_TITLES: Record<SetupProduct, string> = { carbon: 'Carbon Setup', energy: 'Energy Setup' };

/** The features each product's setup page offers: the carbon side's and the energy side's differ. */
export const FEATURE_CHOICES = [
  { name: 'emissions-by-scope', label: 'Show emissions by scope', product: 'carbon' },
  { name: 'fleet', label: 'Show fleet', product: 'carbon' },
  { name: 'cost', label: 'Show cost', product: 'energy' },
  { name: 'half-hour-analytics', label: 'Show half-hour analytics', product: 'energy' },
] as const;

export function featuresOf(product: SetupProduct) {
  return FEATURE_CHOICES.filter((feature) => feature.product === product);
}
export type FeatureName = (typeof FEATURE_CHOICES)[number]['name'];

export const MODE_SETTING = 'mode';
export const featureSetting = (name: FeatureName): string => `feature.${name}`;

export interface Preferences {
  mode: ViewMode;
  features: Record<FeatureName, boolean>;
}

/** The product named by a setup path segment such as 'carbon-setup', or null for anything else. */
export function setupProductOf(segment: string | undefined): SetupProduct | null {
  const match = /^(\w+)-setup$/.exec(segment ?? '');
  const product = match?.[1];
  return (SETUP_PRODUCTS as readonly string[]).includes(product ?? '') ? (product as SetupProduct) : null;
}

/**
 * The choices stored in the settings; an unset mode is the product whose setup page is open, and an unset
 * feature is on, so nothing disappears before the user decides it should.
 */
export function readPreferences(
  settings: Record<string, string | null | undefined>,
  product: SetupProduct,
): Preferences {
  const stored = settings[MODE_SETTING];
  const mode = (VIEW_MODES as readonly string[]).includes(stored ?? '') ? (stored as ViewMode) : product;
  const features = Object.fromEntries(
    FEATURE_CHOICES.map(({ name }) => [name, settings[featureSetting(name)] !== 'false']),
  ) as Record<FeatureName, boolean>;
  return { mode, features };
}
