import { Select, SimpleGrid, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { completeMonths, useOrganisationToday } from '../../../lib/organisation-today';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { OrganisationActions } from '../components/organisation-actions';
import { AlertsCard, EmittersCard, RankingCard } from '../components/overview-cards';

/** /organisation: highest emitters and the switchable site ranking for a chosen month, and the sites with the most pending alerts. */
export function OrganisationOverviewPage() {
  useDocumentTitle('Organisation');
  const name = useSession()?.organisation?.name ?? 'Organisation';
  const today = useOrganisationToday();
  const months = useMemo(() => completeMonths(today, 24), [today]);
  const [month, setMonth] = useState(months[0]?.value ?? '');
  const monthLabel = months.find((m) => m.value === month)?.label ?? month;

  return (
    <>
      <PageHeader
        title={name}
        description="Where the organisation uses, spends and emits most."
        right={
          <Select
            label="Month"
            data={months}
            value={month}
            onChange={(v) => v && setMonth(v)}
            allowDeselect={false}
            w={200}
            comboboxProps={{ withinPortal: true }}
          />
        }
      />
      <OrganisationActions />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <EmittersCard month={month} monthLabel={monthLabel} />
          <RankingCard month={month} monthLabel={monthLabel} />
          <AlertsCard />
        </SimpleGrid>
      </Stack>
    </>
  );
}
