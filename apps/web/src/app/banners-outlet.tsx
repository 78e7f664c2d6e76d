import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Where the banners (lib/banners.ts) are drawn. */
export function BannersOutlet() {
  return <Notifications position="top-right" limit={4} zIndex={1000} />;
}
