import { Stack } from '@mantine/core';
import { MarketingBox, PricingCard } from './promo-cards';
import { RecentDevicesCard } from './recent-devices-card';

export interface HomeSideColumnProps {
  /** The account has configuratorVisible: show the pricing link (spec 002 §2). */
  configuratorVisible: boolean;
}

/** Recent devices, the configurator pricing link and the marketing box (spec 002 §2 "Home"). */
export function HomeSideColumn({ configuratorVisible }: HomeSideColumnProps) {
  return (
    <Stack gap="lg">
      <RecentDevicesCard />
      {configuratorVisible ? <PricingCard /> : null}
      <MarketingBox />
    </Stack>
  );
}
