import { Badge, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { TemplateTrial } from '@verdant/contracts/email-processing/templates';
import { useState } from 'react';
import { EmptyRow } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { ScrollText } from '../../../components/scroll-text';
import { FoundFields } from './original-beside-extracted';

/** The retailer's parked items read with the template: whether each reads, and a sample's text and finds. */
export function TemplateTrials({ trials }: { trials: TemplateTrial[] }) {
  const [chosen, setChosen] = useState<string | null>(null);
  // The retailer's own items first: those no template recognised may be another retailer's.
  const sample =
    trials.find((t) => t.file === chosen) ??
    trials.find((t) => t.reasonCode !== 'unknown-retailer') ??
    trials[0];
  return (
    <Stack gap="md">
      <Paper withBorder radius="md">
        <ScrollTable label="Parked items of this retailer" minWidth={600}>
          <Table verticalSpacing="xs" data-testid="template-trials">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Parked item</Table.Th>
                <Table.Th>Parked as</Table.Th>
                <Table.Th>With this template</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trials.length === 0 && <EmptyRow cols={3} text="No parked items of this retailer." />}
              {trials.map((t) => (
                <Table.Tr key={t.file}>
                  <Table.Td>{t.filename}</Table.Td>
                  <Table.Td>{t.reasonCode ?? ''}</Table.Td>
                  <Table.Td>
                    {t.reads ? (
                      <Badge color="green">Reads</Badge>
                    ) : (
                      <Text fz="sm" c="red">
                        {t.totalsAddUp === false
                          ? 'Totals do not add up'
                          : `Not found: ${t.missing.join(', ') || 'no text'}`}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      {sample?.extracted && (
        <Paper withBorder radius="md" p="sm">
          <Title order={3} fz="md" mb="xs">
            Sample
          </Title>
          <Select
            label="Parked item"
            data={trials.map((t) => ({ value: t.file, label: t.filename }))}
            value={sample.file}
            onChange={setChosen}
            allowDeselect={false}
            mb="sm"
            maw={360}
          />
          <Text fz="sm" fw={500}>
            What each pattern finds
          </Text>
          <FoundFields extracted={sample.extracted} />
          <Text fz="sm" fw={500} mt="sm">
            Extracted text
          </Text>
          <ScrollText label="Extracted text" maxHeight={300} data-testid="sample-text">
            {sample.extracted.text}
          </ScrollText>
        </Paper>
      )}
    </Stack>
  );
}
