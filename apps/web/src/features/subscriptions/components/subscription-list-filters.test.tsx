// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import {
  defaultSubscriptionListView,
  type SubscriptionListView,
} from '../utils/subscription-list-view';
import { SubscriptionListFilters } from './subscription-list-filters';

afterEach(cleanup);

/** The filters with a view that only a button changes: the address, changed from elsewhere. */
function Harness({ onChange }: { onChange: () => void }) {
  const [view, setView] = useState<SubscriptionListView>(defaultSubscriptionListView);
  return (
    <>
      <button
        type="button"
        onClick={() => setView((v) => ({ ...v, usage: v.usage === null ? 'over80' : null }))}
      >
        back
      </button>
      <SubscriptionListFilters view={view} onChange={onChange} accounts={[]} />
    </>
  );
}

describe('the subscriptions list filters', () => {
  it('tick the usage box at the click, before the address follows, and follow the address when it changes', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'Over 80% of data this month',
    });
    expect(box.checked).toBe(false);

    fireEvent.click(box);
    // The view (the address) has not changed yet: the box shows the click all the same.
    expect(box.checked).toBe(true);
    expect(onChange).toHaveBeenCalledWith({ usage: 'over80' });

    // The address changes from elsewhere (the back button): the box follows it.
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(box.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(box.checked).toBe(false);
  });
});
