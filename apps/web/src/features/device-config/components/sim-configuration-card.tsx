import type { SimConfiguration } from '@aerie/contract';
import { Text } from '@mantine/core';
import { Field, FieldList, OptionalValue, OverviewCard } from '../../devices';
import { configMessages } from '../messages';

const texts = configMessages.sim;
const FIELDS = Object.keys(texts.labels) as (keyof typeof texts.labels)[];

export interface SimConfigurationCardProps {
  sim: SimConfiguration | null;
}

/** The SIM Configuration card (spec 001 §2, §3 "SIM configuration"): read-only. */
export function SimConfigurationCard({ sim }: SimConfigurationCardProps) {
  return (
    <OverviewCard title={texts.title} testId="sim-configuration-card">
      {sim ? (
        <FieldList>
          {FIELDS.map((key) => (
            <Field key={key} label={texts.labels[key]}>
              <OptionalValue value={sim[key]} />
            </Field>
          ))}
        </FieldList>
      ) : (
        <Text c="dimmed" size="sm">
          {texts.empty}
        </Text>
      )}
    </OverviewCard>
  );
}
