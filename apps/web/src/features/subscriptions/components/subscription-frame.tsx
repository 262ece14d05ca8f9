import type { Subscription } from '@aerie/contract';
import { Group, Text } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useDeferredValue, type ReactNode } from 'react';
import {
  DetailFrame,
  DetailLoadState,
  type DetailTab,
} from '../../../components/detail-frame/detail-frame';
import { useDetailPaneShown } from '../../../lib/detail-pane-shown';
import { usePageTitle } from '../../../lib/page-title';
import { PinSlot } from '../../../lib/pin-slot';
import { useSubscription } from '../api/get-subscription';
import { subscriptionMessages as m } from '../messages';

export type SubscriptionSection = keyof typeof m.sections;

/** The tabs of the subscription detail (spec 001 §2); JSON: Super User and the brand Admin. */
const subscriptionTabs: readonly DetailTab<SubscriptionSection>[] = [
  { section: 'overview', route: 'subscription2Overview', label: m.sections.overview },
  { section: 'json', route: 'subscription2Json', label: m.sections.json },
];

export interface SubscriptionFrameProps {
  section: SubscriptionSection;
  children: (subscription: Subscription) => ReactNode;
}

/**
 * The subscription detail (spec 001 §2) in the detail pane over the list: the description as
 * the header, the tabs, the page title '{description} / {section}'. The pane's close button
 * goes back to the list (ctrl-click: and refreshes it).
 */
export function SubscriptionFrame({ section, children }: SubscriptionFrameProps) {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const query = useSubscription(params['id'] ?? '');
  // The cards render in a transition, in slices that yield to the browser.
  const subscription = useDeferredValue(query.data);

  usePageTitle(query.data ? `${query.data.description} / ${m.sections[section]}` : null);
  useDetailPaneShown(subscription !== undefined || query.error !== null);

  if (!subscription)
    return (
      <DetailLoadState
        error={query.error}
        loadingLabel={m.loading}
        notFound={m.notFound}
        loadFailed={m.loadFailed}
      />
    );
  return (
    <DetailFrame
      title={subscription.description}
      aside={
        <Group gap="sm" wrap="nowrap">
          <Text c="dimmed" size="sm">
            {subscription.productCode}
          </Text>
          <PinSlot
            entityType="subscription"
            entityId={subscription.id}
            name={subscription.description}
          />
        </Group>
      }
      itemId={subscription.id}
      section={section}
      tabs={subscriptionTabs}
      tabsLabel={m.tabsLabel}
    >
      {children(subscription)}
    </DetailFrame>
  );
}
