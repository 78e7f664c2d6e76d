/** The colour of each edition status. */
export const EDITION_COLOURS: Record<string, string> = {
  draft: 'blue',
  published: 'green',
  superseded: 'dark',
  withdrawn: 'red',
};
