import { Button, Checkbox, Group, ScrollArea, Stack, Text } from '@mantine/core';

/** The parts a split graph shows, each ticked to include it, with Select all and Select none. */
export function PartList({
  names,
  excluded,
  hidden,
  onChange,
}: {
  names: string[];
  excluded: Set<string>;
  hidden: number;
  onChange: (excluded: Set<string>) => void;
}) {
  if (names.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        Nothing to split into.
      </Text>
    );
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button size="compact-xs" variant="subtle" onClick={() => onChange(new Set())}>
          Select all
        </Button>
        <Button size="compact-xs" variant="subtle" onClick={() => onChange(new Set(names))}>
          Select none
        </Button>
      </Group>
      <ScrollArea.Autosize mah={180} type="auto">
        <Stack gap={4} role="group" aria-label="Parts to include">
          {names.map((name) => (
            <Checkbox
              key={name}
              size="xs"
              label={name}
              checked={!excluded.has(name)}
              onChange={(e) => {
                const next = new Set(excluded);
                if (e.currentTarget.checked) next.delete(name);
                else next.add(name);
                onChange(next);
              }}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {hidden > 0 && <Text fz="xs" c="dimmed">{`${hidden} more you may not see are left out.`}</Text>}
    </Stack>
  );
}
