import { Anchor, Breadcrumbs, Button, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Target } from '@verdant/contracts/targets';
import { Link } from 'react-router';
import { PageActions } from '../../../components/page-actions';
import { PageHeader } from '../../../components/page-header';
import { EmptyRow, QueryState } from '../../../components/query-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShowNew } from '../../../lib/use-show-new';
import { useTargets } from '../api';
import { NewTargetWizard } from '../components/new-target-wizard';

const YEAR_END_LABELS = { CY: 'Calendar year', FY3: 'April to March', FY6: 'July to June' };
const PROFILE_LABELS = { DERIVE: 'Derived', ENTER: 'Entered', NONE: 'Even' };

const baselineOf = (t: Target) =>
  t.spec.consFrom === 'ENTER' ? (t.spec.baselineCons ?? 0).toLocaleString('en-NZ') : 'Derived';

/** /organisation/targets (breadcrumbs Home > organisation): the targets, New Target; `?show=new` opens it. */
export function TargetsPage() {
  useDocumentTitle('Targets');
  const targets = useTargets();
  const [showNew, setShowNew] = useShowNew();
  const mayEdit = targets.data?.mayEdit === true;
  return (
    <>
      <Breadcrumbs mb="xs" fz="sm">
        <Anchor component={Link} to="/dashboard">
          Home
        </Anchor>
        <Anchor component={Link} to="/organisation">
          Organisation
        </Anchor>
        <Text fz="sm">Targets</Text>
      </Breadcrumbs>
      <PageHeader title="Targets" description="Reduction targets against a baseline year." />
      {mayEdit && (
        <PageActions>
          <Button size="compact-sm" leftSection={<IconPlus size={16} />} onClick={() => setShowNew(true)}>
            New Target
          </Button>
        </PageActions>
      )}
      <QueryState query={targets}>
        {(data) => (
          <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
            <Table striped verticalSpacing="sm" data-testid="targets-table" miw={640}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Baseline year</Table.Th>
                  <Table.Th ta="right">Baseline</Table.Th>
                  <Table.Th>Profile</Table.Th>
                  <Table.Th>Targets</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.targets.length === 0 && <EmptyRow cols={6} text="No targets yet." />}
                {data.targets.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td>{t.name}</Table.Td>
                    <Table.Td>{`${t.spec.baselineYear} (${YEAR_END_LABELS[t.spec.baselineYearEnd]})`}</Table.Td>
                    <Table.Td ta="right">{baselineOf(t)}</Table.Td>
                    <Table.Td>{PROFILE_LABELS[t.spec.profileFrom]}</Table.Td>
                    <Table.Td>{t.spec.targets.map((p) => `${p.perc}% by ${p.year}`).join(', ')}</Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/organisation/performance-against-targets?target=${t.id}`}
                        fz="sm"
                      >
                        Performance
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </QueryState>
      <NewTargetWizard
        opened={mayEdit && showNew}
        onClose={() => setShowNew(false)}
        existingNames={targets.data?.targets.map((t) => t.name) ?? []}
      />
    </>
  );
}
