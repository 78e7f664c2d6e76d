import { Alert } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from './page-header';

/** Stands in for a screen that a later issue delivers, so every menu path already leads somewhere. */
export function NotBuiltPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} />
      <Alert variant="light" color="gray" icon={<IconHammer size={18} />} maw={640}>
        This screen is not built yet.
      </Alert>
    </>
  );
}
