/**
 * Accessible names for Mantine's Pagination buttons: its previous and next arrows carry only an icon, so a
 * screen reader (and axe's button-name rule) would meet nameless buttons.
 */
export const paginationLabels = {
  getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
    'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[
      control
    ],
  }),
  getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
};
