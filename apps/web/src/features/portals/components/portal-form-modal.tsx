import { Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DataEntryPortal, NewPortalQuantity } from '@verdant/contracts/portals/shapes';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import { PORTAL_PERIODS, type PortalPeriod } from '@verdant/domain/portals/periods';
import { portalUrlOf } from '@verdant/domain/portals/url';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { useReferenceList } from '../../../components/reference-lists';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useOrganisationId } from '../../../lib/session-store';
import {
  useAddQuantity,
  useCreatePortal,
  useOrgPrefix,
  useRenameQuantity,
  useSites,
  useUpdatePortal,
  useUrlAvailable,
} from '../api';
import { QuantityAdder } from './quantity-adder';
import { QuantityTable } from './quantity-table';

/**
 * New Portal and Edit Portal (data-portal.md 4, "Portal creation"): the address is derived from the
 * organisation prefix and the name and checked for availability; the period is fixed after creation; edit
 * renames the portal and adds or renames quantities.
 */
export function PortalFormModal({
  portal,
  onClose,
}: {
  portal: DataEntryPortal | null;
  onClose: () => void;
}) {
  const editing = portal !== null;
  const organisationId = useOrganisationId();
  const prefix = useOrgPrefix().data?.prefix ?? '';
  const sites = useSites(organisationId);
  const reporting = useReferenceList('financial-reporting');
  const [name, setName] = useState(portal?.name ?? '');
  const [period, setPeriod] = useState<PortalPeriod>(portal?.period ?? 'Monthly');
  const [site, setSite] = useState<string | null>(portal ? String(portal.siteId) : null);
  const [dataSourcePrefix, setDataSourcePrefix] = useState(portal?.dataSourcePrefix ?? '');
  const [reportingId, setReportingId] = useState<string>(String(portal?.reporting ?? 2));
  const [added, setAdded] = useState<NewPortalQuantity[]>([]);
  const [names, setNames] = useState<Record<number, string>>({});
  const [removed, setRemoved] = useState<number[]>([]);
  const [secondApproval, setSecondApproval] = useState(portal?.secondApproval ?? false);
  const url = editing ? portal.url : portalUrlOf(prefix, name);
  const [debounced] = useDebouncedValue(url, 500);
  const available = useUrlAvailable(!editing && debounced && prefix ? debounced : null);
  const create = useCreatePortal();
  const update = useUpdatePortal();
  const addQuantity = useAddQuantity();
  const rename = useRenameQuantity();
  const existing = (portal?.quantities ?? [])
    .filter((q) => !removed.includes(q.meterId))
    .map((q) => names[q.meterId] ?? q.name);
  const taken = [...existing, ...added.map((q) => q.name)];
  const urlTaken = !editing && available.data?.available === false && debounced === url;
  const namesUnique = new Set(taken.map((t) => t.trim().toLowerCase())).size === taken.length;
  const mayCreate = name.trim() !== '' && taken.length > 0 && site !== null && !urlTaken && namesUnique;

  async function save() {
    if (!editing) {
      create.mutate(
        {
          name: name.trim(),
          url,
          period,
          quantities: added,
          reporting: Number(reportingId),
          dataSourcePrefix,
          site: Number(site),
        },
        {
          onSuccess: (answer) => {
            showSuccessBanner(answer.message);
            onClose();
          },
          onError: (error) => showErrorBanner(`${PORTAL_MSG.createFailed} (${errorMessage(error)})`),
        },
      );
      return;
    }
    const failures: string[] = [];
    const attempt = async (work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        failures.push(errorMessage(error));
      }
    };
    await attempt(() => update.mutateAsync({ id: portal.id, body: { name: name.trim(), secondApproval } }));
    for (const q of portal.quantities.filter((x) => !removed.includes(x.meterId))) {
      const next = names[q.meterId];
      if (next !== undefined && next.trim() !== q.name)
        await attempt(() => rename.mutateAsync({ id: portal.id, meterId: q.meterId, name: next.trim() }));
    }
    for (const q of added) await attempt(() => addQuantity.mutateAsync({ id: portal.id, body: q }));
    if (failures.length > 0) showErrorBanner(`${PORTAL_MSG.someActionsFailed}${failures.join('; ')}`);
    else {
      showSuccessBanner(PORTAL_MSG.updated);
      onClose();
    }
  }

  const busy = create.isPending || update.isPending || addQuantity.isPending || rename.isPending;
  return (
    <Modal opened onClose={onClose} title={editing ? `Edit ${portal.name}` : 'New Portal'} size="xl" centered>
      <Stack>
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Text fz="sm" c={urlTaken ? 'red' : 'dimmed'} role={urlTaken ? 'alert' : undefined}>
          {urlTaken ? PORTAL_MSG.urlInUse : `Address: /portals/${url || '…'}`}
        </Text>
        <Group grow align="flex-start">
          <Select
            label="Period"
            data={[...PORTAL_PERIODS]}
            value={period}
            onChange={(v) => v && setPeriod(v as PortalPeriod)}
            disabled={editing}
            description={editing ? 'Fixed after creation' : undefined}
          />
          <Select
            label="Site of new data sources"
            data={(sites.data?.sites ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={site}
            onChange={setSite}
            disabled={editing}
            searchable
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label="Reporting"
            data={(reporting.data ?? []).map((r) => ({ value: String(r.Id), label: r.Descr }))}
            value={reportingId}
            onChange={(v) => v && setReportingId(v)}
            disabled={editing}
          />
          <TextInput
            label="Data source prefix"
            value={dataSourcePrefix}
            onChange={(e) => setDataSourcePrefix(e.currentTarget.value)}
            disabled={editing}
          />
        </Group>
        {editing && (
          <Group grow align="flex-end">
            <Checkbox
              label="Require a second approval"
              checked={secondApproval}
              onChange={(e) => setSecondApproval(e.currentTarget.checked)}
            />
          </Group>
        )}
        <QuantityTable
          portal={portal}
          names={names}
          onRename={(meterId, next) => setNames({ ...names, [meterId]: next })}
          added={added}
          removed={removed}
          onRemoved={(meterId) => setRemoved([...removed, meterId])}
        />
        {!namesUnique && (
          <Text c="red" fz="sm" role="alert">
            {PORTAL_MSG.quantityNamesUnique}
          </Text>
        )}
        <QuantityAdder taken={taken} onAdd={(q) => setAdded([...added, q])} />
        <FormActions
          onCancel={onClose}
          onClick={save}
          loading={busy}
          disabled={editing ? !name.trim() || !namesUnique : !mayCreate}
        >
          {editing ? 'Save' : 'Create'}
        </FormActions>
      </Stack>
    </Modal>
  );
}
