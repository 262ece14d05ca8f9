import type { Component } from '@aerie/contract';
import { Table, Text } from '@mantine/core';
import { deviceMessages } from '../../messages';
import { OverviewCard } from './overview-card';

const texts = deviceMessages.overview.components;

export interface ComponentsCardProps {
  components: readonly Component[];
}

/** The device's components (spec 001 §3 "Component"), or the spec's empty text. */
export function ComponentsCard({ components }: ComponentsCardProps) {
  return (
    <OverviewCard title={texts.title} testId="components-card">
      {components.length === 0 ? (
        <Text c="dimmed" size="sm">
          {texts.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{texts.type}</Table.Th>
                <Table.Th scope="col">{texts.model}</Table.Th>
                <Table.Th scope="col">{texts.serial}</Table.Th>
                <Table.Th scope="col">{texts.assetId}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {components.map((c) => (
                <Table.Tr key={`${c.type}:${c.serial}`}>
                  <Table.Td>{c.type}</Table.Td>
                  <Table.Td>{c.model ?? deviceMessages.notAvailable}</Table.Td>
                  <Table.Td ff="monospace">{c.serial}</Table.Td>
                  <Table.Td>{c.assetId ?? deviceMessages.notAvailable}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </OverviewCard>
  );
}
