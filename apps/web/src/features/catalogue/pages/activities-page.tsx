import { Alert, Anchor, Button, Group, Loader, Table, TextInput } from '@mantine/core';
import { IconBooks, IconChevronDown, IconChevronRight, IconDownload, IconPlus } from '@tabler/icons-react';
import { Fragment, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { InView } from '../../../components/in-view';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/api-errors';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { downloadActivities, useAdminDataTypes } from '../api';
import { AdminChecks } from '../components/admin-checks';
import { CompositeModal } from '../components/composite-modal';
import { DataTypeEditor } from '../components/data-type-editor';
import { NewDataTypeModal } from '../components/new-data-type-modal';
import { TypeIcon } from '../components/type-icon';

/**
 * /setup, Activities (data-portal.md 2.8): the admin data types list (Group, Data Type, type icon,
 * availability, Standard Unit, Units), rows expanding to edit, Export List, Create New Data Type and New
 * composite factor. Product administrators only; others see who keeps it.
 */
export function ActivitiesPage() {
  useDocumentTitle('Activities');
  const productAdmin = useSession()?.user.productAdmin === true;
  const list = useAdminDataTypes(productAdmin);
  const [open, setOpen] = useState<number | null>(null);
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<'type' | 'composite' | null>(null);
  const rows = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (list.data ?? []).filter(
      (t) => !f || t.energyDescr.toLowerCase().includes(f) || t.grouping.toLowerCase().includes(f),
    );
  }, [list.data, filter]);
  const groups = [...new Set((list.data ?? []).map((t) => t.grouping))].sort();
  return (
    <>
      <PageHeader
        title="Activities"
        description="Data types, their units and emission factors, for every organisation."
        right={
          productAdmin && (
            <Group gap="xs">
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('type')}>
                Create New Data Type
              </Button>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => setDialog('composite')}
              >
                New composite factor
              </Button>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() => downloadActivities()}
              >
                Export List
              </Button>
              <Button
                variant="default"
                component={Link}
                to="/setup/editions"
                leftSection={<IconBooks size={16} />}
              >
                Factor Editions
              </Button>
            </Group>
          )
        }
      />
      {!productAdmin ? (
        <Alert variant="light" color="gray" maw={640}>
          Data types, units and emission factors are kept by the product administrators.
        </Alert>
      ) : list.isPending ? (
        <Loader size="sm" aria-label="Loading the data types" />
      ) : list.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(list.error)}
        </Alert>
      ) : (
        <>
          <AdminChecks />
          <TextInput
            label="Filter"
            placeholder="Data type or group"
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            maw={320}
            mb="sm"
            mt="sm"
          />
          <ScrollTable label="Data types" minWidth={980}>
            <Table aria-label="Data types" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={32} />
                  <Table.Th>Group</Table.Th>
                  <Table.Th>Data Type</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Availability</Table.Th>
                  <Table.Th>Standard Unit</Table.Th>
                  <Table.Th>Units</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((t) => {
                  const expanded = open === t.id;
                  return (
                    <Fragment key={t.id}>
                      <Table.Tr c={t.retired ? 'dimmed' : undefined}>
                        <Table.Td>
                          <Anchor
                            component="button"
                            type="button"
                            aria-expanded={expanded}
                            aria-label={`${expanded ? 'Close' : 'Edit'} ${t.energyDescr}`}
                            onClick={() => setOpen(expanded ? null : t.id)}
                          >
                            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{t.grouping}</Table.Td>
                        <Table.Td>
                          {t.energyDescr}
                          {t.retired ? ' (retired)' : ''}
                        </Table.Td>
                        <Table.Td>
                          <TypeIcon type={t.type} />
                        </Table.Td>
                        <Table.Td>{t.org ? t.org.name : 'Global'}</Table.Td>
                        <Table.Td>{t.stdUnit}</Table.Td>
                        <Table.Td>{t.units.map((u) => u.name).join(', ')}</Table.Td>
                      </Table.Tr>
                      {expanded && (
                        <Table.Tr>
                          <Table.Td colSpan={7}>
                            <InView>
                              <DataTypeEditor type={t} groups={groups} />
                            </InView>
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
      {dialog === 'type' && (
        <NewDataTypeModal
          onClose={() => setDialog(null)}
          names={(list.data ?? []).map((t) => t.energyDescr)}
          groups={groups}
        />
      )}
      {dialog === 'composite' && <CompositeModal onClose={() => setDialog(null)} />}
    </>
  );
}
