import { Box, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconChartLine, IconLeaf, IconTargetArrow } from '@tabler/icons-react';
import classes from './login-layout.module.css';

const POINTS = [
  { icon: IconBolt, text: 'Energy, water and fuel from every site and meter in one ledger' },
  { icon: IconLeaf, text: 'Scope 1, 2 and 3 emissions from the same figures' },
  { icon: IconTargetArrow, text: 'Targets, alerts and reports your board can trust' },
];

export function BrandPanel() {
  return (
    <Box component="aside" className={classes.brand} aria-label="About Verdant">
      <Group gap="sm">
        <ThemeIcon size={44} radius="md" variant="white" color="verdant" aria-hidden>
          <IconLeaf size={26} stroke={2} />
        </ThemeIcon>
        <Text component="span" fz={28} fw={750} c="white" lts={-0.5}>
          Verdant
        </Text>
      </Group>
      <Stack gap="xl" className={classes.brandBody}>
        <Title order={2} c="white" fz={30} lh={1.2} fw={650}>
          Energy and carbon, measured and managed.
        </Title>
        <List spacing="md" c="verdant.0" center>
          {POINTS.map(({ icon: Icon, text }) => (
            <List.Item
              key={text}
              icon={
                <ThemeIcon size={28} radius="xl" color="rgba(255,255,255,0.14)" aria-hidden>
                  <Icon size={16} />
                </ThemeIcon>
              }
            >
              {text}
            </List.Item>
          ))}
        </List>
      </Stack>
      <Group gap={6} c="verdant.1">
        <IconChartLine size={16} aria-hidden />
        <Text fz="sm">Energy and carbon management portal</Text>
      </Group>
    </Box>
  );
}
