import { CloseButton, Paper } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useMe } from '../../features/users';
import { shellMessages } from '../messages';
import { detailPaneOffset } from '../../lib/route-paths';
import classes from './detail-pane.module.css';

export interface DetailPaneProps {
  /** Where closing the pane goes: the page under it. */
  closeTo: string;
  children: ReactNode;
}

/**
 * The detail pane (spec 000 §2.2): covers the page from the left offset of spec 000 §9
 * (190/52 full width with the menu expanded/collapsed, 605/467 compact) to the right edge.
 */
export function DetailPane({ closeTo, children }: DetailPaneProps) {
  const router = useRouter();
  const { data: me } = useMe({ enabled: false });
  const offset = detailPaneOffset(me?.settings ?? { detailFullWidth: true, menuCollapsed: false });
  return (
    <Paper
      component="section"
      shadow="lg"
      className={classes.pane}
      style={{ '--aerie-detail-offset': `${offset}px` }}
      aria-label={shellMessages.detailPane}
      data-testid="detail-pane"
      data-offset={offset}
    >
      <CloseButton
        className={classes.close}
        aria-label={shellMessages.closeDetail}
        onClick={() => router.history.push(closeTo)}
      />
      <div className={classes.body}>{children}</div>
    </Paper>
  );
}
