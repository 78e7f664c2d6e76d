import { Badge, Button, CloseButton, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';

interface Named {
  id: number;
  name: string;
}

/**
 * The groups an asset (a site, a data source) belongs to: a badge for each, with a Leave button for editors,
 * and a choice of the other groups to join.
 */
export function GroupMemberships({
  joined,
  available,
  mayEdit,
  busy,
  emptyText,
  joinLabel,
  onChange,
}: {
  joined: Named[];
  available: Named[];
  mayEdit: boolean;
  busy: boolean;
  emptyText: string;
  joinLabel: string;
  onChange: (groupId: number, join: boolean) => void;
}) {
  const [choice, setChoice] = useState<string | null>(null);
  const joinedIds = new Set(joined.map((g) => g.id));
  const options = available.filter((g) => !joinedIds.has(g.id));
  return (
    <Stack gap="sm">
      {joined.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {emptyText}
        </Text>
      ) : (
        <Group gap="xs">
          {joined.map((g) => (
            <Badge
              key={g.id}
              size="lg"
              variant="light"
              rightSection={
                mayEdit ? (
                  <CloseButton
                    size="xs"
                    aria-label={`Leave ${g.name}`}
                    onClick={() => onChange(g.id, false)}
                  />
                ) : null
              }
            >
              {g.name}
            </Badge>
          ))}
        </Group>
      )}
      {mayEdit && options.length > 0 && (
        <Group align="flex-end">
          <Select
            label={joinLabel}
            data={options.map((g) => ({ value: String(g.id), label: g.name }))}
            value={choice}
            onChange={setChoice}
            w={260}
            maw="100%"
          />
          <Button
            disabled={choice === null}
            loading={busy}
            onClick={() => {
              if (choice) onChange(Number(choice), true);
              setChoice(null);
            }}
          >
            Join
          </Button>
        </Group>
      )}
    </Stack>
  );
}
