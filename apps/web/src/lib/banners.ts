import { notifications } from '@mantine/notifications';
import { BANNER_ERROR_MS, BANNER_INFO_MS } from '@verdant/domain/constants';
import type { ReactNode } from 'react';

/** Errors stay long enough to read and act on; confirmations get out of the way quickly. */
export function showErrorBanner(message: ReactNode, title?: string): void {
  notifications.show({ title, message, color: 'red', autoClose: BANNER_ERROR_MS, withBorder: true });
}

export function showInfoBanner(message: ReactNode, title?: string): void {
  notifications.show({ title, message, color: 'blue', autoClose: BANNER_INFO_MS, withBorder: true });
}

export function showSuccessBanner(message: ReactNode, title?: string): void {
  notifications.show({ title, message, color: 'teal', autoClose: BANNER_INFO_MS, withBorder: true });
}
