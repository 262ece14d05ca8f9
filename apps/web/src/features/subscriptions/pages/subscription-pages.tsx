import { Stack, Title } from '@mantine/core';
import { JsonTree } from '../../../components/json/json-tree';
import { SubscriptionFrame } from '../components/subscription-frame';
import { SubscriptionOverview } from '../components/subscription-overview';
import { useMe } from '../../users';
import { subscriptionMessages } from '../messages';

// Each tab of the subscription detail is its own route (spec 001 §2), shown in the detail pane.
export function SubscriptionOverviewPage() {
  const { data: me } = useMe({ enabled: false });
  return (
    <SubscriptionFrame section="overview">
      {(subscription) =>
        me ? <SubscriptionOverview subscription={subscription} role={me.role} /> : null
      }
    </SubscriptionFrame>
  );
}

/** The JSON tab (Super User and the brand Admin): the subscription as the API answers it. */
export function SubscriptionJsonPage() {
  return (
    <SubscriptionFrame section="json">
      {(subscription) => (
        <Stack gap="lg">
          <JsonTree
            value={subscription}
            label={subscriptionMessages.json.title}
            testId="subscription-json"
            heading={
              <Title order={2} size="h4">
                {subscriptionMessages.json.title}
              </Title>
            }
          />
        </Stack>
      )}
    </SubscriptionFrame>
  );
}
