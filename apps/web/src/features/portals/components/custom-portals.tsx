import { Anchor, Button, Group, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { EmptyRow, QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useOrganisationId } from '../../../lib/session-store';
import { useAddCustomPortal, useCustomPortals } from '../api';

/** Custom Portals (data-portal.md 2.9): name and link; administrators add them. */
export function CustomPortals() {
  const organisationId = useOrganisationId();
  const list = useCustomPortals(organisationId);
  const add = useAddCustomPortal();
  const [name, setName] = useState('');
  const [link, setLink] = useState('');
  return (
    <QueryState query={list}>
      {(data) => (
        <>
          <Table aria-label="Custom portals" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Link</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.portals.length === 0 && <EmptyRow cols={2} text="No custom portals yet." />}
              {data.portals.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>
                    <Anchor href={p.link} target="_blank" rel="noopener noreferrer">
                      {p.link}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {data.mayEdit && organisationId && (
            <Group align="flex-end" mt="md">
              <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
              <TextInput label="Link" value={link} onChange={(e) => setLink(e.currentTarget.value)} w={320} />
              <Button
                disabled={!name.trim() || !link.trim()}
                loading={add.isPending}
                onClick={() =>
                  add.mutate(
                    { id: organisationId, name: name.trim(), link: link.trim() },
                    {
                      onSuccess: (a) => {
                        showSuccessBanner(a.message);
                        setName('');
                        setLink('');
                      },
                      onError: (e) => showErrorBanner(errorMessage(e)),
                    },
                  )
                }
              >
                Add
              </Button>
            </Group>
          )}
        </>
      )}
    </QueryState>
  );
}
