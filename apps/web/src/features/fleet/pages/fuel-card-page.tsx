import { Anchor, Center, Loader, Stack, Table, Tabs, Text } from '@mantine/core';
import { formatDisplayDate } from '@verdant/domain/dates';
import { formatMonth } from '@verdant/domain/month-labels';
import { columnScale, formatMoney, formatNumber } from '@verdant/domain/unit-scaling';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { FactorEditionsNote } from '../../../components/factor-editions-note';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PurchaseFigureCells } from '../components/purchase-cells';
import { useFuelCard } from '../fuel-card-api';

/**
 * /fleet/fuelcards/{id} (Overview: monthly litres, cost and emissions; Purchases) and /fleet/incorrect_fuels/{id}
 * (the card's unexpected purchases, with their registrations).
 */
export function FuelCardPage() {
  const params = useParams();
  const id = Number(params.id);
  const incorrect = useLocation().pathname.startsWith('/fleet/incorrect_fuels/');
  const base = incorrect ? `/fleet/incorrect_fuels/${id}` : `/fleet/fuelcards/${id}`;
  const tab = params.tab === 'fuel' ? 'fuel' : 'overview';
  const navigate = useNavigate();
  const card = useFuelCard(id, incorrect);
  useDocumentTitle(card.data?.name ?? 'Fuel card');
  if (card.isPending)
    return (
      <Center h={200}>
        <Loader aria-label="Loading fuel card" />
      </Center>
    );
  if (card.isError) return <NotFoundPage />;
  const c = card.data;
  const emissions = columnScale(
    c.monthly.map((m) => m.co2e),
    'kg CO2e',
  );
  return (
    <>
      <PageHeader
        title={incorrect ? `Unexpected fuel purchases: ${c.name}` : c.name}
        description={`${c.fuel} card at ${c.site}`}
      />
      <Tabs value={tab} onChange={(t) => navigate(t === 'fuel' ? `${base}/fuel` : base)}>
        <Tabs.List aria-label="Fuel card sections" mb="md">
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="fuel">Purchases</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          {/* Four short columns fit a phone: no sideways scroll. */}
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="xs" aria-label="Monthly litres, cost and emissions" maw={640}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th ta="right">Litres</Table.Th>
                  <Table.Th ta="right">Cost</Table.Th>
                  <Table.Th ta="right">{`Emissions (${emissions.unit})`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...c.monthly].reverse().map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Td>
                      {formatMonth(m.month)}
                      {m.toDate && (
                        <Text span fz="xs" ml={4}>
                          (to date)
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(Math.round(m.litres))}</Table.Td>
                    <Table.Td ta="right">{formatMoney(m.cost)}</Table.Td>
                    <Table.Td ta="right">{emissions.format(m.co2e)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {c.monthly.length === 0 ? (
            <Text c="dimmed">No results</Text>
          ) : (
            <FactorEditionsNote editions={c.editions} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="fuel">
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" aria-label="Purchases">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Time</Table.Th>
                    <Table.Th>Registration</Table.Th>
                    <Table.Th ta="right">Odometer</Table.Th>
                    <Table.Th ta="right">Quantity</Table.Th>
                    <Table.Th ta="right">Per Litre</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                    <Table.Th>Fuel</Table.Th>
                    <Table.Th w={32} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {c.purchases.map((p) => (
                    <Table.Tr key={p.readingId}>
                      <Table.Td>{formatDisplayDate(p.date)}</Table.Td>
                      <Table.Td>{p.time ?? ''}</Table.Td>
                      <Table.Td>{p.registration ?? ''}</Table.Td>
                      <Table.Td ta="right">{p.odo < 0 ? '' : formatNumber(p.odo)}</Table.Td>
                      <PurchaseFigureCells p={p} incorrectLabel="Incorrect fuel for this vehicle" />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {c.purchases.length === 0 && <Text c="dimmed">No results</Text>}
            {!incorrect && c.purchases.some((p) => p.incorrectFuel) && (
              <Anchor component={Link} to={`/fleet/incorrect_fuels/${id}/fuel`} fz="sm">
                Unexpected fuel purchases on this card
              </Anchor>
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
