// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { InSlices } from './in-slices';

describe('InSlices', () => {
  it('commits first without its children, then with them', async () => {
    const atFirstCommit: boolean[] = [];
    /** Records, at the first commit, whether the children were in the document. */
    function Witness() {
      useLayoutEffect(() => {
        atFirstCommit.push(document.body.textContent?.includes('the page') ?? false);
      }, []);
      return null;
    }
    await act(async () => {
      render(
        <>
          <InSlices>
            <p>the page</p>
          </InSlices>
          <Witness />
        </>,
      );
    });
    expect(atFirstCommit).toEqual([false]);
    expect(screen.getByText('the page')).toBeDefined();
  });
});
