import { Button, Modal } from '@mantine/core';
import { Suspense, useState } from 'react';
import { Icon } from '../../../components/ui/icons';
import { lazyComponent } from '../../../lib/lazy-component';
import { subscriptionMessages } from '../messages';
import type { SubscriptionListAccount } from './subscription-list-filters';

const c = subscriptionMessages.createForm;

/** The form loads when the button is first used: a chunk of its own. */
const CreateForm = lazyComponent(() =>
  import('./create-subscription-form').then((module) => module.CreateForm),
);

/** New subscription (provider staff): account, product, dates; then its page opens. */
export function CreateSubscriptionButton({
  accounts,
}: {
  accounts: readonly SubscriptionListAccount[];
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<Icon name="plus" size={16} />}
        onClick={() => setOpened(true)}
      >
        {c.open}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={c.title} centered size="lg">
        {opened ? (
          <Suspense fallback={null}>
            <CreateForm accounts={accounts} onClose={() => setOpened(false)} />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
