import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { CompPage, CompPageClass } from '@verdant/domain/reports/comp-report';
import { useState } from 'react';
import { ParameterField } from './comp-page-card';

/** Adds a page: its class, then each of its parameters; Add only once every one is chosen (data-portal.md 5). */
export function CompAddPage({
  classes,
  onAdd,
}: {
  classes: CompPageClass[];
  onAdd: (page: CompPage) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const pageClass = classes.find((c) => c.pageClass === chosen);
  const complete = pageClass?.parameters.every((p) => (values[p.name] ?? '') !== '');
  const add = () => {
    if (!pageClass || !complete) return;
    onAdd({ pageClass: pageClass.pageClass, parameters: { ...values } });
    setChosen(null);
    setValues({});
  };
  return (
    <Paper withBorder p="sm">
      <Stack gap="sm">
        <Text fw={600}>Add a page</Text>
        <Group gap="sm" align="flex-start">
          <Select
            label="Page"
            placeholder="Choose a page"
            data={classes.map((c) => ({ value: c.pageClass, label: c.name }))}
            value={chosen}
            onChange={(v) => {
              setChosen(v);
              setValues({});
            }}
            w={{ base: '100%', sm: 300 }}
          />
          {pageClass?.parameters.map((p) => (
            <ParameterField
              key={p.name}
              parameter={p}
              label={p.label}
              value={values[p.name] ?? ''}
              onChange={(v) => setValues((old) => ({ ...old, [p.name]: v }))}
            />
          ))}
        </Group>
        {pageClass && (
          <Text c="dimmed" fz="sm">
            {pageClass.description}
          </Text>
        )}
        <Group>
          <Button leftSection={<IconPlus size={16} />} variant="light" disabled={!complete} onClick={add}>
            Add page
          </Button>
          {pageClass && !complete && (
            <Text c="dimmed" fz="sm">
              Choose every parameter to add the page.
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
