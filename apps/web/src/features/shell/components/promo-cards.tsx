import { Anchor, Card, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { routePath } from '../../../lib/route-paths';
import { shellPageMessages } from '../messages';
import classes from './home.module.css';

const m = shellPageMessages.home;

/** Spec 002 §2: shown when the user's account has configuratorVisible. */
export function PricingCard() {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="configurator-pricing">
      <Title order={2} size="h4" mb={6}>
        {m.pricingTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {m.pricingText}
      </Text>
      <Anchor
        size="sm"
        fw={500}
        renderRoot={(props) => <Link {...props} to={routePath('configurator')} />}
      >
        {m.pricingLink}
      </Anchor>
    </Card>
  );
}

/** The home page's marketing box (spec 002 §2). */
export function MarketingBox() {
  return (
    <Card padding="lg" radius="md" className={classes.marketing} data-testid="marketing-box">
      <Title order={2} size="h4" mb={6}>
        {m.marketing.title}
      </Title>
      <Text size="sm" mb="sm">
        {m.marketing.text}
      </Text>
      <Anchor
        size="sm"
        fw={600}
        className={classes.marketingLink}
        renderRoot={(props) => <Link {...props} to={routePath('resources')} />}
      >
        {m.marketing.link}
      </Anchor>
    </Card>
  );
}
