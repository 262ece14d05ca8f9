import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { deviceMessages } from '../../messages';
import classes from './overview.module.css';

export interface OverviewCardProps {
  title: string;
  /** Buttons or links beside the title. */
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** 'danger' draws the card in red (the JSON tab's Danger Zone). */
  tone?: 'default' | 'danger';
  /** Takes the height left in its column of the overview (see overview.module.css). */
  grow?: boolean;
}

/** One card of the device overview: a titled, labelled region. */
export function OverviewCard({
  title,
  actions,
  children,
  testId,
  tone = 'default',
  grow = false,
}: OverviewCardProps) {
  const titleId = useId();
  return (
    <Card
      component="section"
      withBorder
      radius="md"
      padding="lg"
      className={classes.card}
      aria-labelledby={titleId}
      data-testid={testId}
      data-tone={tone}
      data-grow={grow || undefined}
    >
      <Group justify="space-between" align="center" mb="md" gap="xs" wrap="nowrap">
        <Title order={2} size="h4" id={titleId} {...(tone === 'danger' ? { c: 'red.9' } : {})}>
          {title}
        </Title>
        {actions ? (
          <Group gap="xs" wrap="nowrap">
            {actions}
          </Group>
        ) : null}
      </Group>
      {children}
    </Card>
  );
}

export interface FieldProps {
  label: string;
  children: ReactNode;
}

/** A label and its value inside a {@link FieldList}. */
export function Field({ label, children }: FieldProps) {
  return (
    <div className={classes.field}>
      <dt className={classes.label}>{label}</dt>
      <dd className={classes.value}>{children}</dd>
    </div>
  );
}

/** Label-value pairs as a description list, two columns where the card is wide enough. */
export function FieldList({ children }: { children: ReactNode }) {
  return <dl className={classes.fields}>{children}</dl>;
}

export interface OptionalValueProps {
  value: string | null | undefined;
  /** Shown dimmed when there is no value; 'N/A' unless told. */
  placeholder?: string;
}

/** A value, or a dimmed placeholder when it is missing. */
export function OptionalValue({
  value,
  placeholder = deviceMessages.notAvailable,
}: OptionalValueProps) {
  return value ? (
    <>{value}</>
  ) : (
    <Text span size="sm" c="dimmed">
      {placeholder}
    </Text>
  );
}

/** YES on green or NO on grey (an active subscription), at WCAG AA contrast in both schemes. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge
      color={active ? 'green' : 'gray'}
      // Mantine's green text on its light green falls under WCAG AA in both schemes.
      {...(active
        ? {
            className: classes.activeBadge,
            // Mantine sets the badge's colour inline: it takes the class's colour.
            style: { '--badge-color': 'var(--aerie-active-badge-color)' },
          }
        : {})}
      variant="light"
      radius="sm"
    >
      {active ? deviceMessages.yes : deviceMessages.no}
    </Badge>
  );
}
