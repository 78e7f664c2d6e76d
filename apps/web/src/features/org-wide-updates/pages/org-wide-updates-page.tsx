import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { MSG } from '@verdant/domain/messages';
import { type ReactNode, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useUserDetails } from '../../../lib/current-user';
import { useOrganisationId } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type OrgWideCall, useIdentifierLabels, useOrgWideUpdate, useRetailers } from '../api';

const DIFFER_OPTIONS = [
  { value: '1', label: 'Greater than the previous year' },
  { value: '2', label: 'Less than the previous year' },
  { value: '3', label: 'Different from the previous year' },
];

type Num = number | null;
const num = (v: string | number): Num => (v === '' ? null : Number(v));

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {children}
    </Paper>
  );
}

/** /organisation/org-wide-updates: defaults applied to every data source at once (administrators). */
export function OrgWideUpdatesPage() {
  useDocumentTitle('Org-wide Updates');
  const orgId = useOrganisationId();
  const me = useUserDetails().data;
  const isAdmin = me?.admin === true || me?.productAdmin === true;
  const update = useOrgWideUpdate();
  const retailers = useRetailers();
  const labels = useIdentifierLabels(orgId);
  const [differ, setDiffer] = useState<string | null>('1');
  const [perc, setPerc] = useState<Num>(null);
  const [abs, setAbs] = useState<Num>(null);
  const [override, setOverride] = useState(false);
  const [rel, setRel] = useState<Num>(null);
  const [tariffAbs, setTariffAbs] = useState<Num>(null);
  const [rate, setRate] = useState<Num>(null);
  const [labelId, setLabelId] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [running, setRunning] = useState<OrgWideCall['kind'] | null>(null);

  const run = (call: OrgWideCall) => {
    setRunning(call.kind);
    update.mutate(call, {
      onSuccess: (answer) => showSuccessBanner(answer.message),
      onError: (error) => {
        if (!isSilentError(error)) showErrorBanner(`${MSG.orgWideFailed}${errorMessage(error)}`);
      },
      onSettled: () => setRunning(null),
    });
  };
  const retailerOptions = (retailers.data ?? []).map((r) => ({
    value: String(r.retailerId),
    label: r.retailerDescr,
  }));

  if (me && !isAdmin) {
    return (
      <>
        <PageHeader title="Org-wide Updates" />
        <Alert color="gray" variant="light">
          Only administrators of the organisation can make org-wide updates.
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Org-wide Updates"
        description="Apply a setting to every data source of the organisation at once."
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section
          title="Consumption alerts"
          description="Sets the consumption alert on every data source without one."
        >
          <Stack gap="sm">
            <Select
              label="Alert when consumption is"
              data={DIFFER_OPTIONS}
              value={differ}
              onChange={setDiffer}
              allowDeselect={false}
            />
            <Group grow align="flex-start">
              <NumberInput
                label="Percentage"
                suffix="%"
                allowDecimal={false}
                min={0}
                value={perc ?? ''}
                onChange={(v) => setPerc(num(v))}
              />
              <NumberInput
                label="Absolute difference"
                allowDecimal={false}
                min={0}
                value={abs ?? ''}
                onChange={(v) => setAbs(num(v))}
              />
            </Group>
            <Checkbox
              label="Also replace the alerts data sources already have"
              checked={override}
              onChange={(e) => setOverride(e.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button
                loading={running === 'consumption'}
                onClick={() =>
                  run({
                    kind: 'consumption',
                    body: { alertDiffer: Number(differ ?? 1), alertPerc: perc, absAlert: abs },
                    override,
                  })
                }
              >
                Update Consumption Alerts
              </Button>
            </Group>
          </Stack>
        </Section>
        <Section title="Tariff alerts" description="Sets the tariff alert on every data source without one.">
          <Stack gap="sm">
            <Group grow align="flex-start">
              <NumberInput
                label="Relative alert"
                min={0}
                value={rel ?? ''}
                onChange={(v) => setRel(num(v))}
              />
              <NumberInput
                label="Absolute alert"
                min={0}
                value={tariffAbs ?? ''}
                onChange={(v) => setTariffAbs(num(v))}
              />
              <NumberInput label="Rate alert" min={0} value={rate ?? ''} onChange={(v) => setRate(num(v))} />
            </Group>
            <Group justify="flex-end">
              <Button
                loading={running === 'tariff'}
                onClick={() =>
                  run({ kind: 'tariff', body: { relAlert: rel, absAlert: tariffAbs, rateAlert: rate } })
                }
              >
                Update Tariff Alerts
              </Button>
            </Group>
          </Stack>
        </Section>
        <Section
          title="Meter identifiers"
          description="Gives every data source without a value for the identifier its account (ICP) or meter number."
        >
          <Stack gap="sm">
            <Select
              label="Identifier"
              placeholder={labels.data?.length === 0 ? 'No identifiers yet' : 'Choose an identifier'}
              data={(labels.data ?? []).map((l) => ({
                value: String(l.identifierId),
                label: l.identifierLabel,
              }))}
              value={labelId}
              onChange={setLabelId}
              searchable
            />
            <Group justify="flex-end">
              <Button
                loading={running === 'identifiers'}
                disabled={labelId === null}
                onClick={() => labelId && run({ kind: 'identifiers', labelId: Number(labelId) })}
              >
                Update Meter Identifiers
              </Button>
            </Group>
          </Stack>
        </Section>
        <Section title="Retailers" description="Moves every data source of one retailer to another.">
          <Stack gap="sm">
            <Group grow align="flex-start">
              <Select
                label="From retailer"
                data={retailerOptions}
                value={from}
                onChange={setFrom}
                searchable
              />
              <Select label="To retailer" data={retailerOptions} value={to} onChange={setTo} searchable />
            </Group>
            <Group justify="flex-end">
              <Button
                loading={running === 'retailers'}
                disabled={from === null || to === null}
                onClick={() => from && to && run({ kind: 'retailers', from: Number(from), to: Number(to) })}
              >
                Replace Retailer
              </Button>
            </Group>
          </Stack>
        </Section>
      </SimpleGrid>
    </>
  );
}
