import { Anchor, Kbd, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { HELP_TOPICS, type HelpTopic } from '@verdant/domain/help';
import { MSG } from '@verdant/domain/messages';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Whether every word typed is somewhere in the topic (its title, summary, text or keywords). */
function matches(topic: HelpTopic, query: string): boolean {
  const haystack = [topic.title, topic.summary, ...topic.text, ...topic.keywords].join(' ').toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * /help (core-portal.md 2, Shell): what each area of the portal does and where it is, the demo accounts, and
 * where to ask. The topics are searchable here and from the full menu (docs/decisions/web-ui.md, The help
 * page); `/help#{topic}` opens at a topic.
 */
export function HelpPage() {
  useDocumentTitle('Help');
  const { hash } = useLocation();
  const [query, setQuery] = useState('');
  const shown = HELP_TOPICS.filter((t) => matches(t, query));

  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (id) document.getElementById(`help-${id}`)?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <>
      <PageHeader
        title="Help"
        description={
          <>
            What each part of the portal does, the demo accounts and where to ask. The full menu (
            <Kbd size="xs">Ctrl</Kbd> <Kbd size="xs">K</Kbd>) finds these topics too.
          </>
        }
      />
      <TextInput
        label="Search the help"
        placeholder="invoice, half hour, password…"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        maw={420}
        mb="lg"
      />
      {shown.length === 0 ? (
        <Text c="dimmed">{MSG.noResults}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {shown.map((topic) => (
            <Paper
              key={topic.id}
              id={`help-${topic.id}`}
              component="section"
              aria-labelledby={`help-${topic.id}-title`}
              withBorder
              radius="md"
              p="lg"
              style={{ scrollMarginTop: 120 }}
            >
              <Stack gap="xs">
                <Title order={2} fz="lg" id={`help-${topic.id}-title`}>
                  {topic.title}
                </Title>
                {topic.text.map((paragraph) => (
                  <Text key={paragraph.slice(0, 40)} fz="sm">
                    {paragraph}
                  </Text>
                ))}
                {topic.path && (
                  <Anchor component={Link} to={topic.path} fz="sm">
                    {topic.linkLabel ?? `Open ${topic.title}`}
                  </Anchor>
                )}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
